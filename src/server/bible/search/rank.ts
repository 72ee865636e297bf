import { maxVerses, type SearchIndex } from './inverted-index.ts';
import { stemPostings, textCandidates, wordPostings } from './match.ts';
import type { TextQuery } from './query.ts';
import { scratchFor } from './scratch.ts';

/*
 * How a text search orders its verses (decision 010): all the terms first, then the rarity of
 * the terms a verse has, then how closely it follows the query, then canonical order.
 */

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

export function rankText(
  index: SearchIndex,
  query: TextQuery,
  offset: number,
  limit: number,
): Ranked {
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
