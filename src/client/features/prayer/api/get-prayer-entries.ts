import { useQuery } from '@tanstack/react-query';
import { prayerTag, type JournalEntry } from '../../../../shared/schemas/journal.ts';
import { journalEntriesQueryOptions } from '../../../lib/journal-entries.ts';

/** spec §9: the entries tagged 'prayer', newest first. */
export function prayerEntries(entries: readonly JournalEntry[]): JournalEntry[] {
  return entries
    .filter((entry) => entry.emotion_tags.includes(prayerTag))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The journal's own cached list, narrowed to prayers; only asked for once someone is signed in. */
export function usePrayerEntries({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...journalEntriesQueryOptions({ isEnabled }), select: prayerEntries });
}
