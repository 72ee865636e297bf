import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write, asks again for what it changed. A first read still under way may have started
 * before the write (a screen that mounts and resumes a visitor's action at once) and
 * would answer without it; TanStack Query joins such a read rather than starting a new
 * one, so it is cancelled first.
 */
export async function refreshAfterWrite(
  queryClient: QueryClient,
  queryKey: QueryKey,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/**
 * After one of several quick optimistic writes (removals, undos) has settled: refetches the list
 * once the last of them has finished, so that an earlier answer cannot bring back a card that a
 * later removal has already taken away. Call it from onSettled, where the settling write still
 * counts as running.
 */
export function refetchAfterLastWrite(
  queryClient: QueryClient,
  { mutationKey, queryKey }: { mutationKey: QueryKey; queryKey: QueryKey },
): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey }) !== 1) return undefined;
  return queryClient.invalidateQueries({ queryKey });
}
