import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write, asks again for what it changed. A first read still under way may have started
 * before the write (a screen that mounts and resumes a visitor's action at once, issue 21 item
 * 6) and would answer without it; TanStack Query joins such a read rather than starting a new
 * one, so it is cancelled first.
 */
export async function refreshAfterWrite(
  queryClient: QueryClient,
  queryKey: QueryKey,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
