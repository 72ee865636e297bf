// The KJV's paragraphs (decision 023, Context), read from the committed file (7 KB) the first
// time a verse's context is asked for, and kept for the process.
import fs from 'node:fs';
import path from 'node:path';
import { verseCounts } from '#shared/bible/verse-counts.ts';
import { verseAt, verseNumber, verseTotal } from '#shared/bible/verse-index.ts';
import { decodeParagraphs } from './paragraph-file.ts';

const file = path.join(import.meta.dirname, 'data', 'paragraphs.bin');

/** A paragraph longer than this is shown as a window of this many verses around the verse. */
export const maxParagraphVerses = 12;
/** Verses shown before the verse asked for, when a long paragraph is cut to a window. */
const versesBefore = 5;

let starts: Uint16Array | null = null;

export function paragraphStarts(): Uint16Array {
  starts ??= decodeParagraphs(fs.readFileSync(file), verseTotal);
  return starts;
}

/** The last stored start at or before `number`, or -1. */
function startAtOrBefore(list: Uint16Array, number: number): number {
  let low = 0;
  let high = list.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((list[middle] ?? Infinity) <= number) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * The verses (numbers, first and last) of the paragraph a verse stands in, never across a
 * chapter's end; at most maxParagraphVerses of them, around the verse, when it is longer. Null
 * for a number that is no verse.
 */
export function paragraphOf(number: number): { first: number; last: number } | null {
  const position = verseAt(number);
  if (!position) return null;
  const chapterFirst = verseNumber({ ...position, verse: 1 });
  const chapterLast =
    chapterFirst + (verseCounts[position.bookIndex]?.[position.chapter - 1] ?? 1) - 1;
  const list = paragraphStarts();
  const index = startAtOrBefore(list, number);
  const first = Math.max(chapterFirst, index < 0 ? 0 : (list[index] ?? 0));
  const next = list[index + 1];
  const last = Math.min(chapterLast, next === undefined ? chapterLast : next - 1);
  if (last - first + 1 <= maxParagraphVerses) return { first, last };
  const windowFirst = Math.max(
    first,
    Math.min(number - versesBefore, last - maxParagraphVerses + 1),
  );
  return { first: windowFirst, last: windowFirst + maxParagraphVerses - 1 };
}
