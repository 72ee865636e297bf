// The KJV module's dump (scripts/data/dump-sword-kjv.py: JSON lines, one verse a line), read for
// the converters that share it: each verse with its place in the app's verse index.
import { books, findBookByOsis } from '#shared/bible/books.ts';
import { verseNumber } from '#shared/bible/verse-index.ts';

export type DumpVerse = { book: string; chapter: number; verse: number; osis: string };

/** Each verse of the dump in order, with its verse number; a book or verse we lack throws. */
export function* dumpVerses(dump: string): Generator<{ number: number; entry: DumpVerse }> {
  for (const line of dump.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as DumpVerse;
    const book = findBookByOsis(entry.book);
    if (!book) throw new Error(`Unknown book ${entry.book}`);
    const number = verseNumber({
      bookIndex: books.indexOf(book),
      chapter: entry.chapter,
      verse: entry.verse,
    });
    if (number < 0) throw new Error(`Unknown verse ${entry.book} ${entry.chapter}:${entry.verse}`);
    yield { number, entry };
  }
}
