import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadingProgress } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const readingProgressQueryKey = ['progress', 'list'] as const;

/** Every chapter the user has read, newest first. */
export function getReadingProgress(signal?: AbortSignal): Promise<ReadingProgress[]> {
  return apiRequest<ReadingProgress[]>('/api/progress', { signal });
}

export function readingProgressQueryOptions() {
  return queryOptions({
    queryKey: readingProgressQueryKey,
    queryFn: ({ signal }) => getReadingProgress(signal),
  });
}

export function useReadingProgress(isEnabled = true) {
  return useQuery({ ...readingProgressQueryOptions(), enabled: isEnabled });
}
