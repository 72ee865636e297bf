import { getVerse, type Bible } from '#server/bible/bible.ts';
import { books } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';

/** A verse's words as read, without the layout markers (a psalm's title, italics); '' if none. */
export function verseText(bible: Bible, bookIndex: number, chapter: number, verse: number): string {
  const raw = getVerse(bible, bookIndex, chapter, verse);
  return raw === undefined ? '' : parseVerseText(raw).plain;
}

/**
 * A place as notes apps link it: 'John 3:16', 'Psalms 23:1–6' (the app's own form, an en dash
 * between the verses of a run).
 */
export function verseReference(bookIndex: number, chapter: number, first: number, last = first) {
  const name = books[bookIndex]?.name ?? '';
  return `${name} ${chapter}:${last > first ? `${first}–${last}` : first}`;
}
