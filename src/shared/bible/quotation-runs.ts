import type { VerseSegment } from './verse-text.ts';

/**
 * A verse's words as one running quotation (the footer, the verse cards): a segment that starts a
 * line of poetry reads after a space, as in `plain`, so "feet,\nand" never reads "feet,and".
 */
export function quotationRuns(segments: readonly VerseSegment[]): VerseSegment[] {
  return segments.map((segment, index) =>
    segment.line_start && index > 0 ? { ...segment, text: ` ${segment.text}` } : segment,
  );
}
