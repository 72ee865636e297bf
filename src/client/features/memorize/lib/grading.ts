// How a practice went, as a suggested FSRS grade (decision 016): the blanks filled in and a
// typed verse are checked word by word; the person may accept the suggestion or choose another.
import { comparableWord, type MemoryWord, type TypedCheck } from '#shared/habits/memory-text.ts';
import type { ReviewRating } from '#shared/rules/habits.ts';

/** The grades' names, by rating (ts-fsrs: 1 Again, 2 Hard, 3 Good, 4 Easy). */
export const ratingNames: Record<ReviewRating, string> = {
  1: 'Again',
  2: 'Hard',
  3: 'Good',
  4: 'Easy',
};

/** Whether a blank was filled in with its word (case and punctuation forgiven). */
export function isRightWord(expected: string, given: string): boolean {
  const wanted = comparableWord(expected);
  return wanted !== '' && comparableWord(given) === wanted;
}

/** One blank after checking. */
export type BlankResult = { index: number; expected: string; given: string; isRight: boolean };

export function checkBlanks(
  words: readonly MemoryWord[],
  blanks: readonly number[],
  answers: Readonly<Record<number, string>>,
): BlankResult[] {
  return blanks.map((index) => {
    const expected = words[index]?.word ?? '';
    const given = answers[index] ?? '';
    return { index, expected, given, isRight: isRightWord(expected, given) };
  });
}

/**
 * All right: Good; a few mistakes (at most one in four): Hard, remembered with effort; more:
 * Again, not remembered. The same for blanks and for a typed verse, where a missed word and a
 * wrong or extra one each count.
 */
function ratingForMistakes(mistakes: number, total: number): ReviewRating {
  if (total > 0 && mistakes === 0) return 3;
  if (total > 0 && mistakes <= total / 4) return 2;
  return 1;
}

export function ratingForBlanks(results: readonly BlankResult[]): ReviewRating {
  const wrong = results.filter((result) => !result.isRight).length;
  return ratingForMistakes(wrong, results.length);
}

export function ratingForTyped({ correct, total, wrong }: TypedCheck): ReviewRating {
  return ratingForMistakes(total - correct + wrong, total);
}

/** Up to this long per blank, a perfect answer counts as quick (Easy). */
export const quickMsPerBlank = 4000;
/** Up to this long per word, a perfectly typed verse counts as quick (Easy): about 40 words a minute. */
export const quickMsPerTypedWord = 1500;

/** A perfect answer given quickly is Easy; anything else keeps its grade. */
function easyIfQuick(rating: ReviewRating, elapsedMs: number, quickMs: number): ReviewRating {
  return rating === 3 && elapsedMs <= quickMs ? 4 : rating;
}

export function suggestedForBlanks(results: readonly BlankResult[], elapsedMs: number) {
  return easyIfQuick(ratingForBlanks(results), elapsedMs, results.length * quickMsPerBlank);
}

export function suggestedForTyped(check: TypedCheck, elapsedMs: number) {
  return easyIfQuick(ratingForTyped(check), elapsedMs, check.total * quickMsPerTypedWord);
}
