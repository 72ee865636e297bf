import type { Bible } from '#server/bible/bible.ts';
import { books } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { stem } from './stem.ts';
import { forEachWord } from './words.ts';

/**
 * The in-memory full-text index of the KJV, built once per Bible. A verse id is the verse's
 * position in canonical order (Genesis 1:1 is 0, Revelation 22:21 is 31,101), so sorted
 * lists of verse ids are in canonical order and a passage is a range of ids.
 *
 * Posting lists are stored flat (CSR): the verses holding stem s are
 * stemPostings[stemOffsets[s] .. stemOffsets[s + 1]), ascending; the same for surface words.
 */
export type SearchIndex = {
  bible: Bible;
  verseCount: number;
  verseBook: Uint8Array;
  verseChapter: Uint8Array;
  verseNumber: Uint8Array;
  /** chapterFirstVerse[bookIndex][chapter - 1] is the id of that chapter's first verse. */
  chapterFirstVerse: number[][];
  /** Surface form (lower case, no apostrophes) → word id. */
  wordIds: Map<string, number>;
  /** Stem → stem id. */
  stemIds: Map<string, number>;
  wordStem: Uint32Array;
  wordOffsets: Uint32Array;
  wordPostings: Uint32Array;
  stemOffsets: Uint32Array;
  stemPostings: Uint32Array;
  /** The words of verse v are tokenWords[tokenStart[v] .. tokenStart[v + 1]). */
  tokenStart: Uint32Array;
  tokenWords: Uint16Array | Uint32Array;
  /** ln(verses / verses holding the stem). */
  stemIdf: Float64Array;
  /** 1 for stems in so many verses ('the', 'and', 'unto', 'lord') that alone they find little. */
  stemIsCommon: Uint8Array;
  /** How long building took, in milliseconds. */
  buildMs: number;
};

/**
 * A stem in at least this share of all verses is common: in a query with rarer words it still
 * ranks and highlights, but does not by itself make a verse a match.
 */
export const commonStemShare = 0.05;

/** Verse ids are packed into the low 15 bits of ranking keys (rank.ts). */
export const maxVerses = 1 << 15;

function buildPostings(
  termCount: number,
  verseCount: number,
  tokenStart: Uint32Array,
  tokenTerm: (tokenIndex: number) => number,
): { offsets: Uint32Array; postings: Uint32Array } {
  const lastVerse = new Int32Array(termCount).fill(-1);
  const counts = new Uint32Array(termCount + 1);
  for (let verse = 0; verse < verseCount; verse += 1) {
    for (let t = tokenStart[verse] ?? 0, end = tokenStart[verse + 1] ?? 0; t < end; t += 1) {
      const term = tokenTerm(t);
      if (lastVerse[term] !== verse) {
        lastVerse[term] = verse;
        counts[term + 1] = (counts[term + 1] ?? 0) + 1;
      }
    }
  }
  const offsets = new Uint32Array(termCount + 1);
  for (let term = 0; term < termCount; term += 1) {
    offsets[term + 1] = (offsets[term] ?? 0) + (counts[term + 1] ?? 0);
  }
  const postings = new Uint32Array(offsets[termCount] ?? 0);
  const fill = offsets.slice(0, termCount);
  lastVerse.fill(-1);
  for (let verse = 0; verse < verseCount; verse += 1) {
    for (let t = tokenStart[verse] ?? 0, end = tokenStart[verse + 1] ?? 0; t < end; t += 1) {
      const term = tokenTerm(t);
      if (lastVerse[term] !== verse) {
        lastVerse[term] = verse;
        const at = fill[term] ?? 0;
        postings[at] = verse;
        fill[term] = at + 1;
      }
    }
  }
  return { offsets, postings };
}

export function buildSearchIndex(bible: Bible): SearchIndex {
  const startedAt = performance.now();
  const verseCount = bible.verseCount;
  if (verseCount >= maxVerses) throw new Error(`Search supports fewer than ${maxVerses} verses`);
  const verseBook = new Uint8Array(verseCount);
  const verseChapter = new Uint8Array(verseCount);
  const verseNumber = new Uint8Array(verseCount);
  const chapterFirstVerse: number[][] = [];
  const tokenStart = new Uint32Array(verseCount + 1);
  const wordIds = new Map<string, number>();
  let tokens = new Uint32Array(1 << 20);
  let tokenCount = 0;
  let verseId = 0;

  bible.chapters.forEach((chapters, bookIndex) => {
    const firstVerses: number[] = [];
    chapters.forEach((verses, chapterIndex) => {
      firstVerses.push(verseId);
      verses.forEach((raw, verseIndex) => {
        verseBook[verseId] = bookIndex;
        verseChapter[verseId] = chapterIndex + 1;
        verseNumber[verseId] = verseIndex + 1;
        tokenStart[verseId] = tokenCount;
        forEachWord(parseVerseText(raw).plain, (word) => {
          let id = wordIds.get(word);
          if (id === undefined) {
            id = wordIds.size;
            wordIds.set(word, id);
          }
          if (tokenCount === tokens.length) {
            const grown = new Uint32Array(tokens.length * 2);
            grown.set(tokens);
            tokens = grown;
          }
          tokens[tokenCount] = id;
          tokenCount += 1;
        });
        verseId += 1;
      });
    });
    chapterFirstVerse.push(firstVerses);
  });
  tokenStart[verseCount] = tokenCount;
  if (verseId !== verseCount || chapterFirstVerse.length !== books.length) {
    throw new Error('The Bible does not hold the verses it counts');
  }

  const stemIds = new Map<string, number>();
  const wordStem = new Uint32Array(wordIds.size);
  for (const [word, id] of wordIds) {
    const wordStemText = stem(word);
    let stemId = stemIds.get(wordStemText);
    if (stemId === undefined) {
      stemId = stemIds.size;
      stemIds.set(wordStemText, stemId);
    }
    wordStem[id] = stemId;
  }

  const tokenWords =
    wordIds.size <= 0xffff
      ? Uint16Array.from(tokens.subarray(0, tokenCount))
      : tokens.slice(0, tokenCount);
  const words = buildPostings(wordIds.size, verseCount, tokenStart, (t) => tokenWords[t] ?? 0);
  const stems = buildPostings(
    stemIds.size,
    verseCount,
    tokenStart,
    (t) => wordStem[tokenWords[t] ?? 0] ?? 0,
  );

  const stemIdf = new Float64Array(stemIds.size);
  const stemIsCommon = new Uint8Array(stemIds.size);
  for (let s = 0; s < stemIds.size; s += 1) {
    const df = (stems.offsets[s + 1] ?? 0) - (stems.offsets[s] ?? 0);
    stemIdf[s] = Math.log(verseCount / Math.max(df, 1));
    stemIsCommon[s] = df >= verseCount * commonStemShare ? 1 : 0;
  }

  return {
    bible,
    verseCount,
    verseBook,
    verseChapter,
    verseNumber,
    chapterFirstVerse,
    wordIds,
    stemIds,
    wordStem,
    wordOffsets: words.offsets,
    wordPostings: words.postings,
    stemOffsets: stems.offsets,
    stemPostings: stems.postings,
    tokenStart,
    tokenWords,
    stemIdf,
    stemIsCommon,
    buildMs: performance.now() - startedAt,
  };
}

const indexes = new WeakMap<Bible, SearchIndex>();

/** The index of this Bible, built on first use and kept as long as the Bible is. */
export function getSearchIndex(bible: Bible): SearchIndex {
  let index = indexes.get(bible);
  if (!index) {
    index = buildSearchIndex(bible);
    indexes.set(bible, index);
  }
  return index;
}

/** The text of a verse as readers see it, without KJV markers. */
export function verseContent(index: SearchIndex, verse: number): string {
  const raw =
    index.bible.chapters[index.verseBook[verse] ?? 0]?.[(index.verseChapter[verse] ?? 1) - 1]?.[
      (index.verseNumber[verse] ?? 1) - 1
    ] ?? '';
  return parseVerseText(raw).plain;
}
