import { describe, expect, it } from 'vitest';
import { balanceDays, chaptersOf, planReading, type Chapter } from './balance.ts';

const genesis = 0;
const psalms = 18;

describe('planReading', () => {
  it('names a whole chapter by its book, and a single psalm "Psalm"', () => {
    expect(planReading(genesis, 1)).toEqual({
      book_index: genesis,
      chapter: 1,
      verses: null,
      label: 'Genesis 1',
    });
    expect(planReading(psalms, 23).label).toBe('Psalm 23');
  });

  it('names part of a chapter with its verses, an en dash between them', () => {
    expect(planReading(psalms, 119, { first: 1, last: 24 })).toEqual({
      book_index: psalms,
      chapter: 119,
      verses: '1-24',
      label: 'Psalm 119:1–24',
    });
    expect(planReading(genesis, 24, { first: 29, last: 67 })).toMatchObject({
      verses: '29-67',
      label: 'Genesis 24:29–67',
    });
    expect(planReading(psalms, 117, { first: 2, last: 2 })).toMatchObject({
      verses: '2-2',
      label: 'Psalm 117:2',
    });
  });
});

describe('chaptersOf', () => {
  it('lists every chapter of the books in order with its verses', () => {
    const chapters = chaptersOf([7, 8]);
    expect(chapters.map(({ book, chapter }) => `${book}:${chapter}`).slice(0, 6)).toEqual([
      '7:1',
      '7:2',
      '7:3',
      '7:4',
      '8:1',
      '8:2',
    ]);
    expect(chapters).toHaveLength(4 + 31);
    expect(chapters[0]?.verses).toBe(22);
  });

  it("knows where the KJV starts a paragraph, and Psalm 119's stanzas", () => {
    const [genesis1] = chaptersOf([genesis]);
    expect(genesis1?.breaks).toEqual([6, 9, 14, 24, 26, 29]);
    const psalm119 = chaptersOf([psalms])[118];
    expect(psalm119?.breaks).toHaveLength(21);
    expect(psalm119?.breaks.slice(0, 3)).toEqual([9, 17, 25]);
  });
});

/** A made-up chapter of `verses` verses, Genesis by name. */
const chapter = (number: number, verses: number, breaks: number[] = []): Chapter => ({
  book: genesis,
  chapter: number,
  verses,
  breaks,
});

describe('balanceDays', () => {
  it("ends the days at chapters' ends when that keeps them within the tolerance", () => {
    // 100 verses in 4 days of 25: whole chapters can make 30 / 25 / 25 / 20, all within 6.
    const chapters = [chapter(1, 20), chapter(2, 10), chapter(3, 25), chapter(4, 15)];
    chapters.push(chapter(5, 10), chapter(6, 20));
    const days = balanceDays(chapters, [25, 25, 25, 25], 6);
    expect(days.map((readings) => readings.map((reading) => reading.chapter))).toEqual([
      [1, 2],
      [3],
      [4, 5],
      [6],
    ]);
    expect(days.flat().every((reading) => reading.verses === null)).toBe(true);
  });

  it('splits a long chapter before a paragraph rather than at any verse', () => {
    const days = balanceDays([chapter(1, 60, [27, 40])], [30, 30], 8);
    expect(days.map((readings) => readings.map((reading) => reading.verses))).toEqual([
      ['1-26'],
      ['27-60'],
    ]);
  });

  it('splits at the even verse when no chapter end or paragraph is near', () => {
    const days = balanceDays([chapter(1, 60, [5])], [30, 30], 8);
    expect(days.map((readings) => readings.map((reading) => reading.verses))).toEqual([
      ['1-30'],
      ['31-60'],
    ]);
  });

  it('follows uneven targets, and keeps each day within the tolerance of its own', () => {
    const chapters = Array.from({ length: 12 }, (_, index) => chapter(index + 1, 10));
    const days = balanceDays(chapters, [20, 60, 40], 5);
    expect(days.map((readings) => readings.length)).toEqual([2, 6, 4]);
  });

  it('says so when the days cannot be made even', () => {
    expect(() => balanceDays([chapter(1, 10)], [50, 50], 5)).toThrow(/No even split/);
  });
});
