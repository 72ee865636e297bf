import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyVerseResponse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** `day` is the day of the year, 1–366, of the visitor's local date. */
export function getDailyVerse(day: number, signal?: AbortSignal): Promise<DailyVerseResponse> {
  return apiRequest<DailyVerseResponse>(`/api/verses/daily/${day}`, signal ? { signal } : {});
}

export function dailyVerseQueryOptions(day: number) {
  return queryOptions({
    queryKey: ['verses', 'daily', day],
    queryFn: ({ signal }) => getDailyVerse(day, signal),
    staleTime: Infinity,
  });
}

export function useDailyVerse(day: number) {
  return useQuery(dailyVerseQueryOptions(day));
}
