// The reading-plan resource (/api/reading-plan): the one plan a signed-in reader may follow,
// started, continued and stopped from the reader.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadingPlanResponse } from '../../shared/schemas/reading.ts';
import { apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { failureDescription } from '../lib/offline/failure-description.ts';

export const planKeys = { current: ['reading-plan'] as const };

export function getReadingPlan(signal?: AbortSignal): Promise<ReadingPlanResponse> {
  return apiRequest<ReadingPlanResponse>('/api/reading-plan', { signal });
}

export function readingPlanQueryOptions() {
  return queryOptions({
    queryKey: planKeys.current,
    queryFn: ({ signal }) => getReadingPlan(signal),
  });
}

export function useReadingPlan() {
  return useQuery(readingPlanQueryOptions());
}

export function startReadingPlan(): Promise<ReadingPlanResponse> {
  return apiRequest<ReadingPlanResponse>('/api/reading-plan', { method: 'POST' });
}

export function useStartReadingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReadingPlan,
    onSuccess: ({ plan }) => {
      queryClient.setQueryData(planKeys.current, { plan });
      notify.success('Reading plan started', 'Each chapter you read moves your plan along.');
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error starting your reading plan.'),
      ),
  });
}

export function stopReadingPlan(): Promise<void> {
  return apiRequest<void>('/api/reading-plan', { method: 'DELETE' });
}

export function useStopReadingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopReadingPlan,
    onSuccess: () => {
      queryClient.setQueryData(planKeys.current, { plan: null });
      // progressKeys.lastPosition (progress.ts): where to resume no longer follows the plan.
      // Spelled out here because progress.ts imports this module (no import cycles).
      void queryClient.invalidateQueries({ queryKey: ['progress', 'last-position'] });
      notify.success('Reading plan stopped', 'Your reading progress is kept.');
    },
    onError: (error) =>
      notify.error('Error', failureDescription(error, 'Failed to stop your reading plan.')),
  });
}
