import { findBookIndex } from '../../../../shared/bible/book-names.ts';
import type { ReadingProgress } from '../../../../shared/schemas/reading.ts';

export type BookStarted = {
  bookName: string;
  bookIndex: number;
  chaptersRead: number;
  /** The chapter of this book read most recently, for the link. */
  latestChapter: number;
};

/**
 * Groups progress rows (newest first, as the API sends them) by book: the most recently read
 * book comes first, each with how many of its chapters have been read.
 */
export function summarizeBooksStarted(progress: readonly ReadingProgress[]): BookStarted[] {
  const byBook = new Map<string, BookStarted>();
  for (const row of progress) {
    const existing = byBook.get(row.book_name);
    if (existing) {
      existing.chaptersRead += 1;
    } else {
      byBook.set(row.book_name, {
        bookName: row.book_name,
        bookIndex: findBookIndex(row.book_name),
        chaptersRead: 1,
        latestChapter: row.chapter_number,
      });
    }
  }
  return [...byBook.values()];
}
