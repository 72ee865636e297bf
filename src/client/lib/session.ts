import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionResponse, SessionUser } from '#shared/schemas/auth.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { sessionCache } from './offline/cache-names.ts';
import { forgetPendingAction } from './pending-action.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The session answer the service worker kept on this device (sw.ts), if there is one. */
async function readDeviceCopy(): Promise<SessionResponse | null> {
  if (!('caches' in window)) return null;
  try {
    const copy = await caches.match('/api/auth/session', { cacheName: sessionCache });
    return copy ? ((await copy.json()) as SessionResponse) : null;
  } catch {
    return null;
  }
}

/** No answer came, or a gateway's that the server could not be reached: nothing about the session. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

/**
 * Who is signed in. A 401 is as plain an answer as `{ user: null }`. When the server cannot
 * be reached, the last answer kept on this device stands in for it. Any other failure says
 * nothing about the session and is thrown.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  try {
    return await apiRequest<SessionResponse>('/api/auth/session', signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { user: null };
    const copy = isNetworkFailure(error) ? await readDeviceCopy() : null;
    if (copy) return copy;
    throw error;
  }
}

type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

function useSessionQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await getSession(signal);
      } catch (error) {
        // Offline, with nobody known and no answer kept on this device, it knows nobody
        // (signed out here, or never signed in): the visitor's screens work offline. A person
        // already known stays signed in.
        const isKnown = queryClient.getQueryData(sessionQueryKey) !== undefined;
        if (!navigator.onLine && !isKnown && isNetworkFailure(error)) return { user: null };
        throw error;
      }
    },
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: 2,
    // After a failure with nobody known, each screen that mounts would otherwise ask again at
    // once and hide the retry state behind 'Loading...'; the retry is the person's to ask for.
    retryOnMount: false,
  });
}

/**
 * product §4 session states. Only the server's answer signs a person out: a request that fails
 * keeps the last known user ("session refresh tolerates network errors"), and with none known
 * yet the session stays 'loading' (useSessionCheck says why, and retries).
 */
export function useSession(): SessionState {
  const { data } = useSessionQuery();
  if (!data) return { status: 'loading', user: null };
  if (data.user) return { status: 'signed-in', user: data.user };
  return { status: 'signed-out', user: null };
}

/** Whether the server could not be asked who is signed in, with nobody known yet, and a retry. */
export function useSessionCheck(): {
  isUnreachable: boolean;
  isRetrying: boolean;
  retry: () => void;
} {
  const { data, isError, isFetching, refetch } = useSessionQuery();
  return {
    isUnreachable: !data && isError,
    isRetrying: isFetching,
    retry: useCallback(() => void refetch(), [refetch]),
  };
}

/** Replaces the cached session after sign-in, sign-up, sign-out or a profile change. */
export function useSetSession(): (user: SessionUser | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser | null) => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
      if (!user) {
        // Nothing of the previous user may linger in the cache, nor in the service worker's
        // copy of the session (sw.ts), which would otherwise show them signed in offline.
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'bible',
        });
        if ('caches' in window) void caches.delete(sessionCache).catch(() => {});
        forgetPendingAction(); // an action left by one person never runs for the next
      }
    },
    [queryClient],
  );
}

/** product §1: the full name, or the part of the e-mail before the @. */
export function greetingName(user: Pick<SessionUser, 'display_name' | 'email'>): string {
  return user.display_name.trim() || user.email.split('@')[0] || user.email;
}
