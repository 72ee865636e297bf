import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JournalEntry } from '../../../../shared/schemas/journal.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { journalEntriesQueryKey } from '../../../lib/journal-entries.ts';

export async function deleteJournalEntry(id: string): Promise<void> {
  try {
    await apiRequest<void>(`/api/journal/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    // Already gone (deleted in another tab, say): what the person asked for is done.
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** Deletes an entry and takes it out of the cached list. */
export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournalEntry,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<JournalEntry[]>(journalEntriesQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
  });
}
