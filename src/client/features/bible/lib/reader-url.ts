import { books } from '../../../../shared/bible/books.ts';
import type { ReaderPosition } from '../../../../shared/bible/navigation.ts';

/** '/read-bible?book=1%20John&chapter=4': the shareable address of a chapter. */
export function readerSearch({ bookIndex, chapter }: ReaderPosition): string {
  const name = books[bookIndex]?.name ?? books[0].name;
  return `?book=${encodeURIComponent(name)}&chapter=${chapter}`;
}

export function readerPath(position: ReaderPosition): string {
  return `/read-bible${readerSearch(position)}`;
}

/** The verse as copied or shared: the text, then ' — {reference} (KJV)' (product §9). */
export function verseShareText(text: string, reference: string): string {
  return `${text} — ${reference} (KJV)`;
}
