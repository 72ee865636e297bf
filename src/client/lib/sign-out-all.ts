import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { useEndSession } from './end-session.ts';
import { notify } from './notify.ts';

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
