import { Fragment } from 'react';
import { markRanges } from '../lib/mark-ranges.ts';

/** A search result's content with the matched words in <mark>. */
export function MarkedText({
  content,
  ranges,
}: {
  content: string;
  ranges: readonly (readonly [number, number])[];
}) {
  return (
    <>
      {markRanges(content, ranges).map((part, index) =>
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
