import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyVerseResponse, SavedVerse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { markVerseSaved } from '../../../lib/saved-verse-status.ts';
import { dailySavePayload } from '../lib/daily-verse.ts';

export function saveDailyVerse(verse: DailyVerseResponse, date: Date): Promise<SavedVerse> {
  return apiRequest<SavedVerse>('/api/saved-verses', {
    method: 'POST',
    body: dailySavePayload(verse, date),
  });
}

/** Saves today's verse to the signed-in user's collection (spec §8 toasts). */
export function useSaveDailyVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verse, date }: { verse: DailyVerseResponse; date: Date }) =>
      saveDailyVerse(verse, date),
    onSuccess: (saved) => {
      notify.success('Verse Saved', "Today's verse has been saved to your collection.");
      markVerseSaved(queryClient, saved.reference);
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving your verse.'),
      ),
  });
}
