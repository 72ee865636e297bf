// The auth resource (/api/auth/…): providers, sign in, up and out, password reset, e-mail
// confirmation and the ways in. Who is signed in (the session query) stays in lib/session.ts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type {
  AuthProvidersResponse,
  EmailConfirmationRequest,
  MessageResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
  SessionUser,
  SignInMethod,
  SignInRequest,
  SignUpRequest,
} from '../../shared/schemas/auth.ts';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { sessionQueryKey, useSetSession } from '../lib/session.ts';

export const authKeys = {
  all: ['auth'] as const,
  providers: ['auth', 'providers'] as const,
  session: sessionQueryKey,
};

type UserResponse = { user: SessionUser };

// ── Providers ────────────────────────────────────────────────────────────────────────────

export function getAuthProviders(signal?: AbortSignal): Promise<AuthProvidersResponse> {
  return apiRequest<AuthProvidersResponse>('/api/auth/providers', signal ? { signal } : {});
}

/** Which sign-in providers besides e-mail and password this server offers. */
export const authProvidersQueryOptions = queryOptions({
  queryKey: authKeys.providers,
  queryFn: ({ signal }) => getAuthProviders(signal),
  staleTime: 5 * 60_000,
});

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

// ── Sign in, sign up, sign out ───────────────────────────────────────────────────────────

export function signIn(body: SignInRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/signin', { method: 'POST', body });
}

export function useSignIn() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => setSession(user),
  });
}

export function signUp(body: SignUpRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/signup', { method: 'POST', body });
}

/** A new account is signed in straight away (201 with a session cookie). */
export function useSignUp() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => setSession(user),
  });
}

export async function signOut(): Promise<void> {
  // The push code is fetched at sign-out, not with every screen; if it cannot come, the
  // session still ends (a dead endpoint is dropped later).
  await import('../lib/device-notifications/push-subscription.ts').then(
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

// ── Password reset ───────────────────────────────────────────────────────────────────────

export function requestPasswordReset(body: PasswordResetRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/password-reset/confirm', { method: 'POST', body });
}

/** The server signs the user in with the new password and ends their other sessions. */
export function useConfirmPasswordReset() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: ({ user }) => setSession(user),
  });
}

// ── E-mail confirmation ──────────────────────────────────────────────────────────────────

export function confirmEmail(body: EmailConfirmationRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/confirm-email', { method: 'POST', body });
}

/**
 * Uses the link mailed after sign-up (it works signed out too). Afterwards the session is asked
 * for again, so that everything showing the 'Confirm your e-mail' reminder updates.
 */
export function useConfirmEmail() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refreshSession(),
  });
}

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

// ── Ways in ──────────────────────────────────────────────────────────────────────────────

export function removeSignInMethod(method: SignInMethod): Promise<UserResponse> {
  return apiRequest<UserResponse>(`/api/auth/methods/${method}`, { method: 'DELETE' });
}

/**
 * Removes the password or the Google link; the server refuses the last way in (409). The session
 * is replaced with the answer, so every screen sees the methods that are left.
 */
export function useRemoveSignInMethod() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: removeSignInMethod,
    onSuccess: ({ user }) => setSession(user),
  });
}
