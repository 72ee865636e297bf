import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnTestimony, PublicTestimony } from '../../../../shared/schemas/testimonies.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { myTestimoniesQueryKey } from './get-my-testimonies.ts';
import { publicTestimoniesQueryKey, testimoniesQueryKey } from './get-testimonies.ts';

export function deleteTestimony(id: string): Promise<void> {
  return apiRequest<void>(`/api/testimonies/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Withdraws one of the author's testimonies: it leaves their list and the public list at once
 * (both are then fetched again to match the server), and a toast says so. The toasts live here
 * rather than with the button because the button's card is gone by the time the answer lands.
 */
export function useDeleteTestimony() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestimony,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<OwnTestimony[]>(myTestimoniesQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.setQueryData<PublicTestimony[]>(publicTestimoniesQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      notify.success('Testimony deleted', 'Your testimony has been deleted.');
    },
    onError: (error) =>
      notify.error(
        'Delete Failed',
        failureDescription(error, 'There was an error deleting your testimony.'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testimoniesQueryKey }),
  });
}
