import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedVerse, VerseResult } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { markVerseSaved } from '../../../lib/saved-verse-status.ts';
import { feelingSavePayload } from '../lib/feeling-verse.ts';

export function saveFeelingVerse(verse: VerseResult): Promise<SavedVerse> {
  return apiRequest<SavedVerse>('/api/saved-verses', {
    method: 'POST',
    body: feelingSavePayload(verse),
  });
}

/** Saves the verse shown for a feeling to the signed-in user's collection (spec §8 toasts). */
export function useSaveFeelingVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeelingVerse,
    onSuccess: (_saved, verse) => {
      notify.success('Verse Saved', 'This verse has been added to your saved collection.');
      markVerseSaved(queryClient, verse.reference);
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving your verse.'),
      ),
  });
}
