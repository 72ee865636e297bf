// The moderation resource (/api/moderation): the testimonies waiting for review, and the
// moderator's decision on each. Moderators only; anyone else gets 403.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnTestimony } from '../../shared/schemas/testimonies.ts';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { testimonyKeys } from './testimonies.ts';

export const moderationKeys = {
  pending: ['moderation', 'testimonies'] as const,
};

export type ReviewDecision = 'approve' | 'decline';

/** Testimonies waiting for review, oldest first. */
export function getPendingTestimonies(signal?: AbortSignal): Promise<OwnTestimony[]> {
  return apiRequest<OwnTestimony[]>('/api/moderation/testimonies', signal ? { signal } : {});
}

export function usePendingTestimonies(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: moderationKeys.pending,
      queryFn: ({ signal }) => getPendingTestimonies(signal),
      enabled,
      meta: {
        // A 403 is shown in place ('Moderators only'), without a toast.
        errorToast: (error) =>
          error instanceof ApiError && error.status === 403
            ? null
            : { title: 'Error', description: 'Failed to load testimonies. Please try again.' },
      },
    }),
  );
}

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
      queryClient.setQueryData<OwnTestimony[]>(moderationKeys.pending, (list) =>
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
        queryClient.invalidateQueries({ queryKey: moderationKeys.pending }),
        queryClient.invalidateQueries({ queryKey: testimonyKeys.all }),
      ]),
  });
}
