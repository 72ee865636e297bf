import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { handedOverStateId } from '#shared/site-routes.ts';

/**
 * The queries a page was rendered with on the server (src/server/delivery/client-pages.ts), if it
 * was; unreadable data counts as none, and the app then fetches what it needs.
 */
export function readHandedOverState(): DehydratedState | undefined {
  const text = document.getElementById(handedOverStateId)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as DehydratedState | null;
    return Array.isArray(state?.queries) && Array.isArray(state.mutations) ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the handed-over queries into the app's cache before its first render, as react-query's
 * hydrate() does for a cache that has none of them yet (the app's is empty then, and only
 * answered queries come over, no mutations). hydrate() itself, with its merging and streaming
 * cases, would add 0.4 KB gzip to every first load (decision 014).
 */
export function adoptHandedOverState(queryClient: QueryClient, state: DehydratedState): void {
  const queryCache = queryClient.getQueryCache();
  for (const { queryKey, queryHash, state: queryState, meta } of state.queries) {
    queryCache.build(
      queryClient,
      { queryKey, queryHash, ...(meta ? { meta } : {}) },
      { ...queryState, fetchStatus: 'idle' },
    );
  }
}
