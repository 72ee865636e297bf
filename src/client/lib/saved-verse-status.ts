import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SavedVerseStatus } from '../../shared/schemas/verses.ts';
import { apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

/**
 * Is this verse in the signed-in person's collection? Every Save button (feeling, verse of the
 * day, the reader's verse dialog) shows 'Saved' from the server's answer, so a reload or another
 * device agrees (issue 21 item 2). Under ['saved-verses'], so any change to the collection asks
 * again.
 */
export const savedVerseStatusKey = (reference: string) =>
  ['saved-verses', 'status', reference] as const;

export function getSavedVerseStatus(
  reference: string,
  signal?: AbortSignal,
): Promise<SavedVerseStatus> {
  const params = new URLSearchParams({ reference });
  return apiRequest<SavedVerseStatus>(`/api/saved-verses/status?${params.toString()}`, {
    signal,
  });
}

export function useSavedVerseStatus(reference: string | null | undefined): {
  isSaved: boolean;
  isPending: boolean;
} {
  const session = useSession();
  const enabled = session.status === 'signed-in' && Boolean(reference);
  const query = useQuery({
    queryKey: savedVerseStatusKey(reference ?? ''),
    queryFn: ({ signal }) => getSavedVerseStatus(reference ?? '', signal),
    enabled,
    staleTime: 30_000,
  });
  return { isSaved: enabled && query.data?.saved === true, isPending: enabled && query.isPending };
}

/** After a save: the button says 'Saved' at once, and every list of saved verses asks again. */
export function markVerseSaved(queryClient: QueryClient, reference: string): void {
  // A status request still under way (the one sent as the person signed in, say) was answered
  // before the save and would put 'Save' back when it lands; cancelling it ends it here and now.
  void queryClient.cancelQueries({ queryKey: savedVerseStatusKey(reference), exact: true });
  queryClient.setQueryData<SavedVerseStatus>(savedVerseStatusKey(reference), { saved: true });
  void queryClient.invalidateQueries({
    queryKey: ['saved-verses'],
    predicate: (query) => query.queryKey[1] !== 'status' || query.queryKey[2] !== reference,
  });
}
