import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  JournalEntry,
  UpdateJournalEntryRequest,
} from '../../../../shared/schemas/journal.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalEntriesQueryKey } from '../../../lib/journal-entries.ts';

export function updateJournalEntry({
  id,
  ...body
}: UpdateJournalEntryRequest & { id: string }): Promise<JournalEntry> {
  return apiRequest<JournalEntry>(`/api/journal/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** spec §4: an edit saves the title and the content; the cached entry is replaced. */
export function useUpdateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJournalEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData<JournalEntry[]>(journalEntriesQueryKey, (list) =>
        list?.map((item) => (item.id === entry.id ? entry : item)),
      );
    },
  });
}
