import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  prayerEntryTitle,
  prayerTag,
  type CreateJournalEntryRequest,
  type JournalEntry,
} from '../../../../shared/schemas/journal.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { refreshAfterWrite } from '../../../lib/refresh-after-write.ts';
import { journalEntriesQueryKey } from '../../../lib/journal-entries.ts';

/** spec §9: a prayer is saved as a journal entry titled 'Prayer Entry' and tagged 'prayer'. */
export function prayerPayload(content: string): CreateJournalEntryRequest {
  return {
    title: prayerEntryTitle,
    content: content.trim(),
    emotion_tags: [prayerTag],
    verse_reference: null,
  };
}

export function savePrayer(content: string): Promise<JournalEntry> {
  return apiRequest<JournalEntry>('/api/journal', {
    method: 'POST',
    body: prayerPayload(content),
  });
}

/** Saves the signed-in user's own prayer (spec §8 toasts). */
export function useSavePrayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrayer,
    onSuccess: (entry) => {
      notify.success('Prayer Saved');
      if (entry && typeof entry.id === 'string') {
        queryClient.setQueryData<JournalEntry[]>(journalEntriesQueryKey, (entries) =>
          entries ? [entry, ...entries.filter((other) => other.id !== entry.id)] : entries,
        );
      }
      void refreshAfterWrite(queryClient, ['journal']);
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving your prayer.'),
      ),
  });
}
