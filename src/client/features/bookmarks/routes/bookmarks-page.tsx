import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Bookmark } from '../../../../shared/schemas/reading.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useBookmarks, useDeleteBookmark } from '../../../api/bookmarks.ts';
import { BookmarkCard } from '../components/bookmark-card.tsx';
import { BookmarksEmpty } from '../components/bookmarks-empty.tsx';
import { filterBookmarks, normaliseSearchTerm } from '../lib/filter-bookmarks.ts';

function chapterCount(count: number): string {
  return `${count} ${count === 1 ? 'chapter' : 'chapters'}`;
}

/** product §2 /bookmarks: the signed-in user's bookmarked chapters. Shown inside RequireAuth. */
export function BookmarksPage() {
  // product §8: every failed load (the first one, and each failed 'Try again') is toasted.
  const bookmarks = useBookmarks({
    errorToast: {
      title: 'Error loading bookmarks',
      description: 'Please try refreshing the page.',
    },
  });
  const [searchParams, setSearchParams] = useSearchParams();
  // The term is also kept in ?q=, so that coming back from the reader finds the same list.
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const remove = useDeleteBookmark({ isOptimistic: true });

  const all = bookmarks.data ?? [];
  const visible = filterBookmarks(all, search);
  const isSearching = normaliseSearchTerm(search) !== '';

  function changeSearch(term: string) {
    setSearch(term);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (term) next.set('q', term);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function onRemove(bookmark: Bookmark, index: number) {
    // The card is about to disappear: keep keyboard focus in the list (next card, else the
    // previous one, else the search box) instead of dropping it on the page.
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[data-remove-bookmark]');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1] ?? searchRef.current;
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
            {/* product §2: one box, filtering by book or chapter number as the person types. */}
            <SearchBox
              ref={searchRef}
              label="Search bookmarked chapters"
              placeholder="Search bookmarked chapters..."
              value={search}
              onChange={changeSearch}
            />
            <p role="status" className="px-1 text-sm text-muted-foreground">
              {all.length === 0
                ? null
                : isSearching
                  ? `${visible.length} of ${chapterCount(all.length)}`
                  : `${chapterCount(all.length)} bookmarked`}
            </p>
          </div>
          {visible.length === 0 ? (
            <BookmarksEmpty
              isSearching={isSearching}
              onClearSearch={() => {
                changeSearch('');
                searchRef.current?.focus();
              }}
            />
          ) : (
            <ul
              ref={listRef}
              aria-label="Bookmarks"
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            >
              {visible.map((bookmark, index) => (
                <BookmarkCard
                  key={bookmark.id}
                  bookmark={bookmark}
                  index={index}
                  onRemove={() => onRemove(bookmark, index)}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </PageShell>
  );
}
