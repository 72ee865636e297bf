import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTestimonyRequest,
  OwnTestimony,
} from '../../../../shared/schemas/testimonies.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh-after-write.ts';
import { myTestimoniesQueryKey } from './get-my-testimonies.ts';

export function createTestimony(body: CreateTestimonyRequest): Promise<OwnTestimony> {
  return apiRequest<OwnTestimony>('/api/testimonies', { method: 'POST', body });
}

/** Submits a testimony (stored unapproved); the author's own list picks it up at once. */
export function useCreateTestimony() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestimony,
    onSuccess: (created) => {
      queryClient.setQueryData<OwnTestimony[]>(myTestimoniesQueryKey, (list) =>
        list && !list.some((item) => item.id === created.id) ? [created, ...list] : list,
      );
      return refreshAfterWrite(queryClient, myTestimoniesQueryKey);
    },
  });
}
