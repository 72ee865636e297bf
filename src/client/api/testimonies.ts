// The testimonies resource (/api/testimonies): the approved ones everyone may read, the author's
// own (whatever their review status), and submitting or withdrawing one.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import {
  getPage,
  mapLoadedItems,
  pageParams,
  withFirstItem,
  type PagedData,
} from '#client/lib/pages.ts';
import { refreshAfterWrite } from '#client/lib/refresh-after-write.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type {
  CreateTestimonyRequest,
  OwnTestimony,
  PublicTestimony,
} from '#shared/schemas/testimonies.ts';

export const testimonyKeys = {
  all: ['testimonies'] as const,
  public: ['testimonies', 'public'] as const,
  mine: ['testimonies', 'mine'] as const,
};

/** One page of the approved testimonies, newest first: what everyone may read (decision 012). */
export function getTestimonyPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<PublicTestimony>> {
  return getPage<PublicTestimony>('/api/testimonies', {}, cursor, signal);
}

export function publicTestimoniesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: testimonyKeys.public,
    queryFn: ({ pageParam, signal }) => getTestimonyPage(pageParam, signal),
    ...pageParams,
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
  return useInfiniteQuery(publicTestimoniesQueryOptions());
}

/** One page of the testimonies the signed-in user has shared, whatever their review status. */
export function getMyTestimonyPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<OwnTestimony>> {
  return getPage<OwnTestimony>('/api/testimonies/mine', {}, cursor, signal);
}

export function useMyTestimonies(enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: testimonyKeys.mine,
      queryFn: ({ pageParam, signal }) => getMyTestimonyPage(pageParam, signal),
      ...pageParams,
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
      queryClient.setQueryData<PagedData<OwnTestimony>>(testimonyKeys.mine, (data) =>
        withFirstItem(data, created, (a, b) => a.id === b.id),
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
      queryClient.setQueryData<PagedData<OwnTestimony>>(testimonyKeys.mine, (data) =>
        mapLoadedItems(data, (items) => items.filter((item) => item.id !== id)),
      );
      queryClient.setQueryData<PagedData<PublicTestimony>>(testimonyKeys.public, (data) =>
        mapLoadedItems(data, (items) => items.filter((item) => item.id !== id)),
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
