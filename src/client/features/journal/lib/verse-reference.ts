import { books, findBookIndex } from '../../../../shared/bible/books.ts';

/**
 * The reader's address for a reference such as 'John 3:16' or '1 Corinthians 13:4-7'
 * ('/read-bible?book=John&chapter=3'), or null when it names no book and chapter.
 */
export function readerHrefForReference(reference: string): string | null {
  const match = /^\s*(.+?)\s+(\d+)(?::\d+(?:\s*[-–]\s*\d+)?)?\s*$/.exec(reference);
  if (!match?.[1] || !match[2]) return null;
  const index = findBookIndex(match[1]);
  const book = books[index];
  const chapter = Number(match[2]);
  if (!book || chapter < 1 || chapter > book.chapters) return null;
  return `/read-bible?book=${encodeURIComponent(book.name)}&chapter=${chapter}`;
}
