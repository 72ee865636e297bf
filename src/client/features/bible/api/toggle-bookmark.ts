import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { refreshAfterWrite } from '../../../lib/refresh-after-write.ts';
import { bookmarksQueryKey } from './get-bookmarks.ts';
import { readingStatsQueryKey } from './get-reading-stats.ts';

type ChapterRef = { book_name: string; chapter_number: number };

export function toggleBookmark(body: ChapterRef): Promise<{ bookmarked: boolean }> {
  return apiRequest<{ bookmarked: boolean }>('/api/bookmarks/toggle', { method: 'POST', body });
}

/** spec §4 bookmark toggle: adds the chapter's bookmark, or removes the one that exists. */
export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleBookmark,
    onSuccess: ({ bookmarked }, chapter) => {
      if (bookmarked) {
        notify.success('Chapter bookmarked', `${chapter.book_name} ${chapter.chapter_number}`);
      } else {
        notify.success('Bookmark removed');
      }
      void refreshAfterWrite(queryClient, bookmarksQueryKey);
      void queryClient.invalidateQueries({ queryKey: readingStatsQueryKey });
    },
    onError: (error) =>
      notify.error(
        'Bookmark Failed',
        failureDescription(error, 'There was an error updating your bookmark.'),
      ),
  });
}
