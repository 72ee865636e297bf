import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirm, SessionUser } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetSession } from '../../../lib/session.ts';

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<{ user: SessionUser }> {
  return apiRequest<{ user: SessionUser }>('/api/auth/password-reset/confirm', {
    method: 'POST',
    body,
  });
}

/** The server signs the user in with the new password and ends their other sessions. */
export function useConfirmPasswordReset() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: ({ user }) => setSession(user),
  });
}
