import type { SearchResponse, SearchResult } from '#shared/schemas/bible.ts';
import { passageReference } from './passage-reference.ts';

/** product §9: the dropdown shows the top 5. */
export const suggestionCount = 5;

export type SearchOption =
  | { type: 'goto'; id: string; reference: string }
  | { type: 'result'; id: string; result: SearchResult }
  | { type: 'all'; id: string; total: number };

/** 'Go to' a named passage, the top results, then 'See all' when there are more. */
export function optionsFor(response: SearchResponse | undefined, listId: string): SearchOption[] {
  if (!response) return [];
  const options: SearchOption[] = [];
  const reference = passageReference(response);
  if (reference) options.push({ type: 'goto', id: `${listId}-goto`, reference });
  response.results.slice(0, suggestionCount).forEach((result, index) => {
    options.push({ type: 'result', id: `${listId}-${index}`, result });
  });
  if (response.total > suggestionCount) {
    options.push({ type: 'all', id: `${listId}-all`, total: response.total });
  }
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
