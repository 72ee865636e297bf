import type { SearchIndex } from './inverted-index.ts';
import type { TextQuery } from './query.ts';
import { scratchFor } from './scratch.ts';

/*
 * Which verses a text search can return: posting lists of stems and word forms, merged, and
 * phrases checked word for word.
 */

export function stemPostings(index: SearchIndex, stemId: number): Uint32Array {
  return index.stemPostings.subarray(index.stemOffsets[stemId], index.stemOffsets[stemId + 1]);
}

export function wordPostings(index: SearchIndex, wordId: number): Uint32Array {
  return index.wordPostings.subarray(index.wordOffsets[wordId], index.wordOffsets[wordId + 1]);
}

/** Sorted ids in both sorted lists; walks the shorter one and gallops through the longer. */
function intersect(a: Uint32Array | number[], b: Uint32Array | number[]): number[] {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out: number[] = [];
  let low = 0;
  for (const value of small) {
    let step = 1;
    let high = low;
    while (high < large.length && (large[high] ?? 0) < value) {
      low = high + 1;
      high += step;
      step *= 2;
    }
    high = Math.min(high, large.length);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((large[mid] ?? 0) < value) low = mid + 1;
      else high = mid;
    }
    if (low === large.length) break;
    if (large[low] === value) out.push(value);
  }
  return out;
}

export function hasPhraseAt(
  index: SearchIndex,
  position: number,
  end: number,
  phrase: number[],
): boolean {
  if (position + phrase.length > end) return false;
  for (let k = 0; k < phrase.length; k += 1) {
    if (index.tokenWords[position + k] !== phrase[k]) return false;
  }
  return true;
}

function verseHasPhrase(index: SearchIndex, verse: number, phrase: number[]): boolean {
  const start = index.tokenStart[verse] ?? 0;
  const end = index.tokenStart[verse + 1] ?? 0;
  for (let position = start; position < end; position += 1) {
    if (hasPhraseAt(index, position, end, phrase)) return true;
  }
  return false;
}

/** Verses holding every phrase, in canonical order. */
function phraseMatches(index: SearchIndex, query: TextQuery): number[] {
  if (query.hasImpossiblePhrase) return [];
  const lists = query.phrases
    .flatMap((phrase) => [...new Set(phrase)])
    .map((wordId) => wordPostings(index, wordId))
    .sort((a, b) => a.length - b.length);
  let candidates: Uint32Array | number[] = lists[0] ?? [];
  for (const list of lists.slice(1)) candidates = intersect(candidates, list);
  const matches: number[] = [];
  for (const verse of candidates) {
    if (query.phrases.every((phrase) => verseHasPhrase(index, verse, phrase))) matches.push(verse);
  }
  return matches;
}

/**
 * Verses that can match, in canonical order: with phrases, those holding every phrase;
 * otherwise those with any rare term, or, when every term is common ('son of god', 'the lord'),
 * those with all of them.
 */
export function textCandidates(index: SearchIndex, query: TextQuery): number[] {
  if (query.phrases.length > 0) return phraseMatches(index, query);
  const significant = [...query.significant];
  if (significant.every((term) => index.stemIsCommon[term] === 1)) {
    const lists = significant
      .map((term) => stemPostings(index, term))
      .sort((a, b) => a.length - b.length);
    let verses: Uint32Array | number[] = lists[0] ?? [];
    for (const list of lists.slice(1)) verses = intersect(verses, list);
    return Array.from(verses);
  }
  const { isCandidate } = scratchFor(index);
  for (const term of significant) {
    for (const verse of stemPostings(index, term)) isCandidate[verse] = 1;
  }
  // Reading the flags back in order keeps the candidates in canonical order.
  const verses: number[] = [];
  for (let verse = 0; verse < index.verseCount; verse += 1) {
    if (isCandidate[verse] === 1) {
      isCandidate[verse] = 0;
      verses.push(verse);
    }
  }
  return verses;
}
