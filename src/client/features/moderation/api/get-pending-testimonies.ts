import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnTestimony } from '../../../../shared/schemas/testimonies.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const pendingTestimoniesQueryKey = ['moderation', 'testimonies'] as const;

/** Testimonies waiting for review, oldest first (moderators only; others get 403). */
export function getPendingTestimonies(signal?: AbortSignal): Promise<OwnTestimony[]> {
  return apiRequest<OwnTestimony[]>('/api/moderation/testimonies', signal ? { signal } : {});
}

export function usePendingTestimonies(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: pendingTestimoniesQueryKey,
      queryFn: ({ signal }) => getPendingTestimonies(signal),
      enabled,
    }),
  );
}
