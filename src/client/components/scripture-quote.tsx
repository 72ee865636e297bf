import { useQuery } from '@tanstack/react-query';
import type { PassageResponse } from '../../shared/schemas/bible.ts';
import { apiRequest } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';

export function passageQuery(reference: string) {
  return {
    queryKey: ['bible', 'passage', reference],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<PassageResponse>(`/api/bible/passage?reference=${encodeURIComponent(reference)}`, {
        signal,
      }),
    staleTime: Infinity,
  };
}

/**
 * A quotation taken from the KJV data on the server (never retyped), with the translators'
 * supplied words in italics. Reserves its space while loading so the page does not jump.
 */
export function ScriptureQuote({
  reference,
  className,
  textClassName,
}: {
  reference: string;
  className?: string;
  textClassName?: string;
}) {
  const { data, isError } = useQuery(passageQuery(reference));
  return (
    <figure className={className}>
      <blockquote className={cn('font-serif', textClassName)}>
        {data ? (
          <p>
            &ldquo;
            {data.verses.map((verse, index) => (
              <span key={verse.verse}>
                {index > 0 ? ' ' : null}
                {verse.segments.map((segment, i) =>
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
        {data?.reference ?? reference} <span className="text-xs">(KJV)</span>
      </figcaption>
    </figure>
  );
}
