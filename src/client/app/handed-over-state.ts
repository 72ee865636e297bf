import type { DehydratedState } from '@tanstack/react-query';
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
