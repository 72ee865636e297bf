// Every verse of the KJV's versification numbered in Bible order, Genesis 1:1 = 0 to Revelation
// 22:21 = 31,101: a verse in two bytes, for study data kept compact (decision 023).
import { verseCounts } from './verse-counts.ts';

/** The number of the first verse of each chapter, book by book. */
const chapterStarts: readonly (readonly number[])[] = (() => {
  let next = 0;
  return verseCounts.map((chapters) =>
    chapters.map((count) => {
      const start = next;
      next += count;
      return start;
    }),
  );
})();

/** How many verses there are: 31,102. */
export const verseTotal = verseCounts.flat().reduce((sum, count) => sum + count, 0);

export type VersePosition = { bookIndex: number; chapter: number; verse: number };

/** A verse's number, or -1 when the book, chapter or verse does not exist. */
export function verseNumber({ bookIndex, chapter, verse }: VersePosition): number {
  const start = chapterStarts[bookIndex]?.[chapter - 1];
  const count = verseCounts[bookIndex]?.[chapter - 1] ?? 0;
  if (start === undefined || !Number.isInteger(verse) || verse < 1 || verse > count) return -1;
  return start + verse - 1;
}

/** The verse of a number, or null outside 0 … verseTotal − 1. */
export function verseAt(number: number): VersePosition | null {
  if (!Number.isInteger(number) || number < 0 || number >= verseTotal) return null;
  let low = 0;
  let high = verseCounts.length - 1;
  // The book: the last whose first verse is at or before the number.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((chapterStarts[middle]?.[0] ?? Infinity) <= number) low = middle;
    else high = middle - 1;
  }
  const starts = chapterStarts[low] ?? [];
  let chapter = starts.length;
  while (chapter > 1 && (starts[chapter - 1] ?? 0) > number) chapter -= 1;
  return { bookIndex: low, chapter, verse: number - (starts[chapter - 1] ?? 0) + 1 };
}
