import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '../../../../shared/schemas/reading.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { bookmarksQueryKey } from './get-bookmarks.ts';

const deleteBookmarkMutationKey = ['bookmarks', 'delete'] as const;

export async function deleteBookmark(id: string): Promise<void> {
  try {
    await apiRequest<void>(`/api/bookmarks/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    // Already gone (removed in another tab, say): what the person asked for is done.
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** Newest first, as the server lists them; puts a bookmark back where it was. */
function restore(list: Bookmark[] | undefined, bookmark: Bookmark): Bookmark[] | undefined {
  if (!list || list.some((item) => item.id === bookmark.id)) return list;
  return [...list, bookmark].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Removes a bookmark at once (optimistic) and toasts 'Bookmark removed'; on failure it comes
 * back and the spec §8 toast 'Error' / 'Failed to remove bookmark.' is shown.
 */
export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteBookmarkMutationKey,
    mutationFn: (bookmark: Bookmark) => deleteBookmark(bookmark.id),
    onMutate: async (bookmark) => {
      await queryClient.cancelQueries({ queryKey: bookmarksQueryKey });
      queryClient.setQueryData<Bookmark[]>(bookmarksQueryKey, (list) =>
        list?.filter((item) => item.id !== bookmark.id),
      );
    },
    onSuccess: () => notify.success('Bookmark removed'),
    onError: (error, bookmark) => {
      // Only this bookmark returns: other removals in flight keep their optimistic state.
      queryClient.setQueryData<Bookmark[]>(bookmarksQueryKey, (list) => restore(list, bookmark));
      notify.error('Error', failureDescription(error, 'Failed to remove bookmark.'));
    },
    onSettled: () => {
      // Refetch once the last of several quick removals has finished, so that an earlier
      // answer cannot bring back a card that a later removal has already taken away.
      if (queryClient.isMutating({ mutationKey: deleteBookmarkMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: bookmarksQueryKey });
      }
      return undefined;
    },
  });
}
