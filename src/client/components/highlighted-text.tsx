import { Fragment } from 'react';
import { markRanges } from '#client/lib/mark-ranges.ts';

/** A field of a search result with the words the search found in <mark>. */
export function HighlightedText({
  text,
  ranges,
}: {
  text: string;
  /** [start, end) offsets in `text` (a Bible search's highlights, a list search's matches). */
  ranges?: readonly (readonly [number, number])[] | undefined;
}) {
  if (!ranges || ranges.length === 0) return text;
  return (
    <>
      {markRanges(text, ranges).map((part, index) =>
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
