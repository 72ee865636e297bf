import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryKey } from './session.ts';

/**
 * Asks the server again who is signed in, after a change made elsewhere: an e-mail confirmed by
 * a link, which every 'Confirm your e-mail' reminder then stops showing.
 */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // A request still on its way may have been answered before the change: without data yet,
    // TanStack Query would hand its answer to the refetch instead of asking again.
    await queryClient.cancelQueries({ queryKey: sessionQueryKey });
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);
}
