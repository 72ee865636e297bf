import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedVerseRequest, SavedVerse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { markVerseSaved } from '../../../lib/saved-verse-status.ts';

export function saveVerse(body: CreateSavedVerseRequest): Promise<SavedVerse> {
  return apiRequest<SavedVerse>('/api/saved-verses', { method: 'POST', body });
}

/** spec §9: the reader saves with theme 'Bible Reading', no emotion tag and no note. */
export function useSaveVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, reference }: { text: string; reference: string }) =>
      saveVerse({ text, reference, theme: 'Bible Reading', emotion_tag: null, custom_note: null }),
    onSuccess: (_saved, { reference }) => {
      notify.success('Verse saved', `${reference} is in your saved verses.`);
      markVerseSaved(queryClient, reference);
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving the verse.'),
      ),
  });
}
