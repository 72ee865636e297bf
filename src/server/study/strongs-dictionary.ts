// The Strong's dictionaries (decision 023), read on first use; and every use of a number in the
// KJV, indexed from the tagging on first use (one verse list a number, in Bible order).
import fs from 'node:fs';
import path from 'node:path';
import { getVerse, type Bible } from '#server/bible/bible.ts';
import { verseAt } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { wordsOf } from '#shared/bible/verse-words.ts';
import { christBit } from './strongs-file.ts';
import { strongsRows } from './strongs.ts';

export type DictionaryEntry = {
  lemma: string;
  transliteration: string;
  pronunciation: string;
  definition: string;
};

const file = path.join(import.meta.dirname, 'data', 'strongs-dictionary.json');

/** The dictionaries' file, sent as it is by the study notes' offline download. */
export { file as dictionaryFile };

let entries: Map<string, DictionaryEntry> | null = null;

/** The entry of 'H430' or 'G25'; undefined for any other key, '__proto__' included. */
export function dictionaryEntry(number: string): DictionaryEntry | undefined {
  if (!entries) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      entries: Record<string, DictionaryEntry>;
    };
    entries = new Map(Object.entries(parsed.entries));
  }
  return entries.get(number);
}

export type NumberUses = {
  /** The verses where it stands, each once, in Bible order. */
  verses: Uint16Array;
  /** How the KJV renders it: each word (lower case) and how often, most often first. */
  renderings: { word: string; count: number }[];
  /** The verses where it stands, by book index. */
  byBook: Map<number, number>;
};

let uses: Map<number, NumberUses> | null = null;
const noUses: NumberUses = { verses: new Uint16Array(0), renderings: [], byBook: new Map() };

/**
 * Every use of a code in the KJV, indexed from the tagging and the KJV's words in one pass on
 * first use (a few hundred milliseconds, once), so each lookup after is a map read.
 */
export function usesOf(kjv: Bible, code: number): NumberUses {
  if (!uses) {
    const { verses, offsets, codes } = strongsRows();
    const building = new Map<
      number,
      { verses: number[]; renderings: Map<string, number>; byBook: Map<number, number> }
    >();
    for (let verse = 0; verse < verses; verse += 1) {
      const position = verseAt(verse);
      if (!position) continue;
      const raw = getVerse(kjv, position.bookIndex, position.chapter, position.verse) ?? '';
      const words = wordsOf(parseVerseText(raw).plain);
      const start = offsets[verse] ?? 0;
      for (let at = start; at < (offsets[verse + 1] ?? 0); at += 1) {
        const bare = (codes[at] ?? 0) & ~christBit;
        if (bare === 0) continue;
        let entry = building.get(bare);
        if (!entry) {
          entry = { verses: [], renderings: new Map(), byBook: new Map() };
          building.set(bare, entry);
        }
        if (entry.verses.at(-1) !== verse) {
          entry.verses.push(verse);
          entry.byBook.set(position.bookIndex, (entry.byBook.get(position.bookIndex) ?? 0) + 1);
        }
        const english = words[at - start]?.word.toLowerCase();
        if (english) entry.renderings.set(english, (entry.renderings.get(english) ?? 0) + 1);
      }
    }
    uses = new Map(
      [...building].map(([key, entry]) => [
        key,
        {
          verses: Uint16Array.from(entry.verses),
          renderings: [...entry.renderings]
            .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
            .slice(0, 10)
            .map(([word, count]) => ({ word, count })),
          byBook: entry.byBook,
        },
      ]),
    );
  }
  return uses.get(code) ?? noUses;
}
