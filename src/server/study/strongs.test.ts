import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { verseAt, verseNumber, verseTotal } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { wordsOf } from '#shared/bible/verse-words.ts';
import { sharedBible } from '#tests/api-support/test-app.ts';
import manifest from './data/kjv-strongs.json' with { type: 'json' };
import {
  christBit,
  decodeStrongs,
  encodeStrongs,
  strongsCode,
  strongsNumber,
} from './strongs-file.ts';
import { strongsRows, verseStrongs } from './strongs.ts';

const at = (book: string, chapter: number, verse: number) =>
  verseNumber({ bookIndex: books.findIndex((b) => b.name === book), chapter, verse });

/** The verse's words as the app serves them, each with its Strong's number. */
function tagged(book: string, chapter: number, verse: number): [string, string | null][] {
  const bookIndex = books.findIndex((b) => b.name === book);
  const raw = sharedBible().chapters[bookIndex]?.[chapter - 1]?.[verse - 1] ?? '';
  const words = wordsOf(parseVerseText(raw).plain);
  const numbers = verseStrongs(at(book, chapter, verse));
  return words.map((word, index) => [word.word, numbers[index]?.number ?? null]);
}

describe("the KJV's Strong's tagging (SWORD engKJV2006eb)", () => {
  it('has one code for each word of every verse the app serves, no more, no fewer', () => {
    const rows = strongsRows();
    expect(rows.verses).toBe(verseTotal);
    for (let number = 0; number < verseTotal; number += 1) {
      const position = verseAt(number);
      const raw =
        sharedBible().chapters[position?.bookIndex ?? -1]?.[(position?.chapter ?? 0) - 1]?.[
          (position?.verse ?? 0) - 1
        ] ?? '';
      const count = (rows.offsets[number + 1] ?? 0) - (rows.offsets[number] ?? 0);
      if (count !== wordsOf(parseVerseText(raw).plain).length) throw new Error(`verse ${number}`);
    }
    expect(rows.codes.length).toBe(manifest.words);
    expect(manifest.wordsTagged + manifest.wordsUntagged).toBe(manifest.words);
  });

  it('gives John 3:16 and Genesis 1:1 the numbers the module has', () => {
    const john = new Map(tagged('John', 3, 16));
    expect(john.get('loved')).toBe('G25');
    expect(john.get('world')).toBe('G2889');
    expect(john.get('believeth')).toBe('G4100');
    const genesis = tagged('Genesis', 1, 1);
    expect(genesis).toContainEqual(['God', 'H430']);
    expect(genesis).toContainEqual(['created', 'H1254']);
    expect(genesis).toContainEqual(['beginning', 'H7225']);
    expect(genesis[0]).toEqual(['In', null]);
  });

  it('marks the words of Christ, and only where the text gives them to him', () => {
    expect(verseStrongs(at('John', 3, 16)).every((word) => word.christ)).toBe(true);
    expect(verseStrongs(at('Genesis', 1, 1)).some((word) => word.christ)).toBe(false);
    expect(verseStrongs(at('John', 3, 1)).some((word) => word.christ)).toBe(false);
    // Our "their's" is the module's "theirs": matched, so it keeps its number and stays red.
    expect(new Map(tagged('Matthew', 5, 3)).get("their's")).toBe('G846');
    expect(verseStrongs(at('Matthew', 5, 3)).every((word) => word.christ)).toBe(true);
  });

  it('keeps, book by book, at least 99% of the words the module tags', () => {
    // Counted again in the file the app serves: each book's tagged words are what the converter
    // counted as it matched them against the module.
    const rows = strongsRows();
    const served = books.map(() => 0);
    for (let number = 0; number < verseTotal; number += 1) {
      const bookIndex = verseAt(number)?.bookIndex ?? 0;
      for (let at = rows.offsets[number] ?? 0; at < (rows.offsets[number + 1] ?? 0); at += 1) {
        if (((rows.codes[at] ?? 0) & ~christBit) !== 0)
          served[bookIndex] = (served[bookIndex] ?? 0) + 1;
      }
    }
    expect(Object.fromEntries(books.map((book, index) => [book.osis, served[index]]))).toEqual(
      Object.fromEntries(
        Object.entries(manifest.taggedByBook).map(([book, counts]) => [book, counts.matched]),
      ),
    );
    for (const [book, counts] of Object.entries(manifest.taggedByBook)) {
      expect(counts.matched, book).toBeLessThanOrEqual(counts.module);
      expect(counts.matched / counts.module, book).toBeGreaterThan(0.99);
    }
    expect(Object.keys(manifest.taggedByBook)).toEqual(books.map((book) => book.osis));
  });

  it('has a dictionary entry, with its original word, for every number it uses', async () => {
    const { dictionaryEntry } = await import('./strongs-dictionary.ts');
    const missing = new Set<string>();
    for (const code of strongsRows().codes) {
      const number = strongsNumber(code);
      if (number && !dictionaryEntry(number)?.lemma) missing.add(number);
    }
    expect([...missing]).toEqual([]);
    expect(dictionaryEntry('__proto__')).toBeUndefined();
  });

  it('reads numbers and codes both ways, and refuses a file of another kind or size', () => {
    expect(strongsCode('H430')).toBe(430);
    expect(strongsCode('G0025')).toBe(10025);
    for (const bad of ['H0', 'X1', 'G12345', '__proto__', '']) expect(strongsCode(bad)).toBe(0);
    expect(strongsNumber(10025 | christBit)).toBe('G25');
    expect(strongsNumber(0)).toBeNull();
    const small = {
      verses: 2,
      offsets: Uint32Array.from([0, 2, 3]),
      codes: Uint16Array.from([430, 0, 10025]),
    };
    const encoded = encodeStrongs(small);
    expect(decodeStrongs(encoded)).toEqual(small);
    expect(() => decodeStrongs(encoded.subarray(1))).toThrow();
  });
});
