// The bookmarks resource (/api/bookmarks): the chapters a signed-in reader bookmarked, listed
// on the bookmarks page and in the reader's stats, toggled from the reader.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '../../shared/schemas/reading.ts';
import { apiDelete, apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { failureDescription } from '../lib/offline/failure-description.ts';
import type { QueryErrorToast } from '../lib/query-client.ts';
import { refetchAfterLastWrite, refreshAfterWrite } from '../lib/refresh-after-write.ts';
import { progressKeys, type ChapterRef } from './progress.ts';

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  /** Every removal, so that the last one to finish refetches the list. */
  deletes: ['bookmarks', 'delete'] as const,
};

/** The signed-in user's bookmarked chapters, newest first. */
export function getBookmarks(signal?: AbortSignal): Promise<Bookmark[]> {
  return apiRequest<Bookmark[]>('/api/bookmarks', signal ? { signal } : {});
}

export function bookmarksQueryOptions() {
  return queryOptions({
    queryKey: bookmarkKeys.all,
    queryFn: ({ signal }) => getBookmarks(signal),
  });
}

/**
 * `errorToast`: the words a screen toasts when the list cannot be loaded (the reader's stats
 * show the failure in place and pass none).
 */
export function useBookmarks({
  isEnabled = true,
  errorToast,
}: { isEnabled?: boolean; errorToast?: QueryErrorToast } = {}) {
  return useQuery({
    ...bookmarksQueryOptions(),
    enabled: isEnabled,
    ...(errorToast ? { meta: { errorToast } } : {}),
  });
}

export function toggleBookmark(body: ChapterRef): Promise<{ bookmarked: boolean }> {
  return apiRequest<{ bookmarked: boolean }>('/api/bookmarks/toggle', { method: 'POST', body });
}

/** product §4 bookmark toggle: adds the chapter's bookmark, or removes the one that exists. */
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
      void refreshAfterWrite(queryClient, bookmarkKeys.all);
      void queryClient.invalidateQueries({ queryKey: progressKeys.stats });
    },
    onError: (error) =>
      notify.error(
        'Bookmark Failed',
        failureDescription(error, 'There was an error updating your bookmark.'),
      ),
  });
}

/** Already gone (a 404) counts as removed. */
export function deleteBookmark(id: string): Promise<void> {
  return apiDelete(`/api/bookmarks/${encodeURIComponent(id)}`);
}

/** Newest first, as the server lists them; puts a bookmark back where it was. */
function putBack(list: Bookmark[] | undefined, bookmark: Bookmark): Bookmark[] | undefined {
  if (!list || list.some((item) => item.id === bookmark.id)) return list;
  return [...list, bookmark].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Removes a bookmark and toasts 'Bookmark removed', or the product §8 'Error' / 'Failed to remove
 * bookmark.'. `isOptimistic` (the bookmarks page): the card goes at once and comes back if the
 * removal fails; otherwise (the reader's stats) the list changes when the server has answered.
 */
export function useDeleteBookmark({ isOptimistic = false }: { isOptimistic?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: bookmarkKeys.deletes,
    mutationFn: (bookmark: Bookmark) => deleteBookmark(bookmark.id),
    onMutate: async (bookmark) => {
      if (!isOptimistic) return;
      await queryClient.cancelQueries({ queryKey: bookmarkKeys.all });
      queryClient.setQueryData<Bookmark[]>(bookmarkKeys.all, (list) =>
        list?.filter((item) => item.id !== bookmark.id),
      );
    },
    onSuccess: () => {
      notify.success('Bookmark removed');
      void queryClient.invalidateQueries({ queryKey: progressKeys.stats });
    },
    onError: (error, bookmark) => {
      // Only this bookmark returns: other removals in flight keep their optimistic state.
      if (isOptimistic) {
        queryClient.setQueryData<Bookmark[]>(bookmarkKeys.all, (list) => putBack(list, bookmark));
      }
      notify.error('Error', failureDescription(error, 'Failed to remove bookmark.'));
    },
    onSettled: () => {
      const refresh = refetchAfterLastWrite(queryClient, {
        mutationKey: bookmarkKeys.deletes,
        queryKey: bookmarkKeys.all,
      });
      // The optimistic list stays 'removing' until it is fresh; the stats' list is not held up.
      return isOptimistic ? refresh : undefined;
    },
  });
}
