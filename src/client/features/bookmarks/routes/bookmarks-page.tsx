import { useCallback, useMemo, useRef, useState } from 'react';
import { useBookmarkPages, useDeleteBookmark } from '#client/api/bookmarks.ts';
import { useReadingStats } from '#client/api/progress.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { SearchBox } from '#client/components/search-box.tsx';
import {
  BookmarkCard,
  type EntranceLog,
} from '#client/features/bookmarks/components/bookmark-card.tsx';
import { BookmarksEmpty } from '#client/features/bookmarks/components/bookmarks-empty.tsx';
import { useColumnCount } from '#client/features/bookmarks/lib/use-column-count.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useUrlSearch } from '#client/lib/use-url-search.ts';
import type { Bookmark } from '#shared/schemas/reading.ts';

function chapterCount(count: number): string {
  return `${count} ${count === 1 ? 'chapter' : 'chapters'}`;
}

/**
 * The live line above the list. Pages carry no total (decision 012): the number of bookmarks comes
 * from the reading stats, and a search counts what has been loaded, saying so while more remain.
 */
function listSummary({
  loaded,
  total,
  isSearching,
  hasMore,
}: {
  loaded: number;
  total: number | undefined;
  isSearching: boolean;
  hasMore: boolean;
}): string {
  const all = total ?? (hasMore ? undefined : loaded);
  if (!isSearching) {
    return all === undefined
      ? `Showing ${chapterCount(loaded)} so far`
      : `${chapterCount(all)} bookmarked`;
  }
  if (hasMore) return `Showing ${loaded} matching ${loaded === 1 ? 'chapter' : 'chapters'} so far`;
  return all === undefined ? `${chapterCount(loaded)} found` : `${loaded} of ${chapterCount(all)}`;
}

/** A card is about this tall, the 16 px gap included; cards are measured once drawn. */
const cardHeight = 212;
const cardGap = 16;

/**
 * product §2 /bookmarks: the signed-in user's bookmarked chapters, a page at a time, searched on
 * the server (decision 012). Shown inside RequireAuth.
 */
export function BookmarksPage() {
  // The term is kept in ?q=, so that coming back from the reader finds the same list.
  const search = useUrlSearch('q');
  // product §8: every failed load (the first one, and each failed 'Try again') is toasted.
  const bookmarks = useBookmarkPages({
    q: search.term,
    errorToast: {
      title: 'Error loading bookmarks',
      description: 'Please try refreshing the page.',
    },
  });
  const stats = useReadingStats();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const remove = useDeleteBookmark({ isOptimistic: true });
  const columns = useColumnCount();
  // product §9: the first cards animate in, once each (not again when scrolled back to).
  const [entrances] = useState<EntranceLog>(() => new Set());

  const items = useMemo(() => loadedItems(bookmarks.data), [bookmarks.data]);
  // The results on screen are for this term (the last one's, while a new one is asked for).
  const shownTerm = bookmarks.isPlaceholderData ? null : search.term;
  const isSearching = search.term !== '';

  const { fetchNextPage, isFetchingNextPage } = bookmarks;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);

  function onRemove(bookmark: Bookmark) {
    // The card is about to disappear: keep keyboard focus in the list (next card, else the
    // previous one, else the search box) instead of dropping it on the page.
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLElement>('[data-remove-bookmark]') ?? []),
    ];
    const at = buttons.findIndex((button) => button.dataset.removeBookmark === bookmark.id);
    const next = buttons[at + 1] ?? buttons[at - 1] ?? searchRef.current;
    next?.focus();
    remove.mutate(bookmark);
  }

  return (
    <PageShell title="Bookmarked Chapters" subtitle="Bible chapters you've marked for easy access">
      {bookmarks.isPending ? (
        <LoadingState label="Loading your bookmarks..." />
      ) : bookmarks.data === undefined ? (
        <LoadError
          message="We couldn't load your bookmarks."
          isRetrying={bookmarks.isFetching}
          onRetry={() => void bookmarks.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <div className="space-y-2">
            {/* product §2: one box, searching by book or chapter number as the person types. */}
            <SearchBox
              ref={searchRef}
              label="Search bookmarked chapters"
              placeholder="Search bookmarked chapters..."
              value={search.text}
              onChange={search.setText}
            />
            <p role="status" className="px-1 text-sm text-muted-foreground">
              {shownTerm === null
                ? 'Searching…'
                : items.length === 0
                  ? null
                  : listSummary({
                      loaded: items.length,
                      total: stats.data?.bookmarks,
                      isSearching,
                      hasMore: bookmarks.hasNextPage,
                    })}
            </p>
          </div>
          {items.length === 0 && shownTerm !== null ? (
            <BookmarksEmpty
              isSearching={shownTerm !== ''}
              onClearSearch={() => {
                search.clear();
                searchRef.current?.focus();
              }}
            />
          ) : (
            <div ref={listRef}>
              <PagedList
                items={items}
                getKey={(bookmark) => bookmark.id}
                estimateSize={cardHeight}
                gap={cardGap}
                lanes={columns}
                hasMore={bookmarks.hasNextPage}
                isLoadingMore={bookmarks.isFetchingNextPage}
                onLoadMore={loadMore}
                loadMoreLabel="Load more bookmarks"
                listLabel="Bookmarks"
                renderItem={(bookmark, index) => (
                  <BookmarkCard
                    bookmark={bookmark}
                    index={index}
                    entrances={entrances}
                    onRemove={() => onRemove(bookmark)}
                  />
                )}
              />
            </div>
          )}
        </div>
      )}
    </PageShell>
  );
}
