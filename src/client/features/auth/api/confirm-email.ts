import { useMutation } from '@tanstack/react-query';
import type { EmailConfirmationRequest, MessageResponse } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshSession } from '../../../lib/refresh-session.ts';

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
