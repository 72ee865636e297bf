// The reading-progress resource (/api/progress): the chapters a signed-in reader has read,
// their counts, and where they left off.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LastPosition,
  ReadingProgress,
  ReadingStats,
  SaveProgressResponse,
} from '../../shared/schemas/reading.ts';
import { apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { failureDescription } from '../lib/offline/failure-description.ts';
import { planKeys } from './plans.ts';

export const progressKeys = {
  all: ['progress'] as const,
  list: ['progress', 'list'] as const,
  stats: ['progress', 'stats'] as const,
  lastPosition: ['progress', 'last-position'] as const,
};

/** One chapter, as the progress routes name it. */
export type ChapterRef = { book_name: string; chapter_number: number };

// ── Chapters read ────────────────────────────────────────────────────────────────────────

/** Every chapter the user has read, newest first. */
export function getReadingProgress(signal?: AbortSignal): Promise<ReadingProgress[]> {
  return apiRequest<ReadingProgress[]>('/api/progress', { signal });
}

export function readingProgressQueryOptions() {
  return queryOptions({
    queryKey: progressKeys.list,
    queryFn: ({ signal }) => getReadingProgress(signal),
  });
}

export function useReadingProgress(isEnabled = true) {
  return useQuery({ ...readingProgressQueryOptions(), enabled: isEnabled });
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
    onSuccess: ({ plan }) => {
      queryClient.setQueryData(planKeys.current, { plan });
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
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
    onSuccess: () => {
      notify.success('Progress removed');
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
