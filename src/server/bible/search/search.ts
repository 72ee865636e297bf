import type { Bible } from '#server/bible/bible.ts';
import { books } from '#shared/bible/books.ts';
import type { SearchResponse, SearchResult } from '#shared/schemas/bible.ts';
import { highlightsFor } from './highlight.ts';
import { getSearchIndex, verseContent, type SearchIndex } from './inverted-index.ts';
import { parseTextQuery } from './query.ts';
import { rankText } from './rank.ts';
import { findMissingReference, findReferenceVerses } from './reference.ts';

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
