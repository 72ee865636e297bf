// The prayer list (/api/prayers, decision 025): the signed-in member's requests, a page at a time
// (decision 012), the open ones and the answered ones as two lists. A write asks both again.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import { refreshAfterWrite } from '#client/lib/refresh-after-write.ts';
import { titleFromPrayer } from '#shared/rules/prayers.ts';
import type {
  AnswerPrayerRequest,
  CreatePrayerRequest,
  PrayerRequest,
  UpdatePrayerRequest,
} from '#shared/schemas/prayers.ts';

export type { PrayerRequest };

export const prayerKeys = {
  all: ['prayers'] as const,
  list: (answered: boolean) => ['prayers', { answered }] as const,
};

export function prayerListQueryOptions(answered: boolean, { isEnabled }: { isEnabled: boolean }) {
  return infiniteQueryOptions({
    queryKey: prayerKeys.list(answered),
    queryFn: ({ pageParam, signal }) =>
      getPage<PrayerRequest>('/api/prayers', { answered: String(answered) }, pageParam, signal),
    ...pageParams,
    enabled: isEnabled,
  });
}

/** The open requests (answered=false) or the answered ones; a failed load is shown in place. */
export function usePrayerList(answered: boolean, { isEnabled }: { isEnabled: boolean }) {
  return useInfiniteQuery(prayerListQueryOptions(answered, { isEnabled }));
}

const prayerPath = (id: string, rest = '') => `/api/prayers/${encodeURIComponent(id)}${rest}`;

/** Swaps a changed request into every cached list (or drops it, when it left the list). */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return (changed?: PrayerRequest, removedId?: string) => {
    queryClient.setQueriesData<PagedData<PrayerRequest>>({ queryKey: prayerKeys.all }, (data) =>
      mapLoadedItems(data, (items) =>
        items
          .filter((item) => item.id !== removedId)
          .map((item) => (changed && item.id === changed.id ? changed : item)),
      ),
    );
    return refreshAfterWrite(queryClient, prayerKeys.all);
  };
}

function saveFailed(error: unknown) {
  notify.error('Save Failed', failureDescription(error, 'There was an error saving your prayer.'));
}

/** A prayer written in the /prayer box: its first line the title, the whole text the details. */
export function prayerFromText(text: string): CreatePrayerRequest {
  const details = text.trim();
  return { title: titleFromPrayer(details), details };
}

/** Adds a request (product §8: 'Prayer Saved'). */
export function useCreatePrayer() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: CreatePrayerRequest) =>
      apiRequest<PrayerRequest>('/api/prayers', { method: 'POST', body }),
    onSuccess: () => {
      notify.success('Prayer Saved');
      void refresh();
    },
    onError: saveFailed,
  });
}

export function useUpdatePrayer() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdatePrayerRequest & { id: string }) =>
      apiRequest<PrayerRequest>(prayerPath(id), { method: 'PATCH', body }),
    onSuccess: (prayer) => {
      notify.success('Prayer Saved');
      void refresh(prayer);
    },
    onError: saveFailed,
  });
}

export function useDeletePrayer() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => apiDelete(prayerPath(id)),
    onSuccess: (_, id) => void refresh(undefined, id),
  });
}

/** "Prayed": today counts for this request and for the streak. */
export function usePrayedPrayer() {
  const queryClient = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PrayerRequest>(prayerPath(id, '/prayed'), { method: 'POST' }),
    onSuccess: (prayer) => {
      void refresh(prayer);
      void queryClient.invalidateQueries({ queryKey: ['streak'] });
    },
    onError: saveFailed,
  });
}

export function useAnswerPrayer() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, ...body }: AnswerPrayerRequest & { id: string }) =>
      apiRequest<PrayerRequest>(prayerPath(id, '/answered'), { method: 'POST', body }),
    onSuccess: (prayer) => void refresh(prayer),
    onError: saveFailed,
  });
}

export function useUnanswerPrayer() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PrayerRequest>(prayerPath(id, '/answered'), { method: 'DELETE' }),
    onSuccess: (prayer) => void refresh(prayer),
    onError: saveFailed,
  });
}
