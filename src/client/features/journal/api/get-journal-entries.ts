import { useQuery } from '@tanstack/react-query';
import { journalEntriesQueryOptions } from '../../../lib/journal-entries.ts';

/** The signed-in user's entries, newest first; only asked for once someone is signed in. */
export function useJournalEntries({ isEnabled }: { isEnabled: boolean }) {
  return useQuery(journalEntriesQueryOptions({ isEnabled }));
}
