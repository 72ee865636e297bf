// The testimonies resource (/api/testimonies): the approved ones everyone may read, the author's
// own (whatever their review status), and submitting or withdrawing one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTestimonyRequest,
  OwnTestimony,
  PublicTestimony,
} from '../../shared/schemas/testimonies.ts';
import { apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { failureDescription } from '../lib/offline/failure-description.ts';
import { refreshAfterWrite } from '../lib/refresh-after-write.ts';

export const testimonyKeys = {
  all: ['testimonies'] as const,
  public: ['testimonies', 'public'] as const,
  mine: ['testimonies', 'mine'] as const,
};

/** Approved testimonies, newest first: what everyone may read. */
export function getTestimonies(signal?: AbortSignal): Promise<PublicTestimony[]> {
  return apiRequest<PublicTestimony[]>('/api/testimonies', signal ? { signal } : {});
}

export function publicTestimoniesQueryOptions() {
  return queryOptions({
    queryKey: testimonyKeys.public,
    queryFn: ({ signal }) => getTestimonies(signal),
    // product §8: every failed load (the first one, and each failed 'Try again') is toasted.
    meta: {
      errorToast: (error) => ({
        title: 'Error',
        description: failureDescription(error, 'Failed to load testimonies. Please try again.'),
      }),
    },
  });
}

export function usePublicTestimonies() {
  return useQuery(publicTestimoniesQueryOptions());
}

/** Every testimony the signed-in user has shared, whatever its review status. */
export function getMyTestimonies(signal?: AbortSignal): Promise<OwnTestimony[]> {
  return apiRequest<OwnTestimony[]>('/api/testimonies/mine', signal ? { signal } : {});
}

export function useMyTestimonies(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: testimonyKeys.mine,
      queryFn: ({ signal }) => getMyTestimonies(signal),
      enabled,
    }),
  );
}

export function createTestimony(body: CreateTestimonyRequest): Promise<OwnTestimony> {
  return apiRequest<OwnTestimony>('/api/testimonies', { method: 'POST', body });
}

/** Submits a testimony (stored unapproved); the author's own list picks it up at once. */
export function useCreateTestimony() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestimony,
    onSuccess: (created) => {
      queryClient.setQueryData<OwnTestimony[]>(testimonyKeys.mine, (list) =>
        list && !list.some((item) => item.id === created.id) ? [created, ...list] : list,
      );
      return refreshAfterWrite(queryClient, testimonyKeys.mine);
    },
  });
}

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
      queryClient.setQueryData<OwnTestimony[]>(testimonyKeys.mine, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.setQueryData<PublicTestimony[]>(testimonyKeys.public, (list) =>
        list?.filter((item) => item.id !== id),
      );
      notify.success('Testimony deleted', 'Your testimony has been deleted.');
    },
    onError: (error) =>
      notify.error(
        'Delete Failed',
        failureDescription(error, 'There was an error deleting your testimony.'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testimonyKeys.all }),
  });
}
