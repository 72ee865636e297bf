import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnTestimony } from '../../../../shared/schemas/testimonies.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { pendingTestimoniesQueryKey } from './get-pending-testimonies.ts';

export type ReviewDecision = 'approve' | 'decline';

export function reviewTestimony(id: string, decision: ReviewDecision): Promise<OwnTestimony> {
  return apiRequest<OwnTestimony>(
    `/api/moderation/testimonies/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
}

/**
 * Approves or declines one testimony: it leaves the queue, the public testimony lists are
 * refreshed, and a toast says what happened (or 'Error' with the server's message).
 */
export function useReviewTestimony() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) =>
      reviewTestimony(id, decision),
    onSuccess: (_reviewed, { id, decision }) => {
      queryClient.setQueryData<OwnTestimony[]>(pendingTestimoniesQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      notify.success(decision === 'approve' ? 'Testimony approved' : 'Testimony declined');
    },
    onError: (error) => {
      notify.error(
        'Error',
        error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingTestimoniesQueryKey }),
        // The testimony screen's lists (a feature of its own, so the key is spelled out).
        queryClient.invalidateQueries({ queryKey: ['testimonies'] }),
      ]),
  });
}
