import { usePassage } from '#client/api/passages.ts';
import { cn } from '#client/lib/cn.ts';
import { translationAbbreviation, useDeviceTranslation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/display-reference.ts';
import { quotationRuns } from '#shared/bible/quotation-runs.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

/**
 * A quotation taken from the Bible data on the server (never retyped), with the translators'
 * supplied words in italics, in the translation this device reads in (decision 015; a page drawn in
 * advance has the KJV until the app starts). Reserves its space while loading so the page does
 * not jump.
 */
export function ScriptureQuote({
  reference,
  translation,
  className,
  textClassName,
}: {
  reference: string;
  /** The translation to quote; by default the one this device reads in. */
  translation?: TranslationId;
  className?: string;
  textClassName?: string;
}) {
  // The device's copy, not the member's settings: the footer shows this on every screen and
  // should not ask for settings there (the copy follows them wherever a verse screen opens).
  const deviceTranslation = useDeviceTranslation();
  const shown = translation ?? deviceTranslation;
  const { data, isError } = usePassage(reference, shown);
  return (
    <figure className={className}>
      <blockquote className={cn('font-serif', textClassName)}>
        {data ? (
          <p>
            &ldquo;
            {data.verses.map((verse, index) => (
              <span key={verse.verse}>
                {index > 0 ? ' ' : null}
                {quotationRuns(verse.segments).map((segment, i) =>
                  segment.italic ? (
                    <em key={i}>{segment.text}</em>
                  ) : (
                    <span key={i}>{segment.text}</span>
                  ),
                )}
              </span>
            ))}
            &rdquo;
          </p>
        ) : (
          <p className="animate-pulse text-transparent select-none" aria-hidden={!isError}>
            {isError ? '' : 'Loading scripture…'}
          </p>
        )}
      </blockquote>
      <figcaption className="mt-3 text-sm font-medium tracking-wide">
        {displayReference(data?.reference ?? reference)}{' '}
        <span className="text-xs">({translationAbbreviation(data?.translation ?? shown)})</span>
      </figcaption>
    </figure>
  );
}
