import type { SearchResponse, SearchResult, SearchStrongsWord } from '#shared/schemas/bible.ts';
import { passageReference } from './passage-reference.ts';

/** product §9: the dropdown shows the top 5. */
export const suggestionCount = 5;

export type SearchOption =
  | { type: 'goto'; id: string; reference: string }
  | { type: 'result'; id: string; result: SearchResult }
  | { type: 'all'; id: string; total: number }
  /**
   * An original word: the one whose verses follow (a Strong's search, opening every result), or
   * the one an English word may also be ('Did you mean…', opening that word's verses).
   */
  | { type: 'word'; id: string; word: SearchStrongsWord; isOffer: boolean };

/**
 * 'Go to' a named passage or the original word searched for, the top results, then 'See all'
 * when there are more; after the results of an English word, the original word it may be.
 */
export function optionsFor(response: SearchResponse | undefined, listId: string): SearchOption[] {
  if (!response) return [];
  const options: SearchOption[] = [];
  const reference = passageReference(response);
  if (reference) options.push({ type: 'goto', id: `${listId}-goto`, reference });
  if (response.kind === 'strongs' && response.strongs) {
    options.push({ type: 'word', id: `${listId}-word`, word: response.strongs, isOffer: false });
  }
  response.results.slice(0, suggestionCount).forEach((result, index) => {
    options.push({ type: 'result', id: `${listId}-${index}`, result });
  });
  if (response.total > suggestionCount) {
    options.push({ type: 'all', id: `${listId}-all`, total: response.total });
  }
  const offer = response.kind === 'text' ? response.strongs_matches?.[0] : undefined;
  if (offer) options.push({ type: 'word', id: `${listId}-offer`, word: offer, isOffer: true });
  return options;
}

/** What the search box's live status says (and the dropdown, when it has no options). */
export function searchStatus({
  query,
  response,
  isError,
  isFetching,
}: {
  /** The query searched for; '' when nothing is. */
  query: string;
  response: SearchResponse | undefined;
  isError: boolean;
  isFetching: boolean;
}): string {
  const hasQuery = query !== '';
  if (hasQuery && isError) return 'Search is not available right now. Please try again.';
  if (hasQuery && !response && isFetching) return 'Searching…';
  if (response?.kind === 'missing' && response.note) return response.note;
  if (response && response.total === 0) return `No verses found for “${query}”.`;
  if (response) return `${response.total} ${response.total === 1 ? 'verse' : 'verses'} found.`;
  return '';
}
