import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveProgressResponse } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { readingPlanQueryKey } from './get-reading-plan.ts';

type SaveProgressBody = { book_name: string; chapter_number: number };

export function saveReadingProgress(body: SaveProgressBody): Promise<SaveProgressResponse> {
  return apiRequest<SaveProgressResponse>('/api/progress', { method: 'POST', body });
}

/**
 * spec §4: on loading a chapter, save it as read (the server moves an active plan along), then
 * refresh stats, progress and the plan. A failure is not the reader's problem: only logged.
 */
export function useSaveReadingProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReadingProgress,
    onSuccess: ({ plan }) => {
      queryClient.setQueryData(readingPlanQueryKey, { plan });
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
    onError: (error) => {
      console.warn('Could not save reading progress', error);
    },
  });
}
