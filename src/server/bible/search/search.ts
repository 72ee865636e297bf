import type { Bible } from '#server/bible/bible.ts';
import { books } from '#shared/bible/books.ts';
import type { SearchResponse, SearchResult, SearchStrongsWord } from '#shared/schemas/bible.ts';
import { highlightsFor } from './highlight.ts';
import { getSearchIndex, verseContent, type SearchIndex } from './inverted-index.ts';
import { parseTextQuery } from './query.ts';
import { rankText } from './rank.ts';
import { findMissingReference, findReferenceVerses } from './reference.ts';
import {
  isWordOfTheText,
  strongsHighlights,
  strongsNumberOf,
  strongsVerses,
  strongsWord,
  strongsWordOfCode,
  transliterationMatches,
} from './strongs-search.ts';

export type SearchInput = { q: string; limit: number; offset: number };

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

/** Other original words a one-word query may be, beside the one listed: three at most. */
const strongsMatchesShown = 3;

/**
 * The verses where a Strong's number stands, in Bible order, in the words of the index's
 * translation; in the KJV, whose words carry the tagging, the words that render it highlighted.
 */
function searchStrongs(
  index: SearchIndex,
  kjv: Bible,
  input: SearchInput,
  number: string,
  others: SearchStrongsWord[] = [],
): SearchResponse {
  const { q, limit, offset } = input;
  const word = strongsWord(kjv, number);
  if (!word) return { query: q, kind: 'strongs', total: 0, results: [] };
  const { total, page } = strongsVerses(kjv, index, number, offset, limit);
  const isKjv = index.bible === kjv;
  return {
    query: q,
    kind: 'strongs',
    total,
    results: page.map((verse) =>
      toResult(
        index,
        verse,
        isKjv ? (content) => strongsHighlights(verse, content, number) : undefined,
      ),
    ),
    strongs: word,
    ...(others.length > 0 ? { strongs_matches: others } : {}),
  };
}

/**
 * Searches a Bible: a query that is a reference returns that passage's verses in order; a
 * Strong's number ('H2617') the verses where the KJV's tagging has it; anything else is a ranked
 * full-text search, and a single word that is no word of the text but the transliteration of an
 * original word ('chesed') finds that word's verses. Results are one page; total counts them
 * all. `kjv` is the Bible the tagging belongs to: without it, no Strong's search.
 */
export function searchBible(
  index: SearchIndex,
  input: SearchInput,
  kjv: Bible | undefined = index.bible.translation === 'kjv' ? index.bible : undefined,
): SearchResponse {
  const { q, limit, offset } = input;
  const number = kjv ? strongsNumberOf(q) : null;
  if (kjv && number) return searchStrongs(index, kjv, input, number);
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
  // the words, since 'I am 3' is a fair text search (decision 010).
  const missing = findMissingReference(index, q);
  if (missing && !missing.isUnknownBook) {
    return { query: q, kind: 'missing', total: 0, results: [], note: missing.note };
  }
  const query = parseTextQuery(index, q);
  const { total, page } = rankText(index, query, offset, limit);
  if (missing && total === 0) {
    return { query: q, kind: 'missing', total: 0, results: [], note: missing.note };
  }
  // A word that is also a transliteration: the text's own verses when it has the word ('hen'),
  // with the original word offered beside them; else the original word's verses ('chesed').
  const matches = kjv && !missing ? transliterationMatches(q) : [];
  const words = kjv
    ? matches
        .slice(0, strongsMatchesShown + 1)
        .flatMap((code) => strongsWordOfCode(kjv, code) ?? [])
    : [];
  const [first, ...rest] = words;
  // A name the text has a few times ('Chesed', 'Jehovah-shalom') gives way to the original
  // word; a word it uses as English ('hen'), or a name as common as the number, does not.
  if (kjv && first && (total === 0 || (total * 4 <= first.total && !isWordOfTheText(index, q)))) {
    return searchStrongs(index, kjv, input, first.number, rest.slice(0, strongsMatchesShown));
  }
  return {
    query: q,
    kind: 'text',
    total,
    results: page.map((verse) =>
      toResult(index, verse, (content) => highlightsFor(index, query, verse, content)),
    ),
    ...(words.length > 0 ? { strongs_matches: words.slice(0, strongsMatchesShown) } : {}),
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
