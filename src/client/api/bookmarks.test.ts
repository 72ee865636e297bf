import { describe, expect, it } from 'vitest';
import type { Bookmark } from '#shared/schemas/reading.ts';
import { matchesBookmarkSearch } from './bookmarks.ts';

function bookmark(id: string, book_name: string, chapter_number: number): Bookmark {
  return { id, book_name, chapter_number, created_at: '2026-11-21T10:00:00.000Z' };
}

// Newest first, as the API answers.
const bookmarks = [
  bookmark('c', '1 Corinthians', 13),
  bookmark('b', 'John', 3),
  bookmark('a', 'Psalms', 23),
  bookmark('d', 'Song of Solomon', 2),
];

const matching = (term: string) =>
  bookmarks.filter((item) => matchesBookmarkSearch(item, term)).map((item) => item.id);

// The server applies the same rule to ?q= (product §5); the client uses it to know which cached
// search a bookmark whose removal failed goes back to.
describe('matchesBookmarkSearch', () => {
  it('matches every bookmark when there is no term', () => {
    expect(matching('')).toEqual(['c', 'b', 'a', 'd']);
    expect(matching('   ')).toEqual(['c', 'b', 'a', 'd']);
  });

  it('matches a substring of the book name, whatever the case', () => {
    expect(matching('PSALM')).toEqual(['a']);
    expect(matching('of sol')).toEqual(['d']);
    expect(matching('o')).toEqual(['c', 'b', 'd']);
  });

  it('matches a substring of the chapter number, and a numbered book by its number', () => {
    expect(matching('3')).toEqual(['c', 'b', 'a']);
    expect(matching('1 cor')).toEqual(['c']);
  });

  it('ignores surrounding spaces but not inner ones', () => {
    expect(matching('  john ')).toEqual(['b']);
    expect(matching('jo hn')).toEqual([]);
  });
});
