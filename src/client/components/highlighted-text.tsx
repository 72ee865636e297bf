import { Fragment } from 'react';
import type { MatchRanges } from '../../shared/schemas/pagination.ts';

export type HighlightedPart = { text: string; isMatch: boolean };

/**
 * Splits a field by a search result's [start, end) ranges (issue 23), so that the matched words
 * can be shown in <mark> as text, never as HTML. Ranges are clamped, sorted and merged rather
 * than trusted.
 */
export function splitAtRanges(text: string, ranges: MatchRanges | undefined): HighlightedPart[] {
  const sorted = (ranges ?? [])
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const parts: HighlightedPart[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), isMatch: false });
    parts.push({ text: text.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length || parts.length === 0) {
    parts.push({ text: text.slice(cursor), isMatch: false });
  }
  return parts;
}

/** A field of a search result with the words the search found in <mark>. */
export function HighlightedText({
  text,
  ranges,
}: {
  text: string;
  ranges?: MatchRanges | undefined;
}) {
  if (!ranges || ranges.length === 0) return text;
  return (
    <>
      {splitAtRanges(text, ranges).map((part, index) =>
        part.isMatch ? (
          <mark
            key={index}
            className="rounded-[0.2em] bg-accent px-[0.1em] font-medium text-accent-foreground"
          >
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
