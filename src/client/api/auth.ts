// The auth resource (/api/auth/…), the part every screen's layout uses: sign out (here and
// everywhere), the session after a change, and a new e-mail confirmation link. Signing in and
// up, providers, password reset, confirming an e-mail and the ways in are in sign-in.ts, which
// only their screens load. Who is signed in (the session query) stays in lib/session.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { sessionQueryKey, useSetSession } from '#client/lib/session.ts';
import type { MessageResponse } from '#shared/schemas/auth.ts';

export const authKeys = {
  all: ['auth'] as const,
  providers: ['auth', 'providers'] as const,
  session: sessionQueryKey,
};

// ── The session after a change ───────────────────────────────────────────────────────────

/**
 * After the server ended the session: go to / first, then forget the user, so that the screen
 * being left (maybe a protected one, see RequireAuth) does not send the person to /auth.
 */
export function useEndSession(): (description: string) => Promise<void> {
  const navigate = useNavigate();
  const setSession = useSetSession();
  return useCallback(
    async (description: string) => {
      await navigate('/');
      setSession(null);
      notify.success('Signed out', description);
    },
    [navigate, setSession],
  );
}

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

// ── Sign out ───────────────────────────────────────────────────────────

export async function signOut(): Promise<void> {
  // The push code is fetched at sign-out, not with every screen; if it cannot come, the
  // session still ends (a dead endpoint is dropped later).
  await import('#client/lib/device-notifications/push-subscription.ts').then(
    (push) => push.forgetPushSubscriptionOnServer(),
    () => undefined,
  );
  return apiRequest<void>('/api/auth/signout', { method: 'POST' });
}

/** product §2 layout: after sign out, go to /; product §8 toasts. */
export function useSignOut() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => endSession("You've been successfully signed out."),
    onError: (error) => notify.error('Sign out failed', error.message),
  });
}

export function signOutAll(): Promise<void> {
  return apiRequest<void>('/api/auth/signout-all', { method: 'POST' });
}

/**
 * Ends every session of the user, this one included. On success it goes to /, clears the
 * session and toasts 'Signed out'; on failure it toasts 'Sign out failed'. Callers only mutate().
 */
export function useSignOutAll() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: signOutAll,
    onSuccess: () => endSession("You've been signed out on every device."),
    onError: (error) => notify.error('Sign out failed', error.message),
  });
}

// ── A new e-mail confirmation link ──────────────────────────────────────────────────────────────────

export function resendEmailConfirmation(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/confirm-email/resend', { method: 'POST' });
}

/**
 * Mails the signed-in person a new confirmation link and says so in a toast, with the server's
 * words ('We have sent a new confirmation link to …', or how long to wait after three in an
 * hour). Used by the header's reminder, Settings and the confirmation page; callers only mutate().
 */
export function useResendEmailConfirmation() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: resendEmailConfirmation,
    onSuccess: ({ message }) => notify.success('Confirmation link sent', message),
    onError: (error) => {
      // Confirmed meanwhile (in another tab, on another device): every reminder can go.
      if (error instanceof ApiError && error.status === 409) {
        notify.success('Already confirmed', error.message);
        void refreshSession();
        return;
      }
      notify.error('Link not sent', error.message);
    },
  });
}
