import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedVerse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { insertSavedVerse, removeSavedVerse, replaceSavedVerse } from '../lib/saved-verse-list.ts';
import {
  refetchAfterLastWrite,
  savedVersesQueryKey,
  savedVerseWritesKey,
} from './get-saved-verses.ts';

/**
 * Undo of a removal: the same words saved again through POST (a new id and saved date; the
 * simplest undo that is honest about what happened).
 */
export function restoreSavedVerse(verse: SavedVerse): Promise<SavedVerse> {
  const { text, reference, theme, emotion_tag, custom_note } = verse;
  return apiRequest<SavedVerse>('/api/saved-verses', {
    method: 'POST',
    body: { text, reference, theme, emotion_tag, custom_note },
  });
}

/** Puts the verse back at once (optimistic) and swaps in the saved copy when it comes. */
export function useRestoreSavedVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...savedVerseWritesKey, 'restore'],
    mutationFn: restoreSavedVerse,
    onMutate: async (verse) => {
      await queryClient.cancelQueries({ queryKey: savedVersesQueryKey });
      queryClient.setQueryData<SavedVerse[]>(savedVersesQueryKey, (list) =>
        insertSavedVerse(list, verse),
      );
    },
    onSuccess: (saved, verse) => {
      queryClient.setQueryData<SavedVerse[]>(savedVersesQueryKey, (list) =>
        replaceSavedVerse(list, verse.id, saved),
      );
      notify.success('Verse restored', `${verse.reference} is back in your saved verses.`);
    },
    onError: (error, verse) => {
      queryClient.setQueryData<SavedVerse[]>(savedVersesQueryKey, (list) =>
        removeSavedVerse(list, verse.id),
      );
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving the verse.'),
      );
    },
    onSettled: () => refetchAfterLastWrite(queryClient),
  });
}
