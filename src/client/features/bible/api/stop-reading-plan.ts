import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { readingPlanQueryKey } from './get-reading-plan.ts';

export function stopReadingPlan(): Promise<void> {
  return apiRequest<void>('/api/reading-plan', { method: 'DELETE' });
}

export function useStopReadingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopReadingPlan,
    onSuccess: () => {
      queryClient.setQueryData(readingPlanQueryKey, { plan: null });
      void queryClient.invalidateQueries({ queryKey: ['progress', 'last-position'] });
      notify.success('Reading plan stopped', 'Your reading progress is kept.');
    },
    onError: (error) =>
      notify.error('Error', failureDescription(error, 'Failed to stop your reading plan.')),
  });
}
