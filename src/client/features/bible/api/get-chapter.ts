import { queryOptions, useQuery } from '@tanstack/react-query';
import { books } from '../../../../shared/bible/books.ts';
import type { ReaderPosition } from '../../../../shared/bible/navigation.ts';
import type { ChapterResponse } from '../../../../shared/schemas/bible.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { ChapterTimeoutError } from '../lib/chapter-error.ts';

/** spec §9: the chapter fetch gives up after 10 s. */
export const chapterTimeoutMs = 10_000;

/**
 * The chapter's URL. The service worker caches chapters under it, and the Bible download
 * stores every chapter under it, so both must spell it the same way.
 */
export function chapterPath(bookName: string, chapter: number): string {
  return `/api/bible/${encodeURIComponent(bookName)}/${chapter}`;
}

export async function getChapter(
  { bookIndex, chapter }: ReaderPosition,
  signal?: AbortSignal,
): Promise<ChapterResponse> {
  const name = books[bookIndex]?.name ?? books[0].name;
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, chapterTimeoutMs);
  // TanStack's own signal (the query was dropped) aborts this fetch too.
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await apiRequest<ChapterResponse>(chapterPath(name, chapter), {
      signal: controller.signal,
    });
  } catch (error) {
    if (isTimedOut) throw new ChapterTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** Chapters never change: cached for the session (staleTime Infinity), kept 30 minutes unused. */
export function chapterQueryOptions(position: ReaderPosition) {
  return queryOptions({
    queryKey: ['bible', 'chapter', position.bookIndex, position.chapter],
    queryFn: ({ signal }) => getChapter(position, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    // Offline too: the service worker may have the chapter (read before, or downloaded).
    networkMode: 'always',
    // A missing chapter will not appear on a second try, nor will one while offline; a timeout
    // or a dropped line might.
    retry: (failureCount, error) =>
      failureCount < 1 &&
      !(error instanceof ApiError && (error.status === 404 || error.code === 'OFFLINE')),
  });
}

export function useChapter(position: ReaderPosition | null) {
  return useQuery({
    ...chapterQueryOptions(position ?? { bookIndex: 0, chapter: 1 }),
    enabled: position !== null,
  });
}
