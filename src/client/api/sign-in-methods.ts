// The part of the auth resource Settings uses as well as the sign-in screens: the providers the
// server offers, a password reset link, and removing a way in (sign-in.ts has the rest).
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { useSetSession } from '#client/lib/session.ts';
import type {
  AuthProvidersResponse,
  MessageResponse,
  PasswordResetRequest,
  SessionUser,
  SignInMethod,
} from '#shared/schemas/auth.ts';
import { authKeys } from './auth.ts';

export function getAuthProviders(signal?: AbortSignal): Promise<AuthProvidersResponse> {
  return apiRequest<AuthProvidersResponse>('/api/auth/providers', signal ? { signal } : {});
}

/** Which sign-in providers besides e-mail and password this server offers. */
export const authProvidersQueryOptions = queryOptions({
  queryKey: authKeys.providers,
  queryFn: ({ signal }) => getAuthProviders(signal),
  staleTime: 5 * 60_000,
});

// ── Password reset ──────────────────────────────────────────────────────────────────────

export function requestPasswordReset(body: PasswordResetRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

// ── Ways in ──────────────────────────────────────────────────────────────────────────────

export function removeSignInMethod(method: SignInMethod): Promise<{ user: SessionUser }> {
  return apiRequest<{ user: SessionUser }>(`/api/auth/methods/${method}`, { method: 'DELETE' });
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
