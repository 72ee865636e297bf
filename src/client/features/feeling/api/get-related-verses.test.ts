import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../../shared/schemas/bible.ts';
import { sampleResults } from './get-related-verses.ts';

const response: SearchResponse = {
  query: 'peace',
  kind: 'text',
  total: 400,
  results: Array.from({ length: 30 }, (_, index) => ({
    reference: `Psalms ${index + 1}:1`,
    book: 'Psalms',
    chapter: index + 1,
    verse: 1,
    content: 'peace',
    highlights: [[0, 5]],
  })),
};

describe('related verses for a feeling', () => {
  it('shows three distinct results from the pool, in Bible order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const { results } = sampleResults(response, random);
    expect(results).toHaveLength(3);
    const chapters = results.map((result) => result.chapter);
    expect(new Set(chapters).size).toBe(3);
    expect([...chapters].sort((a, b) => a - b)).toEqual(chapters);
  });

  it('does not always show the first three matches', () => {
    const { results } = sampleResults(response, () => 0);
    expect(results.map((result) => result.chapter)).not.toEqual([1, 2, 3]);
  });

  it('keeps whatever there is when fewer than three matched', () => {
    const few = { ...response, results: response.results.slice(0, 2) };
    expect(sampleResults(few).results).toHaveLength(2);
  });
});
