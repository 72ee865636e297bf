// The Bible resource (/api/bible): a chapter in one of the translations (decision 015), search, and a
// whole translation in one answer for offline use. The text never changes, so chapters are
// cached for good.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import type { QueryErrorToast } from '#client/lib/query-client.ts';
import { books } from '#shared/bible/books.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import type { ChapterResponse, SearchResponse } from '#shared/schemas/bible.ts';

export type SearchParams = {
  query: string;
  limit: number;
  offset: number;
  translation?: TranslationId;
};

export const bibleKeys = {
  all: ['bible'] as const,
  chapter: ({ bookIndex, chapter }: ReaderPosition, translation: TranslationId) =>
    ['bible', 'chapter', bookIndex, chapter, translation] as const,
  search: ({ query, limit, offset, translation = defaultTranslation }: SearchParams) =>
    ['bible', 'search', query, limit, offset, translation] as const,
};

/** '' for the KJV (its URLs stay as they were, so chapters kept offline still match), else '?translation=web'. */
function translationQuery(translation: TranslationId): string {
  return translation === defaultTranslation ? '' : `?translation=${translation}`;
}

// ── A chapter ────────────────────────────────────────────────────────────────────────────

/** product §9: the chapter fetch gives up after 10 s. */
export const chapterTimeoutMs = 10_000;

/** Thrown by the chapter fetch when the 10 s AbortController timeout fires. */
export class ChapterTimeoutError extends Error {
  constructor() {
    super('Chapter loading timed out.');
    this.name = 'ChapterTimeoutError';
  }
}

/**
 * The chapter's URL. The service worker caches chapters under it, and the Bible download
 * stores every chapter under it, so both must spell it the same way.
 */
export function chapterPath(
  bookName: string,
  chapter: number,
  translation: TranslationId = defaultTranslation,
): string {
  return `/api/bible/${encodeURIComponent(bookName)}/${chapter}${translationQuery(translation)}`;
}

export async function getChapter(
  { bookIndex, chapter }: ReaderPosition,
  translation: TranslationId,
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
    return await apiRequest<ChapterResponse>(chapterPath(name, chapter, translation), {
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

/**
 * Chapters never change: cached for the session (staleTime Infinity), kept 30 minutes unused.
 * No failure toast here: a chapter fetched ahead of the reader fails quietly.
 */
export function chapterQueryOptions(
  position: ReaderPosition,
  translation: TranslationId = defaultTranslation,
) {
  return queryOptions({
    queryKey: bibleKeys.chapter(position, translation),
    queryFn: ({ signal }) => getChapter(position, translation, signal),
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

/** The chapter on screen; `errorToast` is what the reader says when it cannot be loaded. */
export function useChapter(
  position: ReaderPosition | null,
  translation: TranslationId,
  errorToast?: (error: Error) => QueryErrorToast | null,
) {
  return useQuery({
    ...chapterQueryOptions(position ?? { bookIndex: 0, chapter: 1 }, translation),
    enabled: position !== null,
    ...(errorToast ? { meta: { errorToast } } : {}),
  });
}

// ── Search ───────────────────────────────────────────────────────────────────────────────

export function searchBible(
  { query, limit, offset, translation = defaultTranslation }: SearchParams,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, limit: String(limit), offset: String(offset) });
  if (translation !== defaultTranslation) params.set('translation', translation);
  return apiRequest<SearchResponse>(`/api/bible/search?${params.toString()}`, { signal });
}

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: bibleKeys.search(params),
    queryFn: ({ signal }) => searchBible(params, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** Searches once the (already debounced) query is non-empty; keeps the last page while paging. */
export function useBibleSearch(params: SearchParams) {
  return useQuery({
    ...searchQueryOptions(params),
    enabled: params.query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

// ── The whole Bible, for offline use ─────────────────────────────────────────────────────

/** A download that could not be made, in words the person can act on. */
export class BibleDownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BibleDownloadError';
  }
}

/**
 * GET /api/bible/download/verses?translation=: every chapter's raw verses, one chapter per line,
 * Genesis 1 to Revelation 22 (shared/bible/chapter.ts rebuilds each chapter's answer from its
 * line). Answers the body as it streams in.
 */
export async function requestBibleDownload(
  translation: TranslationId,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  let response: Response;
  try {
    response = await fetch(`/api/bible/download/verses?translation=${translation}`, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new BibleDownloadError(
      navigator.onLine
        ? 'Grounded could not be reached. Please try again in a moment.'
        : 'You are offline. Connect to the internet to download the Bible.',
    );
  }
  if (!response.ok || !response.body) {
    throw new BibleDownloadError(`The server answered ${response.status}. Please try again.`);
  }
  return response.body;
}
