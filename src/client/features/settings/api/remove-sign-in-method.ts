import { useMutation } from '@tanstack/react-query';
import type { SessionUser, SignInMethod } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetSession } from '../../../lib/session.ts';

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
