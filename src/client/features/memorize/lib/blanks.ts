import { blankedWordIndexes, comparableWord, type MemoryWord } from '#shared/habits/memory-text.ts';

/** Words too small to be worth a blank: the person would be guessing 'the' or 'of'. */
const smallWords = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'for',
  'is',
  'it',
  'be',
  'as',
  'so',
  'he',
  'i',
  'we',
  'ye',
  'my',
  'me',
  'us',
  'o',
  'that',
  'with',
  'not',
  'his',
  'her',
  'they',
  'them',
  'this',
  'thy',
  'thee',
  'unto',
  'shall',
  'was',
  'are',
  'have',
  'hath',
]);

export function isSmallWord(word: string): boolean {
  return smallWords.has(comparableWord(word));
}

/**
 * The words of a card's verse to leave blank this review: those the shared helper chooses for
 * the seed (the same on every render of one review, others next time), less the small words,
 * and always at least one.
 */
export function blanksFor(words: readonly MemoryWord[], text: string, seed: string): number[] {
  const chosen = blankedWordIndexes(text, seed);
  const worthIt = chosen.filter((index) => !isSmallWord(words[index]?.word ?? ''));
  if (worthIt.length > 0) return worthIt;
  const firstBig = words.findIndex(({ word }) => word !== '' && !isSmallWord(word));
  return firstBig === -1 ? chosen.slice(0, 1) : [firstBig];
}
