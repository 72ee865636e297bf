import { foldQuery } from '#server/fold-query.ts';
import type { SearchIndex } from './inverted-index.ts';
import { stem } from './stem.ts';
import { wordsOf } from './words.ts';

/**
 * A text query: "quoted phrases" that must each appear word for word, and loose words that
 * rank (and, when there is no phrase, find) verses by their stems.
 */
export type TextQuery = {
  /** Word ids of each phrase; a phrase with a word the KJV never uses matches nothing. */
  phrases: number[][];
  hasImpossiblePhrase: boolean;
  /** The loose words in query order, as stem ids (-1: no KJV word has that stem). */
  looseStems: number[];
  /** Distinct surface forms of the loose words found in the KJV, as word ids. */
  looseWords: number[];
  /** Distinct known stems of the loose words. */
  terms: number[];
  /** Distinct stems of the loose words, known or not: a verse 'has all terms' at this count. */
  termCount: number;
  /** Stems that find verses on their own (not common, see stemIsCommon), or all when none is. */
  significant: Set<number>;
};

export function parseTextQuery(index: SearchIndex, q: string): TextQuery {
  const parts = foldQuery(q).split('"');
  const phrases: number[][] = [];
  let hasImpossiblePhrase = false;
  const looseStems: number[] = [];
  const looseWords = new Set<number>();
  const stemTexts = new Set<string>();
  const terms = new Set<number>();
  parts.forEach((part, partIndex) => {
    const words = wordsOf(part);
    // Odd parts sit between quotes; an unclosed quote runs to the end of the query.
    if (partIndex % 2 === 1) {
      if (words.length === 0) return;
      const ids = words.map((word) => index.wordIds.get(word) ?? -1);
      if (ids.includes(-1)) hasImpossiblePhrase = true;
      phrases.push(ids);
      return;
    }
    for (const word of words) {
      const stemText = stem(word);
      const stemId = index.stemIds.get(stemText) ?? -1;
      stemTexts.add(stemText);
      looseStems.push(stemId);
      if (stemId >= 0) terms.add(stemId);
      const wordId = index.wordIds.get(word);
      if (wordId !== undefined) looseWords.add(wordId);
    }
  });
  const rare = [...terms].filter((term) => index.stemIsCommon[term] === 0);
  // Common words never make a verse a match beside rarer ones, but a query of only common
  // words ('thee', 'the lord') still finds them: the verses that have them all.
  const significant = new Set(rare.length > 0 ? rare : terms);
  return {
    phrases,
    hasImpossiblePhrase,
    looseStems,
    looseWords: [...looseWords],
    terms: [...terms],
    termCount: stemTexts.size,
    significant,
  };
}
