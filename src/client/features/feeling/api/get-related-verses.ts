import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../shared/schemas/bible.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Three verses are shown, drawn from the best matches rather than the first three in Bible order. */
const shownCount = 3;
const poolSize = 30;

/** Three of the results, chosen at random, kept in Bible order. */
export function sampleResults(
  response: SearchResponse,
  random: () => number = Math.random,
): SearchResponse {
  const indexes = response.results.map((_, index) => index);
  for (let i = indexes.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
  }
  const chosen = indexes.slice(0, shownCount).sort((a, b) => a - b);
  return { ...response, results: chosen.map((index) => response.results[index]!) };
}

export async function getRelatedVerses(
  topic: string,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: topic, limit: String(poolSize) });
  const response = await apiRequest<SearchResponse>(`/api/bible/search?${params.toString()}`, {
    signal,
  });
  return sampleResults(response);
}

export function relatedVersesQueryOptions(topic: string) {
  return queryOptions({
    queryKey: ['bible', 'search', 'related', topic],
    queryFn: ({ signal }) => getRelatedVerses(topic, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useRelatedVerses(topic: string) {
  return useQuery(relatedVersesQueryOptions(topic));
}
