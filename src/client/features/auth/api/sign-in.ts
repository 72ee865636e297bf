import { useMutation } from '@tanstack/react-query';
import type { SessionUser, SignInRequest } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSetSession } from '../../../lib/session.ts';

type SignInResponse = { user: SessionUser };

export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/api/auth/signin', { method: 'POST', body });
}

export function useSignIn() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => setSession(user),
  });
}
