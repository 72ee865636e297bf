import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadingPlanResponse } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const readingPlanQueryKey = ['reading-plan'] as const;

export function getReadingPlan(signal?: AbortSignal): Promise<ReadingPlanResponse> {
  return apiRequest<ReadingPlanResponse>('/api/reading-plan', { signal });
}

export function readingPlanQueryOptions() {
  return queryOptions({
    queryKey: readingPlanQueryKey,
    queryFn: ({ signal }) => getReadingPlan(signal),
  });
}

export function useReadingPlan() {
  return useQuery(readingPlanQueryOptions());
}
