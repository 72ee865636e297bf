import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { verseAt, verseNumber, verseTotal } from '#shared/bible/verse-index.ts';
import manifest from './data/paragraphs.json' with { type: 'json' };
import { decodeParagraphs, encodeParagraphs } from './paragraph-file.ts';
import { maxParagraphVerses, paragraphOf, paragraphStarts } from './paragraphs.ts';

const at = (book: string, chapter: number, verse: number) =>
  verseNumber({ bookIndex: books.findIndex((b) => b.name === book), chapter, verse });

describe("the KJV's paragraphs (SWORD engKJV2006eb)", () => {
  it('keeps a start for every paragraph marker the module has, none at a chapter start', () => {
    const starts = paragraphStarts();
    expect(starts.length).toBe(manifest.markers);
    expect(manifest.starts).toBe(manifest.markers);
    expect(manifest.verses).toBe(verseTotal);
    for (const start of starts) expect(verseAt(start)?.verse).toBeGreaterThan(1);
  });

  it('starts a paragraph where the module does: Genesis 1:3, John 3:16', () => {
    expect(paragraphOf(at('Genesis', 1, 3))).toEqual({
      first: at('Genesis', 1, 3),
      last: at('Genesis', 1, 5),
    });
    expect(paragraphOf(at('Genesis', 1, 4))).toEqual(paragraphOf(at('Genesis', 1, 3)));
    // The module marks John 3:16–17 as one paragraph.
    expect(paragraphOf(at('John', 3, 17))).toEqual({
      first: at('John', 3, 16),
      last: at('John', 3, 17),
    });
    // A chapter's start is a paragraph's, and the paragraph ends at the module's next marker.
    expect(paragraphOf(at('Genesis', 1, 1))).toEqual({
      first: at('Genesis', 1, 1),
      last: at('Genesis', 1, 2),
    });
  });

  it('never crosses a chapter, always holds the verse and is never longer than the bound', () => {
    for (let number = 0; number < verseTotal; number += 1) {
      const paragraph = paragraphOf(number);
      const first = verseAt(paragraph?.first ?? -1);
      const last = verseAt(paragraph?.last ?? -1);
      const here = verseAt(number);
      if (
        !paragraph ||
        !first ||
        !last ||
        first.bookIndex !== here?.bookIndex ||
        first.chapter !== here.chapter ||
        last.bookIndex !== here.bookIndex ||
        last.chapter !== here.chapter ||
        paragraph.first > number ||
        paragraph.last < number ||
        paragraph.last - paragraph.first + 1 > maxParagraphVerses
      ) {
        throw new Error(`verse ${number}: ${JSON.stringify(paragraph)}`);
      }
    }
  });

  it('shows a window around the verse in a paragraph longer than the bound (Psalm 119)', () => {
    expect(paragraphOf(at('Psalms', 119, 100))).toEqual({
      first: at('Psalms', 119, 95),
      last: at('Psalms', 119, 106),
    });
    expect(paragraphOf(at('Psalms', 119, 2))).toEqual({
      first: at('Psalms', 119, 1),
      last: at('Psalms', 119, 12),
    });
    expect(paragraphOf(at('Psalms', 119, 176))).toEqual({
      first: at('Psalms', 119, 165),
      last: at('Psalms', 119, 176),
    });
    // A short psalm, which the module does not divide, is one paragraph.
    expect(paragraphOf(at('Psalms', 23, 4))).toEqual({
      first: at('Psalms', 23, 1),
      last: at('Psalms', 23, 6),
    });
    expect(paragraphOf(-1)).toBeNull();
    expect(paragraphOf(verseTotal)).toBeNull();
  });

  it('reads the file both ways and refuses one of another size or order', () => {
    const encoded = encodeParagraphs([2, 5, 31_101]);
    expect([...decodeParagraphs(encoded, verseTotal)]).toEqual([2, 5, 31_101]);
    expect(() => decodeParagraphs(encoded.subarray(1), verseTotal)).toThrow();
    expect(() => decodeParagraphs(encodeParagraphs([5, 2]), verseTotal)).toThrow();
    expect(() => decodeParagraphs(encodeParagraphs([40_000]), verseTotal)).toThrow();
  });
});
