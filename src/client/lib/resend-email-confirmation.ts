import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../shared/schemas/auth.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { notify } from './notify.ts';
import { useRefreshSession } from './refresh-session.ts';

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
