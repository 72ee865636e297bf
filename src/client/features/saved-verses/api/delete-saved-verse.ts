import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedVerse } from '../../../../shared/schemas/verses.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { insertSavedVerse, removeSavedVerse } from '../lib/saved-verse-list.ts';
import {
  refetchAfterLastWrite,
  savedVersesQueryKey,
  savedVerseWritesKey,
} from './get-saved-verses.ts';
import { useRestoreSavedVerse } from './restore-saved-verse.ts';

export async function deleteSavedVerse(id: string): Promise<void> {
  try {
    await apiRequest<void>(`/api/saved-verses/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    // Already gone (removed in another tab, say): what the person asked for is done.
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * Removes a verse at once (optimistic) and toasts 'Verse removed' with an 'Undo' that saves it
 * again; on failure the verse comes back and 'Delete Failed' is shown.
 */
export function useDeleteSavedVerse() {
  const queryClient = useQueryClient();
  const restore = useRestoreSavedVerse();
  return useMutation({
    mutationKey: [...savedVerseWritesKey, 'delete'],
    mutationFn: (verse: SavedVerse) => deleteSavedVerse(verse.id),
    onMutate: async (verse) => {
      await queryClient.cancelQueries({ queryKey: savedVersesQueryKey });
      queryClient.setQueryData<SavedVerse[]>(savedVersesQueryKey, (list) =>
        removeSavedVerse(list, verse.id),
      );
    },
    onSuccess: (_result, verse) =>
      notify.success('Verse removed', verse.reference, {
        label: 'Undo',
        onClick: () => restore.mutate(verse),
      }),
    onError: (error, verse) => {
      // Only this verse returns: other removals in flight keep their optimistic state.
      queryClient.setQueryData<SavedVerse[]>(savedVersesQueryKey, (list) =>
        insertSavedVerse(list, verse),
      );
      notify.error(
        'Delete Failed',
        failureDescription(error, 'There was an error removing the verse.'),
      );
    },
    onSettled: () => refetchAfterLastWrite(queryClient),
  });
}
