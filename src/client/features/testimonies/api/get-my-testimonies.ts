import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnTestimony } from '../../../../shared/schemas/testimonies.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { testimoniesQueryKey } from './get-testimonies.ts';

export const myTestimoniesQueryKey = [...testimoniesQueryKey, 'mine'] as const;

/** Every testimony the signed-in user has shared, whatever its review status. */
export function getMyTestimonies(signal?: AbortSignal): Promise<OwnTestimony[]> {
  return apiRequest<OwnTestimony[]>('/api/testimonies/mine', signal ? { signal } : {});
}

export function useMyTestimonies(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: myTestimoniesQueryKey,
      queryFn: ({ signal }) => getMyTestimonies(signal),
      enabled,
    }),
  );
}
