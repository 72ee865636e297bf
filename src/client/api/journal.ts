// The journal resource (/api/journal): the signed-in user's entries, newest first. The journal
// screens and the prayer page (a saved prayer is a journal entry) read and update this one list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  prayerEntryTitle,
  prayerTag,
  type CreateJournalEntryRequest,
  type JournalEntry,
  type UpdateJournalEntryRequest,
} from '../../shared/schemas/journal.ts';
import { apiDelete, apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { failureDescription } from '../lib/offline/failure-description.ts';
import { refreshAfterWrite } from '../lib/refresh-after-write.ts';

export const journalKeys = {
  all: ['journal'] as const,
  entries: ['journal', 'entries'] as const,
};

export function getJournalEntries(signal?: AbortSignal): Promise<JournalEntry[]> {
  return apiRequest<JournalEntry[]>('/api/journal', signal ? { signal } : {});
}

/** Only asked for once someone is signed in. */
export function journalEntriesQueryOptions({ isEnabled }: { isEnabled: boolean }) {
  return queryOptions({
    queryKey: journalKeys.entries,
    queryFn: ({ signal }) => getJournalEntries(signal),
    enabled: isEnabled,
  });
}

/**
 * The journal screens' list: a failed load is toasted once per failure, however many of its
 * screens show it (product §8).
 */
export function useJournalEntries({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    ...journalEntriesQueryOptions({ isEnabled }),
    meta: { errorToast: { title: 'Error', description: 'Failed to load your journal entries.' } },
  });
}

/** product §9: the entries tagged 'prayer', newest first. */
export function prayerEntries(entries: readonly JournalEntry[]): JournalEntry[] {
  return entries
    .filter((entry) => entry.emotion_tags.includes(prayerTag))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * The journal's own cached list, narrowed to prayers; only asked for once someone is signed in.
 * The prayer page shows a failed load in place, without a toast.
 */
export function usePrayerEntries({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...journalEntriesQueryOptions({ isEnabled }), select: prayerEntries });
}

/** Puts a saved entry at the top of the cached list (once, whatever the list held). */
function withNewEntry(list: JournalEntry[] | undefined, entry: JournalEntry) {
  return list ? [entry, ...list.filter((item) => item.id !== entry.id)] : list;
}

export function createJournalEntry(body: CreateJournalEntryRequest): Promise<JournalEntry> {
  return apiRequest<JournalEntry>('/api/journal', { method: 'POST', body });
}

/** Saves a new entry and puts it at the top of the cached list. */
export function useCreateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournalEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData<JournalEntry[]>(journalKeys.entries, (list) =>
        withNewEntry(list, entry),
      );
      return refreshAfterWrite(queryClient, journalKeys.entries);
    },
  });
}

/** product §9: a prayer is saved as a journal entry titled 'Prayer Entry' and tagged 'prayer'. */
export function prayerPayload(content: string): CreateJournalEntryRequest {
  return {
    title: prayerEntryTitle,
    content: content.trim(),
    emotion_tags: [prayerTag],
    verse_reference: null,
  };
}

export function savePrayer(content: string): Promise<JournalEntry> {
  return createJournalEntry(prayerPayload(content));
}

/** Saves the signed-in user's own prayer (product §8 toasts). */
export function useSavePrayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrayer,
    onSuccess: (entry) => {
      notify.success('Prayer Saved');
      if (entry && typeof entry.id === 'string') {
        queryClient.setQueryData<JournalEntry[]>(journalKeys.entries, (list) =>
          withNewEntry(list, entry),
        );
      }
      void refreshAfterWrite(queryClient, journalKeys.all);
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving your prayer.'),
      ),
  });
}

export function updateJournalEntry({
  id,
  ...body
}: UpdateJournalEntryRequest & { id: string }): Promise<JournalEntry> {
  return apiRequest<JournalEntry>(`/api/journal/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** product §4: an edit saves the title and the content; the cached entry is replaced. */
export function useUpdateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJournalEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData<JournalEntry[]>(journalKeys.entries, (list) =>
        list?.map((item) => (item.id === entry.id ? entry : item)),
      );
    },
  });
}

/** Already gone (a 404) counts as deleted. */
export function deleteJournalEntry(id: string): Promise<void> {
  return apiDelete(`/api/journal/${encodeURIComponent(id)}`);
}

/** Deletes an entry and takes it out of the cached list. */
export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournalEntry,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<JournalEntry[]>(journalKeys.entries, (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
  });
}
