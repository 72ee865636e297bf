import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';

type ChapterRef = { book_name: string; chapter_number: number };

export function deleteReadingProgress({ book_name, chapter_number }: ChapterRef): Promise<void> {
  const params = new URLSearchParams({ book_name, chapter_number: String(chapter_number) });
  return apiRequest<void>(`/api/progress?${params.toString()}`, { method: 'DELETE' });
}

/** Forgets that a chapter was read; toasts 'Progress removed' or the spec §8 error. */
export function useDeleteReadingProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReadingProgress,
    onSuccess: () => {
      notify.success('Progress removed');
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
    onError: (error) =>
      notify.error('Error', failureDescription(error, 'Failed to remove reading progress.')),
  });
}
