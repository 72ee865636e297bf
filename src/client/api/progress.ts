// The reading-progress resource (/api/progress): the chapters a signed-in reader has read,
// their counts, and where they left off.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type {
  BooksStartedResponse,
  LastPosition,
  ReadingProgress,
  ReadingStats,
  SaveProgressResponse,
} from '#shared/schemas/reading.ts';

export const progressKeys = {
  all: ['progress'] as const,
  list: ['progress', 'list'] as const,
  stats: ['progress', 'stats'] as const,
  lastPosition: ['progress', 'last-position'] as const,
  books: ['progress', 'books'] as const,
};

/** One chapter, as the progress routes name it. */
export type ChapterRef = { book_name: string; chapter_number: number };

// ── Chapters read ────────────────────────────────────────────────────────────────────────

/** One page of the chapters the user has read, newest first by (completed_at, id) (decision 012). */
export function getReadingProgressPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<ReadingProgress>> {
  return getPage<ReadingProgress>('/api/progress', {}, cursor, signal);
}

export function readingProgressQueryOptions() {
  return infiniteQueryOptions({
    queryKey: progressKeys.list,
    queryFn: ({ pageParam, signal }) => getReadingProgressPage(pageParam, signal),
    ...pageParams,
  });
}

/** The chapters read, a page at a time (the reader's Chapters Read list). */
export function useReadingProgress(isEnabled = true) {
  return useInfiniteQuery({ ...readingProgressQueryOptions(), enabled: isEnabled });
}

/** The books the user has begun (at most 66), most recently read first. */
export function getBooksStarted(signal?: AbortSignal): Promise<BooksStartedResponse> {
  return apiRequest<BooksStartedResponse>('/api/progress/books', { signal });
}

export function useBooksStarted(isEnabled = true) {
  return useQuery({
    queryKey: progressKeys.books,
    queryFn: ({ signal }) => getBooksStarted(signal),
    enabled: isEnabled,
    select: (answer) => answer.items,
  });
}

export function saveReadingProgress(body: ChapterRef): Promise<SaveProgressResponse> {
  return apiRequest<SaveProgressResponse>('/api/progress', { method: 'POST', body });
}

/**
 * product §4: on loading a chapter, save it as read (the server moves an active plan along), then
 * refresh stats, progress and the plan. A failure is not the reader's problem: only logged.
 */
export function useSaveReadingProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReadingProgress,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
      // The server has ticked the followed plans' readings of this chapter (the reading plan's
      // among them) and counted the day for the streak. myPlanKeys.all (plans.ts) and the streak module's root key,
      // spelled out: this module is in the reader's first load, and they are not.
      void queryClient.invalidateQueries({ queryKey: ['my-plans'] });
      void queryClient.invalidateQueries({ queryKey: ['streak'] });
    },
    onError: (error) => {
      console.warn('Could not save reading progress', error);
    },
  });
}

export function deleteReadingProgress({ book_name, chapter_number }: ChapterRef): Promise<void> {
  const params = new URLSearchParams({ book_name, chapter_number: String(chapter_number) });
  return apiRequest<void>(`/api/progress?${params.toString()}`, { method: 'DELETE' });
}

/** Forgets that a chapter was read; toasts 'Progress removed' or the product §8 error. */
export function useDeleteReadingProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReadingProgress,
    onSuccess: (_nothing, chapter) => {
      notify.success('Progress removed');
      queryClient.setQueryData<PagedData<ReadingProgress>>(progressKeys.list, (data) =>
        mapLoadedItems(data, (items) =>
          items.filter(
            (row) =>
              row.book_name !== chapter.book_name || row.chapter_number !== chapter.chapter_number,
          ),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
    onError: (error) =>
      notify.error('Error', failureDescription(error, 'Failed to remove reading progress.')),
  });
}

// ── Counts ───────────────────────────────────────────────────────────────────────────────

export function getReadingStats(signal?: AbortSignal): Promise<ReadingStats> {
  return apiRequest<ReadingStats>('/api/progress/stats', { signal });
}

export function readingStatsQueryOptions() {
  return queryOptions({
    queryKey: progressKeys.stats,
    queryFn: ({ signal }) => getReadingStats(signal),
    // Other screens change these counts (the bookmarks page, say); ask again on each visit.
    staleTime: 0,
  });
}

export function useReadingStats() {
  return useQuery(readingStatsQueryOptions());
}

// ── Where the reader left off ────────────────────────────────────────────────────────────

export function getLastPosition(signal?: AbortSignal): Promise<LastPosition> {
  return apiRequest<LastPosition>('/api/progress/last-position', { signal });
}

export function lastPositionQueryOptions() {
  return queryOptions({
    queryKey: progressKeys.lastPosition,
    queryFn: ({ signal }) => getLastPosition(signal),
    retry: false,
  });
}

/** product §4: where a signed-in reader left off; only asked for when the address names no chapter. */
export function useLastPosition(isEnabled: boolean) {
  return useQuery({ ...lastPositionQueryOptions(), enabled: isEnabled });
}
