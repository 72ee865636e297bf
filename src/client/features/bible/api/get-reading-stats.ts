import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadingStats } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const readingStatsQueryKey = ['progress', 'stats'] as const;

export function getReadingStats(signal?: AbortSignal): Promise<ReadingStats> {
  return apiRequest<ReadingStats>('/api/progress/stats', { signal });
}

export function readingStatsQueryOptions() {
  return queryOptions({
    queryKey: readingStatsQueryKey,
    queryFn: ({ signal }) => getReadingStats(signal),
    // Other screens change these counts (the bookmarks page, say); ask again on each visit.
    staleTime: 0,
  });
}

export function useReadingStats() {
  return useQuery(readingStatsQueryOptions());
}
