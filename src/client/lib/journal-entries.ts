import { queryOptions } from '@tanstack/react-query';
import type { JournalEntry } from '../../shared/schemas/journal.ts';
import { apiRequest } from './api-client.ts';

/**
 * The signed-in user's journal, newest first. The journal screens and the prayer page (a saved
 * prayer is a journal entry) read and update this one cached list.
 */
export const journalEntriesQueryKey = ['journal', 'entries'] as const;

export function getJournalEntries(signal?: AbortSignal): Promise<JournalEntry[]> {
  return apiRequest<JournalEntry[]>('/api/journal', signal ? { signal } : {});
}

/** Only asked for once someone is signed in. */
export function journalEntriesQueryOptions({ isEnabled }: { isEnabled: boolean }) {
  return queryOptions({
    queryKey: journalEntriesQueryKey,
    queryFn: ({ signal }) => getJournalEntries(signal),
    enabled: isEnabled,
  });
}
