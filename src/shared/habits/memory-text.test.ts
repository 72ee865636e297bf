import { describe, expect, it } from 'vitest';
import { blankedWordIndexes, checkTypedVerse, firstLetters, memoryWords } from './memory-text.ts';

const john316 =
  'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.';
const web = 'But this kind doesn’t go out except by prayer and fasting.”';

describe('memoryWords', () => {
  it('keeps the punctuation around each word apart from it', () => {
    expect(memoryWords('“Jesus wept.” — (Amen)')).toEqual([
      { before: '“', word: 'Jesus', after: '' },
      { before: '', word: 'wept', after: '.”' },
      { before: '—', word: '', after: '' },
      { before: '(', word: 'Amen', after: ')' },
    ]);
  });

  it('keeps apostrophes and hyphens inside a word, and ignores runs of spaces', () => {
    expect(memoryWords('  doesn’t   well-pleased ').map((word) => word.word)).toEqual([
      'doesn’t',
      'well-pleased',
    ]);
    expect(memoryWords('')).toEqual([]);
  });
});

describe('firstLetters', () => {
  it('shows each word as its first letter with its punctuation', () => {
    expect(firstLetters('For God so loved the world, that he gave')).toBe('F G s l t w, t h g');
    expect(firstLetters(web)).toBe('B t k d g o e b p a f.”');
  });
});

describe('blankedWordIndexes', () => {
  it('hides about four words in ten, the same ones for the same seed, in order', () => {
    const words = memoryWords(john316);
    const blanks = blankedWordIndexes(john316, 'card-1:3');
    expect(blanks).toHaveLength(Math.round(words.length * 0.4));
    expect(new Set(blanks).size).toBe(blanks.length);
    expect(blanks).toEqual([...blanks].sort((a, b) => a - b));
    expect(blanks.every((index) => index >= 0 && index < words.length)).toBe(true);
    expect(blankedWordIndexes(john316, 'card-1:3')).toEqual(blanks);
    expect(blankedWordIndexes(john316, 'card-1:4')).not.toEqual(blanks);
  });

  it('hides at least one word of a short verse, and never a dash standing alone', () => {
    expect(blankedWordIndexes('Jesus wept.', 'a')).toHaveLength(1);
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      expect(blankedWordIndexes('Jesus — wept.', seed, 1)).toEqual([0, 2]);
    }
    expect(blankedWordIndexes('', 'a')).toEqual([]);
  });
});

describe('checkTypedVerse', () => {
  it('takes a verse typed right in any case, spacing and punctuation as all correct', () => {
    const check = checkTypedVerse(
      john316,
      'for god so loved the world that he gave his only begotten son that whosoever believeth in him should not perish but have everlasting life',
    );
    expect(check).toMatchObject({ correct: 25, total: 25, wrong: 0 });
    expect(check.matched.every(Boolean)).toBe(true);
  });

  it("reads ’ and ' alike", () => {
    expect(
      checkTypedVerse(web, "but this kind doesn't go out except by prayer and fasting"),
    ).toMatchObject({
      correct: 11,
      total: 11,
      wrong: 0,
    });
  });

  it('costs a missed word only itself, not every word after it', () => {
    const check = checkTypedVerse('Jesus wept and the Jews said', 'Jesus and the Jews said');
    expect(check).toMatchObject({ correct: 5, total: 6, wrong: 0 });
    expect(check.matched).toEqual([true, false, true, true, true, true]);
  });

  it('counts a misspelt or extra word as wrong', () => {
    expect(checkTypedVerse('Jesus wept.', 'Jesus wep')).toMatchObject({ correct: 1, wrong: 1 });
    expect(checkTypedVerse('Jesus wept.', 'Jesus really wept')).toMatchObject({
      correct: 2,
      wrong: 1,
    });
  });
});
