import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionResponse, SessionUser } from '../../shared/schemas/auth.ts';
import { apiRequest } from './api-client.ts';
import { sessionCache } from './offline/cache-names.ts';
import { forgetPendingAction } from './pending-action.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/auth/session', signal ? { signal } : {});
}

type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

/**
 * spec §4 session states. A network error while refreshing keeps the last known user
 * ("session refresh tolerates network errors") instead of signing the person out.
 */
export function useSession(): SessionState {
  const { data, isPending } = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: 2,
  });
  if (isPending && !data) return { status: 'loading', user: null };
  if (data?.user) return { status: 'signed-in', user: data.user };
  return { status: 'signed-out', user: null };
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

/** spec §1: the full name, or the part of the e-mail before the @. */
export function greetingName(user: Pick<SessionUser, 'display_name' | 'email'>): string {
  return user.display_name.trim() || user.email.split('@')[0] || user.email;
}
