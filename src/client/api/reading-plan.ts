// The reader's reading plan (/api/reading-plan): the library's whole-Bible plan, started from the
// reader at the chapter after the last one read (decision 022). Once started it is one of the
// plans a member follows (plans.ts), shown and left like any other.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import type { ReadingPlanResponse } from '#shared/schemas/reading.ts';

export function startReadingPlan(): Promise<ReadingPlanResponse> {
  return apiRequest<ReadingPlanResponse>('/api/reading-plan', { method: 'POST' });
}

export function useStartReadingPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReadingPlan,
    onSuccess: async () => {
      // myPlanKeys.all (plans.ts) and progressKeys.lastPosition (progress.ts), spelled out: the
      // reader's first load has neither module. Where to resume now follows the plan.
      await queryClient.invalidateQueries({ queryKey: ['my-plans'] });
      void queryClient.invalidateQueries({ queryKey: ['progress', 'last-position'] });
      notify.success('Reading plan started', 'Each chapter you read moves your plan along.');
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error starting your reading plan.'),
      ),
  });
}
