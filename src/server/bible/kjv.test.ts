import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { getChapterLength, getVerse } from './bible.ts';
import { loadKingJamesVersion } from './kjv.ts';

// Chapters per book of the Protestant canon, Genesis to Revelation, as the spec lists them.
const specChapterCounts = [
  50, 40, 27, 36, 34, 24, 21, 4, 31, 24, 22, 25, 29, 36, 10, 13, 10, 42, 150, 31, 12, 8, 66, 52, 5,
  48, 12, 14, 3, 9, 1, 4, 7, 3, 3, 3, 2, 14, 4, 28, 16, 24, 21, 28, 16, 16, 13, 6, 6, 4, 4, 5, 3, 6,
  4, 3, 1, 13, 5, 5, 3, 5, 1, 1, 1, 22,
];

describe('loadKingJamesVersion', () => {
  const bible = loadKingJamesVersion();

  it('holds the whole KJV: 31,102 verses', () => {
    expect(bible.verseCount).toBe(31_102);
    const counted = bible.chapters.flat().reduce((sum, chapter) => sum + chapter.length, 0);
    expect(counted).toBe(31_102);
  });

  it('has 66 books with the chapter counts of the spec', () => {
    expect(specChapterCounts).toHaveLength(66);
    expect(books.map((book) => book.chapters)).toEqual(specChapterCounts);
    expect(bible.chapters.map((chapters) => chapters.length)).toEqual(specChapterCounts);
    expect(specChapterCounts.reduce((sum, n) => sum + n, 0)).toBe(1189);
  });

  it('puts verses where readers expect them', () => {
    const john = books.findIndex((book) => book.name === 'John');
    const psalms = books.findIndex((book) => book.name === 'Psalms');
    // Raw text: '#' marks a paragraph start and [brackets] supplied words (see verse-text.ts).
    expect(getVerse(bible, john, 3, 16)).toMatch(/^# For God so loved the world/);
    expect(getChapterLength(bible, psalms, 119)).toBe(176);
    expect(getChapterLength(bible, psalms, 117)).toBe(2);
    expect(getVerse(bible, 0, 1, 1)).toMatch(/In the beginning God created the heaven/);
    expect(getVerse(bible, 65, 22, 21)).toMatch(/grace of our Lord Jesus Christ/);
    expect(getVerse(bible, 65, 22, 22)).toBeUndefined();
  });
});
