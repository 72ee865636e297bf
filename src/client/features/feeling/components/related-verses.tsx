import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useMoodSuggestions } from '#client/api/verses.ts';
import { pickSuggestions, readerHref } from '#client/features/feeling/lib/feeling-verse.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { Mood } from '#shared/mood/moods.ts';

type RelatedVersesProps = {
  mood: Mood;
  /** The verse on the card, never suggested again beside it. */
  shownReference: string;
  /** The person's translation: the suggestions are in it, and open the reader in it. */
  translation: TranslationId;
};

/**
 * 'More verses for this feeling': three of the verses chosen for the mood (where the spec fired
 * a lookup and discarded it). Quietly absent on an error.
 */
export function RelatedVerses({ mood, shownReference, translation }: RelatedVersesProps) {
  const id = useId();
  const suggestions = useMoodSuggestions(mood, translation);
  const verses = suggestions.data?.verses;
  // What the verses shown are in: the answer's, or the one asked for while it comes.
  const shownTranslation = suggestions.data?.translation ?? translation;
  // Drawn once per verse shown, so a re-render never shuffles what the person is reading.
  const results = useMemo(
    () => (verses ? pickSuggestions(verses, shownReference) : []),
    [verses, shownReference],
  );
  if (suggestions.isError || (suggestions.isSuccess && results.length === 0)) return null;

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={suggestions.isPending} className="mt-10">
      <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
        More verses for this feeling
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Chosen from the {translationInfo(shownTranslation).name} for when you feel {mood}.
      </p>
      {suggestions.isPending ? (
        <ul className="mt-5 grid gap-4 md:grid-cols-3" aria-label="Loading verses">
          {[0, 1, 2].map((index) => (
            <li
              key={index}
              className="space-y-3 rounded-2xl border border-border bg-card p-5 shadow-xs"
            >
              <span className="block h-4 w-24 animate-pulse rounded bg-muted" />
              <span className="block h-3 w-full animate-pulse rounded bg-muted" />
              <span className="block h-3 w-full animate-pulse rounded bg-muted" />
              <span className="block h-3 w-2/3 animate-pulse rounded bg-muted" />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {results.map((result) => (
            <li
              key={result.reference}
              className="flex flex-col rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs"
            >
              <Link
                to={readerHref(result, shownTranslation)}
                state={{ verse: result.verse }}
                className="self-start rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline"
              >
                {displayReference(result.reference)}
              </Link>
              <p className="mt-2 font-serif leading-relaxed">{result.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
