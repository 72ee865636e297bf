import type { SearchIndex } from './inverted-index.ts';
import { hasPhraseAt } from './match.ts';
import type { TextQuery } from './query.ts';
import { forEachWord } from './words.ts';

/**
 * [start, end) of each verse word the query matched: the words of every phrase occurrence and
 * the words of the loose terms. In a verse without all the terms, common words ('the', 'so')
 * are marked only where they continue a run of query words ('the' in 'loved the world', not
 * every 'the' in the verse).
 */
export function highlightsFor(
  index: SearchIndex,
  query: TextQuery,
  verse: number,
  content: string,
): [number, number][] {
  const start = index.tokenStart[verse] ?? 0;
  const end = index.tokenStart[verse + 1] ?? 0;
  const stemAt = (position: number) => index.wordStem[index.tokenWords[position] ?? 0] ?? -1;
  const isMarked = new Uint8Array(end - start);
  for (const phrase of query.phrases) {
    for (let position = start; position < end; position += 1) {
      if (hasPhraseAt(index, position, end, phrase)) {
        isMarked.fill(1, position - start, position - start + phrase.length);
      }
    }
  }
  const terms = new Set(query.terms);
  const found = new Set<number>();
  for (let position = start; position < end; position += 1) {
    if (terms.has(stemAt(position))) found.add(stemAt(position));
  }
  const marksEveryTerm = found.size === query.termCount;
  const { looseStems } = query;
  for (let position = start; position < end; position += 1) {
    const stem = stemAt(position);
    if (!terms.has(stem)) continue;
    if (marksEveryTerm || query.significant.has(stem)) isMarked[position - start] = 1;
    for (let q = 0; q < looseStems.length; q += 1) {
      let length = 0;
      while (
        position + length < end &&
        q + length < looseStems.length &&
        stemAt(position + length) === looseStems[q + length]
      ) {
        length += 1;
      }
      if (length >= 2) isMarked.fill(1, position - start, position - start + length);
    }
  }
  const highlights: [number, number][] = [];
  let k = 0;
  forEachWord(content, (_word, wordStart, wordEnd) => {
    if (isMarked[k] === 1) highlights.push([wordStart, wordEnd]);
    k += 1;
  });
  return highlights;
}
