import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SavedVerse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The reader's save invalidates this key too. */
export const savedVersesQueryKey = ['saved-verses'] as const;

/** The signed-in user's saved verses, newest first. */
export function getSavedVerses(signal?: AbortSignal): Promise<SavedVerse[]> {
  return apiRequest<SavedVerse[]>('/api/saved-verses', signal ? { signal } : {});
}

export function savedVersesQueryOptions() {
  return queryOptions({
    queryKey: savedVersesQueryKey,
    queryFn: ({ signal }) => getSavedVerses(signal),
  });
}

/** Only asked for once someone is signed in: a visitor sees the demo verses instead. */
export function useSavedVerses({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...savedVersesQueryOptions(), enabled: isEnabled });
}

/** Every removal and undo, so that the last one to finish refetches the list. */
export const savedVerseWritesKey = ['saved-verses', 'write'] as const;

/**
 * Refetches once the last of several quick writes has finished, so that an earlier answer
 * cannot bring back a card that a later removal has already taken away.
 */
export function refetchAfterLastWrite(queryClient: QueryClient): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: savedVerseWritesKey }) === 1) {
    return queryClient.invalidateQueries({ queryKey: savedVersesQueryKey });
  }
  return undefined;
}
