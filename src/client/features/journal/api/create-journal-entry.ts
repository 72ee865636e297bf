import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateJournalEntryRequest,
  JournalEntry,
} from '../../../../shared/schemas/journal.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalEntriesQueryKey } from '../../../lib/journal-entries.ts';
import { refreshAfterWrite } from '../../../lib/refresh-after-write.ts';

export function createJournalEntry(body: CreateJournalEntryRequest): Promise<JournalEntry> {
  return apiRequest<JournalEntry>('/api/journal', { method: 'POST', body });
}

/** Saves a new entry and puts it at the top of the cached list. */
export function useCreateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournalEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData<JournalEntry[]>(journalEntriesQueryKey, (list) =>
        list ? [entry, ...list.filter((item) => item.id !== entry.id)] : list,
      );
      return refreshAfterWrite(queryClient, journalEntriesQueryKey);
    },
  });
}
