import { books } from '../../shared/bible/books.ts';
import type { SearchResponse, SearchResult } from '../../shared/schemas/bible.ts';
import type { Bible } from './kjv.ts';
import { getSearchIndex, maxVerses, verseContent, type SearchIndex } from './search-index.ts';
import { findMissingReference, findReferenceVerses } from './search-reference.ts';
import { foldQuery, forEachWord, wordsOf } from './search-text.ts';
import { stem } from './stem.ts';

export type SearchInput = { q: string; limit: number; offset: number };

/**
 * A text query: "quoted phrases" that must each appear word for word, and loose words that
 * rank (and, when there is no phrase, find) verses by their stems.
 */
type TextQuery = {
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

function parseTextQuery(index: SearchIndex, q: string): TextQuery {
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

function stemPostings(index: SearchIndex, stemId: number): Uint32Array {
  return index.stemPostings.subarray(index.stemOffsets[stemId], index.stemOffsets[stemId + 1]);
}

function wordPostings(index: SearchIndex, wordId: number): Uint32Array {
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

function hasPhraseAt(index: SearchIndex, position: number, end: number, phrase: number[]): boolean {
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

type Scratch = {
  count: Uint16Array;
  idf: Float64Array;
  exact: Uint16Array;
  isCandidate: Uint8Array;
  /** Stem id → its slot among the query's terms, or -1. */
  stemSlot: Int32Array;
};
const scratches = new WeakMap<SearchIndex, Scratch>();

/** Per-verse and per-stem arrays reused between searches (searching is synchronous). */
function scratchFor(index: SearchIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = {
      count: new Uint16Array(index.verseCount),
      idf: new Float64Array(index.verseCount),
      exact: new Uint16Array(index.verseCount),
      isCandidate: new Uint8Array(index.verseCount),
      stemSlot: new Int32Array(index.stemIds.size).fill(-1),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** Length of the longest stretch of verse words that repeats a stretch of the query's words. */
function longestRun(
  index: SearchIndex,
  start: number,
  end: number,
  looseStems: number[],
  stemSlot: Int32Array,
): number {
  let best = 0;
  for (let position = start; position < end; position += 1) {
    const stemAt = index.wordStem[index.tokenWords[position] ?? 0] ?? 0;
    if ((stemSlot[stemAt] ?? -1) < 0) continue;
    for (let q = 0; q < looseStems.length; q += 1) {
      if (looseStems[q] !== stemAt) continue;
      let length = 1;
      while (
        position + length < end &&
        q + length < looseStems.length &&
        index.wordStem[index.tokenWords[position + length] ?? 0] === looseStems[q + length]
      ) {
        length += 1;
      }
      if (length > best) best = length;
    }
  }
  return best;
}

/** Words in the shortest stretch of the verse that holds every query term the verse has. */
function shortestWindow(
  index: SearchIndex,
  start: number,
  end: number,
  stemSlot: Int32Array,
  inWindow: Uint16Array,
  needed: number,
): number {
  inWindow.fill(0);
  let have = 0;
  let best = end - start;
  let left = start;
  for (let right = start; right < end; right += 1) {
    const slot = stemSlot[index.wordStem[index.tokenWords[right] ?? 0] ?? 0] ?? -1;
    if (slot < 0) continue;
    if (inWindow[slot] === 0) have += 1;
    inWindow[slot] = (inWindow[slot] ?? 0) + 1;
    while (have === needed) {
      best = Math.min(best, right - left + 1);
      const leftSlot = stemSlot[index.wordStem[index.tokenWords[left] ?? 0] ?? 0] ?? -1;
      if (leftSlot >= 0) {
        inWindow[leftSlot] = (inWindow[leftSlot] ?? 0) - 1;
        if (inWindow[leftSlot] === 0) have -= 1;
      }
      left += 1;
    }
  }
  return best;
}

/** The k-th largest value (k from 1), by quickselect; reorders values. */
function kthLargest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] ?? 0;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] ?? 0) > pivot) i += 1;
      while ((values[j] ?? 0) < pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target] ?? 0;
}

// Ranking keys pack, from most to least significant: has all terms (1 bit), the summed IDF of
// the terms it has (22 bits, in thousandths), the proximity and exact-form bonus (11 bits) and
// the verse id, inverted so that ties fall in canonical order (15 bits). 49 bits stay exact in
// a double, so one numeric sort ranks them.
const idfScale = 1000;
const idfLimit = 2 ** 22 - 1;
const bonusLimit = 2 ** 11 - 1;
const maxRunCounted = 20;

/** The two leading parts of a ranking key: has all terms, then the IDF of those it has. */
function rankHigh(hasAll: boolean, idfSum: number): number {
  return (hasAll ? 2 ** 22 : 0) + Math.min(Math.round(idfSum * idfScale), idfLimit);
}

function rankKey(high: number, bonus: number, verse: number): number {
  return (high * 2 ** 11 + Math.min(bonus, bonusLimit)) * maxVerses + (maxVerses - 1 - verse);
}

type Ranked = { total: number; page: number[] };

/**
 * How closely a verse follows the query: 32 per word of the longest run of query words it
 * repeats (from 2), up to 16 for holding its terms in a short window, 2 per exact word form.
 */
function closenessBonus(
  index: SearchIndex,
  query: TextQuery,
  verse: number,
  matched: number,
  exactForms: number,
  buffers: { stemSlot: Int32Array; inWindow: Uint16Array },
): number {
  let bonus = 2 * exactForms;
  if (matched < 2) return bonus;
  const start = index.tokenStart[verse] ?? 0;
  const end = index.tokenStart[verse + 1] ?? 0;
  const run = longestRun(index, start, end, query.looseStems, buffers.stemSlot);
  if (run >= 2) bonus += 32 * Math.min(run, maxRunCounted);
  const window = shortestWindow(index, start, end, buffers.stemSlot, buffers.inWindow, matched);
  return bonus + Math.floor((16 * matched) / window);
}

/**
 * Verses with all the terms first, then by the rarity (IDF) of the terms they have, then by
 * how closely they follow the query (longest run of its words, shortest window holding them,
 * exact word forms), then in canonical order. The costly closeness bonus is worked out only for
 * verses that can reach the page: those whose first two parts tie with the page's last or beat it.
 */
function rankScored(
  index: SearchIndex,
  query: TextQuery,
  candidates: number[],
  offset: number,
  limit: number,
): Ranked {
  const { count, idf, exact, isCandidate, stemSlot } = scratchFor(index);
  for (const verse of candidates) isCandidate[verse] = 1;
  for (const term of query.terms) {
    const termIdf = index.stemIdf[term] ?? 0;
    for (const verse of stemPostings(index, term)) {
      if (isCandidate[verse] === 0) continue;
      count[verse] = (count[verse] ?? 0) + 1;
      idf[verse] = (idf[verse] ?? 0) + termIdf;
    }
  }
  for (const wordId of query.looseWords) {
    for (const verse of wordPostings(index, wordId)) {
      if (isCandidate[verse] === 1) exact[verse] = (exact[verse] ?? 0) + 1;
    }
  }
  const highs = new Float64Array(candidates.length);
  candidates.forEach((verse, i) => {
    highs[i] = rankHigh(count[verse] === query.termCount, idf[verse] ?? 0);
  });

  const wanted = Math.min(offset + limit, candidates.length);
  const page: number[] = [];
  if (wanted > offset) {
    const threshold = kthLargest(highs.slice(), wanted);
    let tiesNeeded = wanted;
    for (const high of highs) if (high > threshold) tiesNeeded -= 1;
    const runLength = query.looseStems.length;
    const bestBonus =
      (runLength >= 2 ? 32 * Math.min(runLength, maxRunCounted) : 0) +
      16 +
      2 * query.looseWords.length;
    query.terms.forEach((term, slot) => (stemSlot[term] = slot));
    const inWindow = new Uint16Array(query.terms.length);
    const keys: number[] = [];
    candidates.forEach((verse, i) => {
      const high = highs[i] ?? 0;
      if (high < threshold) return;
      // Candidates come in canonical order: once enough verses tied with the page's last one
      // have the best bonus there is, later ties cannot get onto the page.
      if (high === threshold && tiesNeeded === 0) return;
      const bonus = closenessBonus(index, query, verse, count[verse] ?? 0, exact[verse] ?? 0, {
        stemSlot,
        inWindow,
      });
      if (high === threshold && bonus >= bestBonus) tiesNeeded -= 1;
      keys.push(rankKey(high, bonus, verse));
    });
    for (const term of query.terms) stemSlot[term] = -1;
    const sorted = Float64Array.from(keys).sort();
    for (let i = offset; i < wanted; i += 1) {
      const key = sorted[sorted.length - 1 - i] ?? 0;
      page.push(maxVerses - 1 - (key % maxVerses));
    }
  }
  for (const verse of candidates) {
    count[verse] = 0;
    idf[verse] = 0;
    exact[verse] = 0;
    isCandidate[verse] = 0;
  }
  return { total: candidates.length, page };
}

/**
 * One loose word (the common case): verses with the word exactly as typed first, then those
 * with another form of it, each in canonical order. The same order rankScored would give.
 */
function rankOneTerm(index: SearchIndex, query: TextQuery, offset: number, limit: number): Ranked {
  const all = stemPostings(index, query.terms[0] ?? 0);
  const wordId = query.looseWords[0];
  const exact = wordId === undefined ? new Uint32Array(0) : wordPostings(index, wordId);
  const page: number[] = [];
  for (let i = offset; i < Math.min(offset + limit, exact.length); i += 1) {
    page.push(exact[i] ?? 0);
  }
  let skip = Math.max(0, offset - exact.length);
  let e = 0;
  for (let a = 0; a < all.length && page.length < limit; a += 1) {
    const verse = all[a] ?? 0;
    while (e < exact.length && (exact[e] ?? 0) < verse) e += 1;
    if (exact[e] === verse) continue;
    if (skip > 0) skip -= 1;
    else page.push(verse);
  }
  return { total: all.length, page };
}

/**
 * Verses that can match, in canonical order: with phrases, those holding every phrase;
 * otherwise those with any rare term, or, when every term is common ('son of god', 'the lord'),
 * those with all of them.
 */
function textCandidates(index: SearchIndex, query: TextQuery): number[] {
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

function rankText(index: SearchIndex, query: TextQuery, offset: number, limit: number): Ranked {
  if (query.phrases.length === 0 && query.terms.length === 0) return { total: 0, page: [] };
  if (query.phrases.length === 0 && query.termCount === 1 && query.looseWords.length <= 1) {
    return rankOneTerm(index, query, offset, limit);
  }
  const candidates = textCandidates(index, query);
  if (query.terms.length === 0) {
    return { total: candidates.length, page: candidates.slice(offset, offset + limit) };
  }
  return rankScored(index, query, candidates, offset, limit);
}

/**
 * [start, end) of each verse word the query matched: the words of every phrase occurrence and
 * the words of the loose terms. In a verse without all the terms, common words ('the', 'so')
 * are marked only where they continue a run of query words ('the' in 'loved the world', not
 * every 'the' in the verse).
 */
function highlightsFor(
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

function toResult(
  index: SearchIndex,
  verse: number,
  highlight?: (content: string) => [number, number][],
): SearchResult {
  const book = books[index.verseBook[verse] ?? 0]?.name ?? '';
  const chapter = index.verseChapter[verse] ?? 0;
  const verseNumber = index.verseNumber[verse] ?? 0;
  const content = verseContent(index, verse);
  return {
    reference: `${book} ${chapter}:${verseNumber}`,
    book,
    chapter,
    verse: verseNumber,
    content,
    highlights: highlight ? highlight(content) : [],
  };
}

/**
 * Searches the KJV: a query that is a reference returns that passage's verses in order;
 * anything else is a ranked full-text search. Results are one page; total counts them all.
 */
export function searchBible(index: SearchIndex, input: SearchInput): SearchResponse {
  const { q, limit, offset } = input;
  const referenceVerses = findReferenceVerses(index, q);
  if (referenceVerses) {
    return {
      query: q,
      kind: 'reference',
      total: referenceVerses.length,
      results: referenceVerses.slice(offset, offset + limit).map((verse) => toResult(index, verse)),
    };
  }
  // A reference the KJV does not have says why, rather than finding the book's name as a word
  // ('Psalm 151' is not the verses that say 'psalm'); an unknown book only when no verse has
  // the words, since 'I am 3' is a fair text search (issue 21 item 9).
  const missing = findMissingReference(index, q);
  if (missing && !missing.isUnknownBook) {
    return { query: q, kind: 'missing', total: 0, results: [], note: missing.note };
  }
  const query = parseTextQuery(index, q);
  const { total, page } = rankText(index, query, offset, limit);
  if (missing && total === 0) {
    return { query: q, kind: 'missing', total: 0, results: [], note: missing.note };
  }
  return {
    query: q,
    kind: 'text',
    total,
    results: page.map((verse) =>
      toResult(index, verse, (content) => highlightsFor(index, query, verse, content)),
    ),
  };
}

/**
 * The index of this Bible, built if need be, after one search of each kind: the reference
 * parser and the ranking code warm up here, at start-up, rather than on someone's first search.
 */
export function prepareSearch(bible: Bible): SearchIndex {
  const index = getSearchIndex(bible);
  searchBible(index, { q: 'John 3:16', limit: 1, offset: 0 });
  searchBible(index, { q: 'love one another', limit: 1, offset: 0 });
  return index;
}
