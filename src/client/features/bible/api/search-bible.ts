import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../shared/schemas/bible.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type SearchParams = { query: string; limit: number; offset: number };

export function searchBible(
  { query, limit, offset }: SearchParams,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, limit: String(limit), offset: String(offset) });
  return apiRequest<SearchResponse>(`/api/bible/search?${params.toString()}`, { signal });
}

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: ['bible', 'search', params.query, params.limit, params.offset],
    queryFn: ({ signal }) => searchBible(params, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** Searches once the (already debounced) query is non-empty; keeps the last page while paging. */
export function useBibleSearch(params: SearchParams) {
  return useQuery({
    ...searchQueryOptions(params),
    enabled: params.query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
