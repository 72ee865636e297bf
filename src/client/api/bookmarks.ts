// The bookmarks resource (/api/bookmarks): the chapters a signed-in reader bookmarked, listed a
// page at a time on the bookmarks page and in the reader's stats, toggled from the reader.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import {
  getPage,
  mapLoadedItems,
  pageParams,
  withItemInOrder,
  type PagedData,
} from '#client/lib/pages.ts';
import type { QueryErrorToast } from '#client/lib/query-client.ts';
import { refetchAfterLastWrite, refreshAfterWrite } from '#client/lib/refresh-after-write.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type { Bookmark } from '#shared/schemas/reading.ts';
import { progressKeys, type ChapterRef } from './progress.ts';

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  /** Every search's pages (an empty search is the whole list). */
  lists: ['bookmarks', 'list'] as const,
  list: (q: string) => ['bookmarks', 'list', q] as const,
  statuses: ['bookmarks', 'status'] as const,
  status: ({ book_name, chapter_number }: ChapterRef) =>
    ['bookmarks', 'status', book_name, chapter_number] as const,
  /** Every removal, so that the last one to finish refetches the lists. */
  deletes: ['bookmarks', 'delete'] as const,
};

export type BookmarkPages = PagedData<Bookmark>;

/**
 * One page of the signed-in user's bookmarked chapters, newest first (decision 012). `q` is asked of
 * the server: a case-insensitive substring of the book name or the chapter number (product §5).
 */
export function getBookmarkPage(
  { q = '', cursor }: { q?: string; cursor: string | null },
  signal?: AbortSignal,
): Promise<Page<Bookmark>> {
  return getPage<Bookmark>('/api/bookmarks', { q: q.trim() }, cursor, signal);
}

export function bookmarkPagesQueryOptions(q = '') {
  const term = q.trim();
  return infiniteQueryOptions({
    queryKey: bookmarkKeys.list(term),
    queryFn: ({ pageParam, signal }) => getBookmarkPage({ q: term, cursor: pageParam }, signal),
    ...pageParams,
  });
}

/**
 * The bookmarks, a page at a time. `errorToast`: the words a screen toasts when the list cannot
 * be loaded (the reader's stats show the failure in place and pass none). While a new search is
 * asked for, the previous results stay on screen.
 */
export function useBookmarkPages({
  q = '',
  isEnabled = true,
  errorToast,
}: { q?: string; isEnabled?: boolean; errorToast?: QueryErrorToast } = {}) {
  return useInfiniteQuery({
    ...bookmarkPagesQueryOptions(q),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    ...(errorToast ? { meta: { errorToast } } : {}),
  });
}

/** Whether this one chapter is bookmarked (the reader's toggle), without loading the list. */
export function getBookmarkStatus(
  { book_name, chapter_number }: ChapterRef,
  signal?: AbortSignal,
): Promise<{ bookmarked: boolean }> {
  const params = new URLSearchParams({ book_name, chapter_number: String(chapter_number) });
  return apiRequest<{ bookmarked: boolean }>(
    `/api/bookmarks/status?${params.toString()}`,
    signal ? { signal } : {},
  );
}

export function bookmarkStatusQueryOptions(chapter: ChapterRef) {
  return queryOptions({
    queryKey: bookmarkKeys.status(chapter),
    queryFn: ({ signal }) => getBookmarkStatus(chapter, signal),
  });
}

export function useBookmarkStatus(chapter: ChapterRef, isEnabled: boolean) {
  return useQuery({ ...bookmarkStatusQueryOptions(chapter), enabled: isEnabled });
}

export function toggleBookmark(body: ChapterRef): Promise<{ bookmarked: boolean }> {
  return apiRequest<{ bookmarked: boolean }>('/api/bookmarks/toggle', { method: 'POST', body });
}

/** product §4 bookmark toggle: adds the chapter's bookmark, or removes the one that exists. */
export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleBookmark,
    onSuccess: ({ bookmarked }, chapter) => {
      if (bookmarked) {
        notify.success('Chapter bookmarked', `${chapter.book_name} ${chapter.chapter_number}`);
      } else {
        notify.success('Bookmark removed');
      }
      // The answer is the chapter's status: no need to ask again.
      void queryClient
        .cancelQueries({ queryKey: bookmarkKeys.status(chapter) })
        .then(() => queryClient.setQueryData(bookmarkKeys.status(chapter), { bookmarked }));
      void refreshAfterWrite(queryClient, bookmarkKeys.lists);
      void queryClient.invalidateQueries({ queryKey: progressKeys.stats });
    },
    onError: (error) =>
      notify.error(
        'Bookmark Failed',
        failureDescription(error, 'There was an error updating your bookmark.'),
      ),
  });
}

/** Already gone (a 404) counts as removed. */
export function deleteBookmark(id: string): Promise<void> {
  return apiDelete(`/api/bookmarks/${encodeURIComponent(id)}`);
}

/** Newest first by (created_at, id), as the server lists them: < 0 when `a` comes first. */
function newestFirst(a: Bookmark, b: Bookmark): number {
  if (a.created_at !== b.created_at) return a.created_at > b.created_at ? -1 : 1;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

/**
 * product §5, as the server applies `q`: a case-insensitive substring of the book name or of the
 * chapter number; an empty term matches every bookmark.
 */
export function matchesBookmarkSearch(
  bookmark: Pick<Bookmark, 'book_name' | 'chapter_number'>,
  term: string,
): boolean {
  const needle = term.trim().toLowerCase();
  return (
    !needle ||
    bookmark.book_name.toLowerCase().includes(needle) ||
    String(bookmark.chapter_number).includes(needle)
  );
}

/** Applies `change` to every cached search's pages that `bookmark` belongs in. */
function changeListsHolding(
  queryClient: QueryClient,
  bookmark: Bookmark,
  change: (data: BookmarkPages | undefined) => BookmarkPages | undefined,
): void {
  for (const [key] of queryClient.getQueriesData<BookmarkPages>({ queryKey: bookmarkKeys.lists })) {
    const term = typeof key[2] === 'string' ? key[2] : '';
    if (matchesBookmarkSearch(bookmark, term)) queryClient.setQueryData(key, change);
  }
}

/**
 * Removes a bookmark and toasts 'Bookmark removed', or the product §8 'Error' / 'Failed to remove
 * bookmark.'. `isOptimistic` (the bookmarks page): the card goes at once and comes back if the
 * removal fails; otherwise (the reader's stats) the lists change when the server has answered.
 */
export function useDeleteBookmark({ isOptimistic = false }: { isOptimistic?: boolean } = {}) {
  const queryClient = useQueryClient();
  const removeFromLists = (bookmark: Bookmark) =>
    changeListsHolding(queryClient, bookmark, (data) =>
      mapLoadedItems(data, (items) => items.filter((item) => item.id !== bookmark.id)),
    );
  return useMutation({
    mutationKey: bookmarkKeys.deletes,
    mutationFn: (bookmark: Bookmark) => deleteBookmark(bookmark.id),
    onMutate: async (bookmark) => {
      if (!isOptimistic) return;
      await queryClient.cancelQueries({ queryKey: bookmarkKeys.lists });
      removeFromLists(bookmark);
    },
    onSuccess: (_nothing, bookmark) => {
      notify.success('Bookmark removed');
      if (!isOptimistic) removeFromLists(bookmark);
      queryClient.setQueryData(bookmarkKeys.status(bookmark), { bookmarked: false });
      void queryClient.invalidateQueries({ queryKey: progressKeys.stats });
    },
    onError: (error, bookmark) => {
      // Only this bookmark returns: other removals in flight keep their optimistic state.
      if (isOptimistic) {
        changeListsHolding(queryClient, bookmark, (data) =>
          withItemInOrder(data, bookmark, newestFirst, (a, b) => a.id === b.id),
        );
      }
      notify.error('Error', failureDescription(error, 'Failed to remove bookmark.'));
    },
    onSettled: () => {
      const refresh = refetchAfterLastWrite(queryClient, {
        mutationKey: bookmarkKeys.deletes,
        queryKey: bookmarkKeys.lists,
      });
      // The optimistic list stays 'removing' until it is fresh; the stats' list is not held up.
      return isOptimistic ? refresh : undefined;
    },
  });
}
