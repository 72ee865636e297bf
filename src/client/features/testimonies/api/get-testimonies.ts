import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTestimony } from '../../../../shared/schemas/testimonies.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const testimoniesQueryKey = ['testimonies'] as const;
export const publicTestimoniesQueryKey = [...testimoniesQueryKey, 'public'] as const;

/** Approved testimonies, newest first: what everyone may read. */
export function getTestimonies(signal?: AbortSignal): Promise<PublicTestimony[]> {
  return apiRequest<PublicTestimony[]>('/api/testimonies', signal ? { signal } : {});
}

export function usePublicTestimonies() {
  return useQuery(
    queryOptions({
      queryKey: publicTestimoniesQueryKey,
      queryFn: ({ signal }) => getTestimonies(signal),
    }),
  );
}
