import { useMutation } from '@tanstack/react-query';
import type { SessionUser, SignUpRequest } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetSession } from '../../../lib/session.ts';

export function signUp(body: SignUpRequest): Promise<{ user: SessionUser }> {
  return apiRequest<{ user: SessionUser }>('/api/auth/signup', { method: 'POST', body });
}

/** A new account is signed in straight away (201 with a session cookie). */
export function useSignUp() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => setSession(user),
  });
}
