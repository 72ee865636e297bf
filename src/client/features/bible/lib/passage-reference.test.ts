import { describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult } from '#shared/schemas/bible.ts';
import { passageReference } from './passage-reference.ts';

function result(book: string, chapter: number, verse: number): SearchResult {
  return {
    reference: `${book} ${chapter}:${verse}`,
    book,
    chapter,
    verse,
    content: 'text',
    highlights: [],
  };
}

function response(query: string, kind: SearchResponse['kind'], results: SearchResult[]) {
  return { query, kind, total: results.length, results };
}

describe('passageReference', () => {
  it('goes to the chapter a reference search names', () => {
    expect(passageReference(response('ps 23', 'reference', [result('Psalms', 23, 1)]))).toBe(
      'Psalms 23',
    );
  });

  it('keeps the verse when the query asked for one', () => {
    expect(passageReference(response('jn 3:16', 'reference', [result('John', 3, 16)]))).toBe(
      'John 3:16',
    );
    expect(passageReference(response('John 3.16-18', 'reference', [result('John', 3, 16)]))).toBe(
      'John 3:16',
    );
  });

  it('reads a verse written after a space', () => {
    for (const query of ['jn 3 16', 'john 3 16', 'John  3  16']) {
      expect(passageReference(response(query, 'reference', [result('John', 3, 16)]))).toBe(
        'John 3:16',
      );
    }
    expect(passageReference(response('1 John 4', 'reference', [result('1 John', 4, 1)]))).toBe(
      '1 John 4',
    );
  });

  it('is null for a word search or no results', () => {
    expect(passageReference(response('love', 'text', [result('John', 3, 16)]))).toBeNull();
    expect(passageReference(response('Jude 9:9', 'reference', []))).toBeNull();
  });
});
