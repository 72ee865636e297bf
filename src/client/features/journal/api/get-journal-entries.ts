import { useQuery } from '@tanstack/react-query';
import type { JournalEntry } from '../../../../shared/schemas/journal.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const journalEntriesQueryKey = ['journal'] as const;

/** The signed-in user's entries, newest first. */
export function getJournalEntries(signal?: AbortSignal): Promise<JournalEntry[]> {
  return apiRequest<JournalEntry[]>('/api/journal', signal ? { signal } : {});
}

/** Only asked for once someone is signed in. */
export function useJournalEntries({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: journalEntriesQueryKey,
    queryFn: ({ signal }) => getJournalEntries(signal),
    enabled: isEnabled,
  });
}
