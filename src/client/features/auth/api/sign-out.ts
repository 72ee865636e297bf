import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetPushSubscriptionOnServer } from '../../../lib/device-notifications/push-subscription.ts';
import { useEndSession } from '../../../lib/end-session.ts';
import { notify } from '../../../lib/notify.ts';

export async function signOut(): Promise<void> {
  await forgetPushSubscriptionOnServer();
  return apiRequest<void>('/api/auth/signout', { method: 'POST' });
}

/** spec §2 layout: after sign out, go to /; spec §8 toasts. */
export function useSignOut() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => endSession("You've been successfully signed out."),
    onError: (error) => notify.error('Sign out failed', error.message),
  });
}
