// The auth resource (/api/auth/…), the part only the sign-in screens and Settings use: the
// providers, sign in and up, password reset, confirming an e-mail and the ways in. The part
// every screen's layout uses (sign out, the session after a change) is in auth.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { useSetSession } from '#client/lib/session.ts';
import {
  parseTranslation,
  readDeviceTranslation,
  rememberOnDevice,
} from '#client/lib/translation-device.ts';
import { defaultTranslation } from '#shared/bible/translations.ts';
import type {
  PasswordResetCheck,
  EmailConfirmationConfirm,
  EmailConfirmationLookup,
  EmailConfirmationRequest,
  MessageResponse,
  PasswordResetConfirm,
  SessionUser,
  SignInRequest,
  SignUpRequest,
} from '#shared/schemas/auth.ts';
import { authKeys, useRefreshSession } from './auth.ts';
import { getSettings, settingsKeys, updateSettings } from './settings.ts';

// Settings' part (the providers, a password reset link, removing a way in) is in a module of its
// own, so that Settings does not load the sign-in screens' code.
export {
  authProvidersQueryOptions,
  getAuthProviders,
  removeSignInMethod,
  requestPasswordReset,
  useRemoveSignInMethod,
  useRequestPasswordReset,
} from './sign-in-methods.ts';

type UserResponse = { user: SessionUser };

// ── Sign in, sign up ─────────────────────────────────────────────────────────────────────

export function signIn(body: SignInRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/signin', { method: 'POST', body });
}

/**
 * Once signed in the account's translation wins (docs/product.md, Translations): its settings
 * are asked for before the session is set, kept in the cache and their translation written to
 * the device, so no screen shows the device's choice first and writes it into an address.
 */
export function useSignIn() {
  const setSession = useSetSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInRequest) => {
      const response = await signIn(body);
      // Signed in either way: without them the screens ask for the settings themselves.
      const settings = await getSettings().catch(() => null);
      if (settings) {
        queryClient.setQueryData(settingsKeys.all, settings);
        const translation = parseTranslation(settings.translation);
        if (translation !== null) rememberOnDevice(translation);
      }
      return response;
    },
    onSuccess: ({ user }) => setSession(user),
  });
}

export function signUp(body: SignUpRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/signup', { method: 'POST', body });
}

/**
 * A new account is signed in straight away (201 with a session cookie). It starts with the
 * translation this device reads in (docs/product.md, Translations): written to its settings
 * before the session is set, so nothing reads the account's default first and the device then
 * follows it back to the KJV.
 */
export function useSignUp() {
  const setSession = useSetSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignUpRequest) => {
      const response = await signUp(body);
      const translation = readDeviceTranslation();
      if (translation !== defaultTranslation) {
        // The account exists either way: a failed write leaves it on the default, as Settings shows.
        const settings = await updateSettings({ translation }).catch(() => null);
        if (settings) queryClient.setQueryData(settingsKeys.all, settings);
      }
      return response;
    },
    onSuccess: ({ user }) => setSession(user),
  });
}

// ── Password reset ───────────────────────────────────────────────────────────────────────

export function checkPasswordReset(body: PasswordResetCheck): Promise<{ valid: true }> {
  return apiRequest<{ valid: true }>('/api/auth/password-reset/check', { method: 'POST', body });
}

/**
 * Whether a reset link may still be used, asked once when the reset page opens (the token is
 * not used up): a used or expired link is said at once, not after the form is filled in.
 */
export function usePasswordResetCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => checkPasswordReset({ token }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
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

/** Who a confirmation link is for, and whether this browser is signed in as that account. */
export function lookUpEmailConfirmation(body: EmailConfirmationRequest, signal?: AbortSignal) {
  return apiRequest<EmailConfirmationLookup>('/api/auth/confirm-email/lookup', {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The link's question, asked again when the person signs in or out here: a link is for one
 * account, and the answer says whether this browser holds it. A link that is unknown, used or
 * expired (400) is not asked again.
 */
export function emailConfirmationLookupQuery(token: string, userId: string | null) {
  return queryOptions({
    queryKey: [...authKeys.all, 'confirm-email', token, userId] as const,
    queryFn: ({ signal }) => lookUpEmailConfirmation({ token }, signal),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
}

export function confirmEmail(body: EmailConfirmationConfirm): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/confirm-email', { method: 'POST', body });
}

/**
 * "Yes, it was me": confirms for the account's holder, signed in as it or with its password
 * (which signs them in). Afterwards the session is asked for again, so that everything showing
 * the 'Confirm your e-mail' reminder updates.
 */
export function useConfirmEmail() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refreshSession(),
  });
}

export function declineEmailConfirmation(body: EmailConfirmationRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/confirm-email/decline', { method: 'POST', body });
}

/** "Not me": the mailbox's owner did not make the account; whoever did loses their way in. */
export function useDeclineEmailConfirmation() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: declineEmailConfirmation,
    onSuccess: () => refreshSession(),
  });
}
