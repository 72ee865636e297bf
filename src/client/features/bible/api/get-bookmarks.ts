import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bookmark } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const bookmarksQueryKey = ['bookmarks'] as const;

export function getBookmarks(signal?: AbortSignal): Promise<Bookmark[]> {
  return apiRequest<Bookmark[]>('/api/bookmarks', { signal });
}

export function bookmarksQueryOptions() {
  return queryOptions({
    queryKey: bookmarksQueryKey,
    queryFn: ({ signal }) => getBookmarks(signal),
  });
}

export function useBookmarks(isEnabled = true) {
  return useQuery({ ...bookmarksQueryOptions(), enabled: isEnabled });
}
