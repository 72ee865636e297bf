import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

type VerseFigureProps = {
  text: string;
  reference: string;
  /** The translation `text` is in; named after the reference, e.g. '(WEB)' (decision 015). */
  translation: TranslationId;
  /** Where the figure sits in its card (margins, width). */
  className?: string;
};

/** A verse set large in the serif, with its reference and translation, '(KJV)', under it. */
export function VerseFigure({ text, reference, translation, className }: VerseFigureProps) {
  return (
    <figure className={className}>
      <blockquote className="font-serif text-2xl leading-relaxed text-balance sm:text-3xl sm:leading-snug">
        <p>&ldquo;{text}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-5 font-semibold tracking-wide text-primary">
        {displayReference(reference)}{' '}
        <span className="text-xs font-medium">({translationAbbreviation(translation)})</span>
      </figcaption>
    </figure>
  );
}
