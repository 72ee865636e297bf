import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '../../../../shared/schemas/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  return apiRequest<void>('/api/account', { method: 'DELETE', body });
}

/**
 * Deletes the account. The caller leaves the page before clearing the session (useSetSession),
 * so the protected route does not redirect to /auth first.
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
