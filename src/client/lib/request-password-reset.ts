import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, PasswordResetRequest } from '../../shared/schemas/auth.ts';
import { apiRequest } from './api-client.ts';

export function requestPasswordReset(body: PasswordResetRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
