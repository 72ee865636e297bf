import { useId } from 'react';
import { Link } from 'react-router';
import { useRelatedVerses } from '../api/get-related-verses.ts';
import { readerHref } from '../lib/feeling-verse.ts';

/**
 * 'More verses for this feeling': three verses the Bible search finds for one of the mood's
 * topic words (where the spec fired a lookup and discarded it). Quietly absent on an error.
 */
export function RelatedVerses({ topic }: { topic: string }) {
  const id = useId();
  const related = useRelatedVerses(topic);
  const results = related.data?.results ?? [];
  if (related.isError || (related.isSuccess && results.length === 0)) return null;

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={related.isPending} className="mt-10">
      <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
        More verses for this feeling
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        From a search of the King James Bible for &ldquo;{topic}&rdquo;.
      </p>
      {related.isPending ? (
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
                to={readerHref(result)}
                state={{ verse: result.verse }}
                className="self-start rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline"
              >
                {result.reference}
              </Link>
              <p className="mt-2 font-serif leading-relaxed">{result.content}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
