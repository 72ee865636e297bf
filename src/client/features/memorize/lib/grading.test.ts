import { describe, expect, it } from 'vitest';
import { checkTypedVerse, memoryWords } from '#shared/habits/memory-text.ts';
import {
  checkBlanks,
  isRightWord,
  quickMsPerBlank,
  quickMsPerTypedWord,
  ratingForBlanks,
  suggestedForBlanks,
  suggestedForTyped,
} from './grading.ts';

const verse = 'Jesus Christ the same yesterday, and to day, and for ever.';
const words = memoryWords(verse);
// Jesus(0) Christ(1) the(2) same(3) yesterday,(4) and(5) to(6) day,(7) and(8) for(9) ever.(10)
const blanks = [1, 3, 4, 10];

describe('isRightWord', () => {
  it('forgives case and punctuation, never an empty or different word', () => {
    expect(isRightWord('yesterday', 'Yesterday,')).toBe(true);
    expect(isRightWord('doesn’t', "doesn't")).toBe(true);
    expect(isRightWord('ever', ' EVER. ')).toBe(true);
    expect(isRightWord('ever', 'never')).toBe(false);
    expect(isRightWord('ever', '')).toBe(false);
  });
});

describe('checking blanks', () => {
  it('marks each blank right or wrong, with what was written and the word', () => {
    const results = checkBlanks(words, blanks, { 1: 'christ', 3: 'Same', 4: 'today', 10: '' });
    expect(results).toEqual([
      { index: 1, expected: 'Christ', given: 'christ', isRight: true },
      { index: 3, expected: 'same', given: 'Same', isRight: true },
      { index: 4, expected: 'yesterday', given: 'today', isRight: false },
      { index: 10, expected: 'ever', given: '', isRight: false },
    ]);
  });

  it('suggests Good when all are right, Hard for one in four wrong, Again for more', () => {
    const all = { 1: 'Christ', 3: 'same', 4: 'yesterday', 10: 'ever' };
    expect(ratingForBlanks(checkBlanks(words, blanks, all))).toBe(3);
    expect(ratingForBlanks(checkBlanks(words, blanks, { ...all, 10: 'forever' }))).toBe(2);
    expect(ratingForBlanks(checkBlanks(words, blanks, { ...all, 1: 'Lord', 10: '' }))).toBe(1);
    expect(ratingForBlanks(checkBlanks(words, blanks, {}))).toBe(1);
  });

  it('suggests Easy for every blank right and quick, Good when slower', () => {
    const results = checkBlanks(words, blanks, {
      1: 'Christ',
      3: 'same',
      4: 'yesterday',
      10: 'ever',
    });
    expect(suggestedForBlanks(results, 4 * quickMsPerBlank)).toBe(4);
    expect(suggestedForBlanks(results, 4 * quickMsPerBlank + 1)).toBe(3);
    // Quick but wrong stays as it was.
    const wrong = checkBlanks(words, blanks, { 1: 'Christ', 3: 'same', 4: 'yesterday' });
    expect(suggestedForBlanks(wrong, 1000)).toBe(2);
  });
});

describe('a typed verse', () => {
  it('is Easy when perfect and quick, Good when perfect, Hard or Again with mistakes', () => {
    const total = 11;
    // 'today' for 'to day': two words missed and one typed wrong.
    const close = checkTypedVerse(verse, 'jesus christ the same yesterday and today and for ever');
    expect(close).toMatchObject({ correct: 9, total, wrong: 1 });
    expect(suggestedForTyped(close, 1000)).toBe(1);
    const exact = checkTypedVerse(verse, 'Jesus Christ the same yesterday and to day and for ever');
    expect(exact.correct).toBe(total);
    expect(suggestedForTyped(exact, total * quickMsPerTypedWord)).toBe(4);
    expect(suggestedForTyped(exact, total * quickMsPerTypedWord + 1)).toBe(3);
    expect(suggestedForTyped(checkTypedVerse(verse, 'Jesus Christ'), 1000)).toBe(1);
    // A few slips in twenty-five words (one in four at most) is Hard, however quick.
    const john316 =
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.';
    const typo = checkTypedVerse(john316, john316.replace('begotten', 'forgotten'));
    expect(suggestedForTyped(typo, 1000)).toBe(2);
    const slips = checkTypedVerse(
      john316,
      'For God so loved the world that he gave his begotten son that whoever believeth in him should not perish but have life',
    );
    expect(slips).toMatchObject({ correct: 22, total: 25, wrong: 1 });
    expect(suggestedForTyped(slips, 1000)).toBe(2);
    const half = checkTypedVerse(
      john316,
      'For God so loved the world that he gave his only begotten Son',
    );
    expect(suggestedForTyped(half, 1000)).toBe(1);
  });
});
