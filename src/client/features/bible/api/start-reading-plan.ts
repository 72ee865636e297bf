import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadingPlanResponse } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { readingPlanQueryKey } from './get-reading-plan.ts';

export function startReadingPlan(): Promise<ReadingPlanResponse> {
  return apiRequest<ReadingPlanResponse>('/api/reading-plan', { method: 'POST' });
}

export function useStartReadingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReadingPlan,
    onSuccess: ({ plan }) => {
      queryClient.setQueryData(readingPlanQueryKey, { plan });
      notify.success('Reading plan started', 'Each chapter you read moves your plan along.');
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error starting your reading plan.'),
      ),
  });
}
