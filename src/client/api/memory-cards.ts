// The memory-cards resource (/api/memory-cards, decision 016): verses a member is learning by heart,
// how many are due for review, the review session's cards, grading a review, adding a verse
// (from a saved verse or the reader's verse dialog) and removing one. Everything lives under
// ['memory-cards'], so one invalidation covers it.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import { useSession } from '#client/lib/session.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type {
  DueCardsResponse,
  MemoryCard,
  PracticeMode,
  ReviewRating,
  ReviewResponse,
} from '#shared/schemas/habits.ts';
import type { Page } from '#shared/schemas/pagination.ts';

export const memoryCardKeys = {
  all: ['memory-cards'] as const,
  /** The home page's 'Today' card and /memorize. */
  dueCount: ['memory-cards', 'due-count'] as const,
  /** The cards a review session goes through. */
  due: ['memory-cards', 'due'] as const,
  list: ['memory-cards', 'list'] as const,
  status: (reference: string) => ['memory-cards', 'status', reference] as const,
};

export type { MemoryCard };

// ── How many are due ─────────────────────────────────────────────────────────────────────

export function getMemoryDueCount(signal?: AbortSignal): Promise<{ count: number }> {
  return apiRequest<{ count: number }>('/api/memory-cards/due-count', signal ? { signal } : {});
}

export function memoryDueCountQueryOptions() {
  return queryOptions({
    queryKey: memoryCardKeys.dueCount,
    queryFn: ({ signal }) => getMemoryDueCount(signal),
    // Cards fall due as time passes: asked again when the person comes back to the tab.
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
}

/** How many verses are due for review now; asked for only while someone is signed in. */
export function useMemoryDueCount() {
  const session = useSession();
  return useQuery({
    ...memoryDueCountQueryOptions(),
    enabled: session.status === 'signed-in',
  });
}

// ── The cards being learned ──────────────────────────────────────────────────────────────

export function getMemoryCardsPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<MemoryCard>> {
  return getPage<MemoryCard>('/api/memory-cards', {}, cursor, signal);
}

export function memoryCardsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: memoryCardKeys.list,
    queryFn: ({ pageParam, signal }) => getMemoryCardsPage(pageParam, signal),
    ...pageParams,
    meta: {
      errorToast: {
        title: 'Error loading your verses',
        description: 'Please try refreshing the page.',
      },
    },
  });
}

export function useMemoryCards() {
  return useInfiniteQuery(memoryCardsQueryOptions());
}

// ── A review session ─────────────────────────────────────────────────────────────────────

export function getDueCards(signal?: AbortSignal): Promise<DueCardsResponse> {
  return apiRequest<DueCardsResponse>('/api/memory-cards/due', signal ? { signal } : {});
}

export function dueCardsQueryOptions() {
  return queryOptions({
    queryKey: memoryCardKeys.due,
    queryFn: ({ signal }) => getDueCards(signal),
    meta: {
      errorToast: {
        title: 'Error loading your review',
        description: 'Please try again.',
      },
    },
  });
}

/**
 * The cards due now (up to a session's batch) and their count: asked for afresh when a review
 * starts, and kept as they are until it ends (never refetched under the person's feet).
 */
export function useDueCards() {
  return useQuery({
    ...dueCardsQueryOptions(),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function reviewMemoryCard(
  id: string,
  body: { rating: ReviewRating; mode: PracticeMode },
): Promise<ReviewResponse> {
  return apiRequest<ReviewResponse>(`/api/memory-cards/${encodeURIComponent(id)}/review`, {
    method: 'POST',
    body,
  });
}

/** Puts a card's new schedule into the loaded list pages. */
function replaceCardInList(queryClient: QueryClient, card: MemoryCard): void {
  queryClient.setQueryData<PagedData<MemoryCard>>(memoryCardKeys.list, (pages) =>
    mapLoadedItems(pages, (items) => items.map((item) => (item.id === card.id ? card : item))),
  );
}

/** Grades one review; the due count and the card's next date follow at once. */
export function useReviewMemoryCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      card,
      rating,
      mode,
    }: {
      card: MemoryCard;
      rating: ReviewRating;
      mode: PracticeMode;
    }) => reviewMemoryCard(card.id, { rating, mode }),
    onSuccess: ({ card, due_count }) => {
      queryClient.setQueryData(memoryCardKeys.dueCount, { count: due_count });
      replaceCardInList(queryClient, card);
    },
    onError: (error) =>
      notify.error('Save Failed', failureDescription(error, 'Your review could not be saved.')),
  });
}

// ── Is this verse being learned? ─────────────────────────────────────────────────────────

export function getMemoryStatus(
  reference: string,
  signal?: AbortSignal,
): Promise<{ card_id: string | null }> {
  const params = new URLSearchParams({ reference });
  return apiRequest<{ card_id: string | null }>(
    `/api/memory-cards/status?${params.toString()}`,
    signal ? { signal } : {},
  );
}

/** Whether the signed-in person is learning this verse (so its button says 'Learning'). */
export function useMemoryStatus(reference: string | null | undefined): {
  isLearning: boolean;
  isPending: boolean;
} {
  const session = useSession();
  const enabled = session.status === 'signed-in' && Boolean(reference);
  const query = useQuery({
    queryKey: memoryCardKeys.status(reference ?? ''),
    queryFn: ({ signal }) => getMemoryStatus(reference ?? '', signal),
    enabled,
    // Every add and removal from this app updates it at once; another device's, in a while.
    staleTime: 5 * 60_000,
  });
  return {
    isLearning: enabled && Boolean(query.data?.card_id),
    isPending: enabled && query.isPending,
  };
}

// ── Add and remove ───────────────────────────────────────────────────────────────────────

export type AddMemoryCardRequest = { reference: string; translation?: TranslationId };

export function addMemoryCard(body: AddMemoryCardRequest): Promise<MemoryCard> {
  return apiRequest<MemoryCard>('/api/memory-cards', { method: 'POST', body });
}

/**
 * 'Learn by heart': adds a verse (or finds it already there), toasts with a way to /memorize,
 * and the verse's button says 'Learning' at once. `openMemorize` is the screen's navigation.
 */
export function useAddMemoryCard({ openMemorize }: { openMemorize: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMemoryCard,
    onSuccess: (card, request) => {
      void queryClient.cancelQueries({ queryKey: memoryCardKeys.status(request.reference) });
      queryClient.setQueryData(memoryCardKeys.status(request.reference), { card_id: card.id });
      void queryClient.invalidateQueries({
        queryKey: memoryCardKeys.all,
        predicate: (query) => query.queryKey[1] !== 'status',
      });
      notify.success('Added to Learn by Heart', displayReference(card.reference), {
        label: 'Review',
        onClick: openMemorize,
      });
    },
    // At the limit, or not one verse: the server's own words say what to do.
    onError: (error) =>
      notify.error(
        'Save Failed',
        error instanceof ApiError && [400, 404, 409, 422].includes(error.status)
          ? error.message
          : failureDescription(error, 'The verse could not be added.'),
      ),
  });
}

export function deleteMemoryCard(id: string): Promise<void> {
  return apiDelete(`/api/memory-cards/${encodeURIComponent(id)}`);
}

/** Stops learning a verse: gone from the list at once, and everything else asked again. */
export function useDeleteMemoryCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: MemoryCard) => deleteMemoryCard(card.id),
    onSuccess: (_result, card) => {
      queryClient.setQueryData<PagedData<MemoryCard>>(memoryCardKeys.list, (pages) =>
        mapLoadedItems(pages, (items) => items.filter((item) => item.id !== card.id)),
      );
      queryClient.setQueryData(memoryCardKeys.status(card.reference), { card_id: null });
      void queryClient.invalidateQueries({
        queryKey: memoryCardKeys.all,
        predicate: (query) => query.queryKey[1] !== 'status' && query.queryKey[1] !== 'list',
      });
      notify.success(
        'Verse removed',
        `${displayReference(card.reference)} is no longer in Learn by Heart.`,
      );
    },
    onError: (error) =>
      notify.error(
        'Delete Failed',
        failureDescription(error, 'There was an error removing the verse.'),
      ),
  });
}
