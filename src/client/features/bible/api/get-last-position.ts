import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastPosition } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const lastPositionQueryKey = ['progress', 'last-position'] as const;

export function getLastPosition(signal?: AbortSignal): Promise<LastPosition> {
  return apiRequest<LastPosition>('/api/progress/last-position', { signal });
}

export function lastPositionQueryOptions() {
  return queryOptions({
    queryKey: lastPositionQueryKey,
    queryFn: ({ signal }) => getLastPosition(signal),
    retry: false,
  });
}

/** spec §4: where a signed-in reader left off; only asked for when the address names no chapter. */
export function useLastPosition(isEnabled: boolean) {
  return useQuery({ ...lastPositionQueryOptions(), enabled: isEnabled });
}
