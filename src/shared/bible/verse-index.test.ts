import { describe, expect, it } from 'vitest';
import { books } from './books.ts';
import { verseCount } from './verse-counts.ts';
import { verseAt, verseNumber, verseTotal } from './verse-index.ts';

describe('verse numbers', () => {
  it('number the 31,102 verses in Bible order, Genesis 1:1 first and Revelation 22:21 last', () => {
    expect(verseTotal).toBe(31102);
    expect(verseNumber({ bookIndex: 0, chapter: 1, verse: 1 })).toBe(0);
    expect(verseNumber({ bookIndex: 0, chapter: 2, verse: 1 })).toBe(31);
    expect(verseNumber({ bookIndex: 65, chapter: 22, verse: 21 })).toBe(31101);
    expect(verseAt(0)).toEqual({ bookIndex: 0, chapter: 1, verse: 1 });
    expect(verseAt(31101)).toEqual({ bookIndex: 65, chapter: 22, verse: 21 });
  });

  it('go there and back for every verse', () => {
    let expected = 0;
    for (const [bookIndex, book] of books.entries()) {
      for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
        for (let verse = 1; verse <= verseCount(bookIndex, chapter); verse += 1) {
          const position = { bookIndex, chapter, verse };
          expect(verseNumber(position)).toBe(expected);
          expect(verseAt(expected)).toEqual(position);
          expected += 1;
        }
      }
    }
    expect(expected).toBe(verseTotal);
  });

  it('know no verse that does not exist', () => {
    for (const position of [
      { bookIndex: 0, chapter: 1, verse: 32 },
      { bookIndex: 0, chapter: 51, verse: 1 },
      { bookIndex: 66, chapter: 1, verse: 1 },
      { bookIndex: -1, chapter: 1, verse: 1 },
      { bookIndex: 0, chapter: 1, verse: 0 },
      { bookIndex: 0, chapter: 1, verse: 1.5 },
    ]) {
      expect(verseNumber(position)).toBe(-1);
    }
    for (const number of [-1, 31102, 0.5, Number.NaN]) expect(verseAt(number)).toBeNull();
  });
});
