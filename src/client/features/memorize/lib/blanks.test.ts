import { describe, expect, it } from 'vitest';
import { memoryWords } from '#shared/habits/memory-text.ts';
import { blanksFor, isSmallWord } from './blanks.ts';

const john316 =
  'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.';

describe('blanksFor', () => {
  it('never blanks the small words, keeps the same blanks for a seed, and blanks at least one', () => {
    const words = memoryWords(john316);
    const blanks = blanksFor(words, john316, 'card-1:2');
    expect(blanks.length).toBeGreaterThan(2);
    expect(blanks.every((index) => !isSmallWord(words[index]?.word ?? ''))).toBe(true);
    expect(blanksFor(words, john316, 'card-1:2')).toEqual(blanks);
    for (const seed of ['a', 'b', 'c', 'd']) {
      expect(blanksFor(words, john316, seed).length).toBeGreaterThan(0);
    }
  });

  it('blanks a real word even in a verse of small words', () => {
    const text = 'Jesus wept.';
    const words = memoryWords(text);
    for (const seed of ['a', 'b', 'c']) {
      expect(blanksFor(words, text, seed)).toHaveLength(1);
    }
    const small = 'I am he.';
    const smallWords = memoryWords(small);
    expect(blanksFor(smallWords, small, 'x')).toEqual([1]);
  });
});
