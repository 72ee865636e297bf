import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { bookmarksQueryKey } from './get-bookmarks.ts';
import { readingStatsQueryKey } from './get-reading-stats.ts';

export function deleteBookmark(id: string): Promise<void> {
  return apiRequest<void>(`/api/bookmarks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookmark,
    onSuccess: () => {
      notify.success('Bookmark removed');
      void queryClient.invalidateQueries({ queryKey: bookmarksQueryKey });
      void queryClient.invalidateQueries({ queryKey: readingStatsQueryKey });
    },
    onError: (error) =>
      notify.error('Error', failureDescription(error, 'Failed to remove bookmark.')),
  });
}
