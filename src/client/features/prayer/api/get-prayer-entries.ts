import { useQuery } from '@tanstack/react-query';
import { prayerTag, type JournalEntry } from '../../../../shared/schemas/journal.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The journal's list; a saved prayer is a journal entry, so the journal screens share it. */
export const journalEntriesQueryKey = ['journal', 'entries'] as const;

/** The signed-in user's journal entries, newest first. */
export function getJournalEntries(signal?: AbortSignal): Promise<JournalEntry[]> {
  return apiRequest<JournalEntry[]>('/api/journal', signal ? { signal } : {});
}

/** spec §9: the entries tagged 'prayer', newest first. */
export function prayerEntries(entries: readonly JournalEntry[]): JournalEntry[] {
  return entries
    .filter((entry) => entry.emotion_tags.includes(prayerTag))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Only asked for once someone is signed in. */
export function usePrayerEntries({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: journalEntriesQueryKey,
    queryFn: ({ signal }) => getJournalEntries(signal),
    enabled: isEnabled,
    select: prayerEntries,
  });
}
