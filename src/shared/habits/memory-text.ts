// A verse's words as the practice modes show them (decision 016): first letters only, some
// words blanked, and a typed verse checked word by word. Pure, and free of zod (decision 014).

/** One word of a verse as written: the punctuation around it kept apart from the word. */
export type MemoryWord = {
  /** Punctuation before the word (an opening quote or bracket), often ''. */
  before: string;
  /** The word itself; '' for a token of punctuation only (a dash standing alone). */
  word: string;
  /** Punctuation after it (a comma, a full stop, a closing quote), often ''. */
  after: string;
};

const tokenParts = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su;

/** The verse's words in order, split at white space, each with the punctuation around it. */
export function memoryWords(text: string): MemoryWord[] {
  return text
    .split(/\s+/u)
    .filter((token) => token !== '')
    .map((token) => {
      const [, before = '', word = '', after = ''] = tokenParts.exec(token) ?? [];
      return word === '' ? { before: token, word: '', after: '' } : { before, word, after };
    });
}

/** Each word as its first letter, its punctuation kept: 'For God so loved the world,' → 'F G s l t w,'. */
export function firstLetters(text: string): string {
  return memoryWords(text)
    .map(({ before, word, after }) => `${before}${word.slice(0, 1)}${after}`)
    .join(' ');
}

/** A word as it is compared: lower case, letters and digits only (’ and ' alike dropped). */
export function comparableWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** A small seeded generator, so a card's blanks stay the same across renders of a review. */
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let index = 0; index < seed.length; index += 1) {
    state = Math.imul(state ^ seed.charCodeAt(index), 16777619);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** The share of a verse's words the blanks mode hides. */
export const blankShare = 0.4;

/**
 * The indexes (into memoryWords(text)) of the words to blank: `share` of the words, at least
 * one, chosen by `seed` (a card's id and reps, say: the same for one review, new for the next),
 * in order. Tokens of punctuation alone are never blanked.
 */
export function blankedWordIndexes(text: string, seed: string, share = blankShare): number[] {
  const candidates = memoryWords(text).flatMap((word, index) => (word.word ? [index] : []));
  const count = Math.min(candidates.length, Math.max(1, Math.round(candidates.length * share)));
  const random = seededRandom(seed);
  // A partial Fisher–Yates shuffle: the first `count` places hold the chosen words.
  for (let index = 0; index < count; index += 1) {
    const pick = index + Math.floor(random() * (candidates.length - index));
    [candidates[index], candidates[pick]] = [candidates[pick] ?? 0, candidates[index] ?? 0];
  }
  return candidates.slice(0, count).sort((a, b) => a - b);
}

/** How a typed verse compares with the verse, word by word. */
export type TypedCheck = {
  /** Words of the verse typed right, in order (the longest common run of words). */
  correct: number;
  /** Words in the verse. */
  total: number;
  /** Words typed that are not in the verse at their place (extra or misspelt). */
  wrong: number;
  /** Whether each of the verse's words (memoryWords' order) was typed right. */
  matched: boolean[];
};

/**
 * Compares what was typed with the verse, ignoring case, punctuation and spacing: the words in
 * common in the same order (a longest common subsequence), so a missed or extra word costs
 * itself only and not every word after it.
 */
export function checkTypedVerse(verse: string, typed: string): TypedCheck {
  const expected = memoryWords(verse)
    .map((word) => comparableWord(word.word))
    .map((word, index) => ({ word, index }))
    .filter(({ word }) => word !== '');
  const given = memoryWords(typed)
    .map((word) => comparableWord(word.word))
    .filter((word) => word !== '');
  // lengths[i][j]: the longest common run of expected[i..] and given[j..].
  const lengths = Array.from({ length: expected.length + 1 }, () =>
    new Array<number>(given.length + 1).fill(0),
  );
  for (let i = expected.length - 1; i >= 0; i -= 1) {
    for (let j = given.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] ?? [];
      row[j] =
        expected[i]?.word === given[j]
          ? (lengths[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lengths[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const matched = memoryWords(verse).map(() => false);
  let i = 0;
  let j = 0;
  while (i < expected.length && j < given.length) {
    const item = expected[i];
    if (item && item.word === given[j]) {
      matched[item.index] = true;
      i += 1;
      j += 1;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  const correct = matched.filter(Boolean).length;
  return { correct, total: expected.length, wrong: given.length - correct, matched };
}
