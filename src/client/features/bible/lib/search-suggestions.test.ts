import { describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult } from '#shared/schemas/bible.ts';
import { optionsFor, searchStatus } from './search-suggestions.ts';

function hit(verse: number): SearchResult {
  return {
    reference: `John 3:${verse}`,
    book: 'John',
    chapter: 3,
    verse,
    content: 'text',
    highlights: [],
  };
}

function response(overrides: Partial<SearchResponse>): SearchResponse {
  return { query: 'love', kind: 'text', total: 0, results: [], ...overrides };
}

describe('optionsFor (product §9 suggestions)', () => {
  it('offers the top five results, then every result when there are more', () => {
    const options = optionsFor(
      response({ total: 7, results: [1, 2, 3, 4, 5, 6, 7].map(hit) }),
      'list',
    );
    expect(options.map((option) => option.id)).toEqual([
      'list-0',
      'list-1',
      'list-2',
      'list-3',
      'list-4',
      'list-all',
    ]);
  });

  it("offers 'Go to' first for a query that names a passage", () => {
    const options = optionsFor(
      response({ query: 'John 3:16', kind: 'reference', total: 1, results: [hit(16)] }),
      'list',
    );
    expect(options[0]).toEqual({ type: 'goto', id: 'list-goto', reference: 'John 3:16' });
  });

  it("offers the original word first for a Strong's search, and last beside an English word", () => {
    const word = {
      number: 'H2617',
      lemma: 'חסד',
      transliteration: 'chêsêd',
      pronunciation: "kheh'-sed",
      definition: 'Kindness',
      total: 241,
    };
    const strongs = optionsFor(
      response({ query: 'chesed', kind: 'strongs', total: 241, results: [hit(1)], strongs: word }),
      'list',
    );
    expect(strongs.map((option) => option.id)).toEqual(['list-word', 'list-0', 'list-all']);
    expect(strongs[0]).toMatchObject({ type: 'word', word, isOffer: false });
    const text = optionsFor(
      response({ query: 'hen', total: 1, results: [hit(1)], strongs_matches: [word] }),
      'list',
    );
    expect(text.map((option) => option.id)).toEqual(['list-0', 'list-offer']);
    expect(text[1]).toMatchObject({ type: 'word', word, isOffer: true });
  });

  it('offers nothing before there is an answer', () => {
    expect(optionsFor(undefined, 'list')).toEqual([]);
  });
});

describe('searchStatus', () => {
  const idle = { isError: false, isFetching: false };
  it('says what was found', () => {
    expect(searchStatus({ query: 'love', response: response({ total: 1 }), ...idle })).toBe(
      '1 verse found.',
    );
    expect(searchStatus({ query: 'love', response: response({ total: 12 }), ...idle })).toBe(
      '12 verses found.',
    );
    expect(searchStatus({ query: 'zzz', response: response({ total: 0 }), ...idle })).toBe(
      'No verses found for “zzz”.',
    );
  });

  it('says why a named passage is missing, and when search is busy or down', () => {
    const missing = response({ kind: 'missing', note: 'Genesis has 50 chapters.' });
    expect(searchStatus({ query: 'Genesis 51', response: missing, ...idle })).toBe(
      'Genesis has 50 chapters.',
    );
    expect(
      searchStatus({ query: 'love', response: undefined, isError: false, isFetching: true }),
    ).toBe('Searching…');
    expect(
      searchStatus({ query: 'love', response: undefined, isError: true, isFetching: false }),
    ).toBe('Search is not available right now. Please try again.');
    expect(searchStatus({ query: '', response: undefined, ...idle })).toBe('');
  });
});
