import { describe, expect, it } from 'vitest';
import type { Bookmark } from '../../../../shared/schemas/reading.ts';
import { filterBookmarks, normaliseSearchTerm } from './filter-bookmarks.ts';

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

const ids = (list: Bookmark[]) => list.map((item) => item.id);

describe('filterBookmarks', () => {
  it('keeps every bookmark, in order, when there is no term', () => {
    expect(ids(filterBookmarks(bookmarks, ''))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(filterBookmarks(bookmarks, '   '))).toEqual(['c', 'b', 'a', 'd']);
  });

  it('matches a substring of the book name, whatever the case', () => {
    expect(ids(filterBookmarks(bookmarks, 'ps'))).toEqual(['a']);
    expect(ids(filterBookmarks(bookmarks, 'PSALM'))).toEqual(['a']);
    expect(ids(filterBookmarks(bookmarks, 'oh'))).toEqual(['b']);
    expect(ids(filterBookmarks(bookmarks, 'of sol'))).toEqual(['d']);
    expect(ids(filterBookmarks(bookmarks, 'o'))).toEqual(['c', 'b', 'd']);
  });

  it('matches a substring of the chapter number', () => {
    expect(ids(filterBookmarks(bookmarks, '13'))).toEqual(['c']);
    expect(ids(filterBookmarks(bookmarks, '3'))).toEqual(['c', 'b', 'a']);
    expect(ids(filterBookmarks(bookmarks, '2'))).toEqual(['a', 'd']);
  });

  it('matches the book number of a numbered book as part of its name', () => {
    expect(ids(filterBookmarks(bookmarks, '1'))).toEqual(['c']);
    expect(ids(filterBookmarks(bookmarks, '1 cor'))).toEqual(['c']);
  });

  it('ignores surrounding spaces but not inner ones', () => {
    expect(ids(filterBookmarks(bookmarks, '  john '))).toEqual(['b']);
    expect(ids(filterBookmarks(bookmarks, 'jo hn'))).toEqual([]);
  });

  it('finds nothing for a term that is in no book or chapter', () => {
    expect(filterBookmarks(bookmarks, 'zzz')).toEqual([]);
    expect(filterBookmarks([], 'ps')).toEqual([]);
  });

  it('returns a new array, leaving the input alone', () => {
    const result = filterBookmarks(bookmarks, '');
    expect(result).not.toBe(bookmarks);
    expect(result).toEqual(bookmarks);
  });
});

describe('normaliseSearchTerm', () => {
  it('trims and lower-cases', () => {
    expect(normaliseSearchTerm('  Psalms ')).toBe('psalms');
    expect(normaliseSearchTerm(' \t')).toBe('');
  });
});
