// The moderation resource (/api/moderation): the testimonies waiting for review, and the
// moderator's decision on each. Moderators only; anyone else gets 403.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';
import { testimonyKeys } from './testimonies.ts';

export const moderationKeys = {
  pending: ['moderation', 'testimonies'] as const,
};

export type ReviewDecision = 'approve' | 'decline';

/** One page of the testimonies waiting for review, newest first (decision 012). */
export function getPendingTestimonyPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<OwnTestimony>> {
  return getPage<OwnTestimony>('/api/moderation/testimonies', {}, cursor, signal);
}

export function usePendingTestimonies(enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: moderationKeys.pending,
      queryFn: ({ pageParam, signal }) => getPendingTestimonyPage(pageParam, signal),
      ...pageParams,
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
      queryClient.setQueryData<PagedData<OwnTestimony>>(moderationKeys.pending, (data) =>
        mapLoadedItems(data, (items) => items.filter((item) => item.id !== id)),
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
