import { format, formatDistanceToNow } from 'date-fns';
import { Bookmark, BookOpen, Library } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useBookmarkPages, useDeleteBookmark } from '#client/api/bookmarks.ts';
import {
  useBooksStarted,
  useDeleteReadingProgress,
  useReadingProgress,
  useReadingStats,
} from '#client/api/progress.ts';
import { PagedList } from '#client/components/paged-list.tsx';
import { readerPath } from '#client/features/bible/lib/reader-url.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useScrollBox } from '#client/lib/use-scroll-box.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { displayReference } from '#shared/bible/references.ts';
import { ListItem, RemoveButton } from './stat-list-item.tsx';
import { StatPopover } from './stat-popover.tsx';

type OpenList = 'chapters' | 'books' | 'bookmarks' | null;

function chapterPath(bookName: string, chapter: number): string {
  return readerPath({ bookIndex: Math.max(0, findBookIndex(bookName)), chapter });
}

function when(iso: string, style: 'relative' | 'date'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return style === 'relative'
    ? `Read ${formatDistanceToNow(date, { addSuffix: true })}`
    : `Bookmarked on ${format(date, 'MMM d, yyyy')}`;
}

/** Rows in a stat's list are about this tall (a title and a detail line). */
const rowHeight = 56;

/** product §4: Chapters Read, Books Started and Bookmarks, each opening its list. */
export function ReadingStats() {
  const [openList, setOpenList] = useState<OpenList>(null);
  const stats = useReadingStats();
  // Each list is asked for when its popover opens; the counts come with the stats.
  const progress = useReadingProgress(openList === 'chapters');
  const booksStarted = useBooksStarted(openList === 'books');
  const bookmarks = useBookmarkPages({ isEnabled: openList === 'bookmarks' });
  const removeProgress = useDeleteReadingProgress();
  const removeBookmark = useDeleteBookmark();
  const chaptersViewport = useScrollBox<HTMLDivElement>();
  const bookmarksViewport = useScrollBox<HTMLDivElement>();
  const chaptersRead = loadedItems(progress.data);
  const bookmarked = loadedItems(bookmarks.data);
  const loadMoreChapters = useLoadMore(progress);
  const loadMoreBookmarks = useLoadMore(bookmarks);

  const setOpen = (list: Exclude<OpenList, null>) => (open: boolean) =>
    setOpenList(open ? list : null);

  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      <StatPopover
        label="Chapters Read"
        count={stats.data?.chaptersRead}
        icon={BookOpen}
        open={openList === 'chapters'}
        onOpenChange={setOpen('chapters')}
        isLoading={progress.isPending}
        isError={progress.isError && progress.data === undefined}
        emptyText="Chapters you read are listed here."
        viewportRef={chaptersViewport.boxRef}
      >
        {chaptersRead.length > 0 && chaptersViewport.scrollElement ? (
          <PagedList
            className="py-2"
            items={chaptersRead}
            getKey={(row) => `${row.book_name}:${row.chapter_number}`}
            estimateSize={rowHeight}
            scrollElement={chaptersViewport.scrollElement}
            hasMore={progress.hasNextPage}
            isLoadingMore={progress.isFetchingNextPage}
            onLoadMore={loadMoreChapters}
            loadMoreLabel="Load more chapters"
            listLabel="Chapters read"
            renderItem={(row) => {
              const label = displayReference(`${row.book_name} ${row.chapter_number}`);
              return (
                <ListItem
                  as="div"
                  to={chapterPath(row.book_name, row.chapter_number)}
                  title={label}
                  detail={when(row.completed_at, 'relative')}
                  action={
                    <RemoveButton
                      label={`Remove ${label} from chapters read`}
                      disabled={removeProgress.isPending}
                      onClick={() =>
                        removeProgress.mutate({
                          book_name: row.book_name,
                          chapter_number: row.chapter_number,
                        })
                      }
                    />
                  }
                />
              );
            }}
          />
        ) : null}
      </StatPopover>
      <StatPopover
        label="Books Started"
        count={stats.data?.booksStarted}
        icon={Library}
        open={openList === 'books'}
        onOpenChange={setOpen('books')}
        isLoading={booksStarted.isPending}
        isError={booksStarted.isError}
        emptyText="Books you have begun are listed here."
      >
        {booksStarted.data && booksStarted.data.length > 0 ? (
          <ul className="py-2">
            {booksStarted.data.map((book) => (
              <ListItem
                key={book.book_name}
                to={chapterPath(book.book_name, book.latest_chapter)}
                title={book.book_name}
                detail={`${book.chapters_read} ${book.chapters_read === 1 ? 'chapter' : 'chapters'} read · last ${book.book_name} ${book.latest_chapter}`}
              />
            ))}
          </ul>
        ) : null}
      </StatPopover>
      <StatPopover
        label="Bookmarks"
        count={stats.data?.bookmarks}
        icon={Bookmark}
        open={openList === 'bookmarks'}
        onOpenChange={setOpen('bookmarks')}
        isLoading={bookmarks.isPending}
        isError={bookmarks.isError && bookmarks.data === undefined}
        emptyText="Bookmark a chapter to find it again here."
        viewportRef={bookmarksViewport.boxRef}
      >
        {bookmarked.length > 0 && bookmarksViewport.scrollElement ? (
          <PagedList
            className="py-2"
            items={bookmarked}
            getKey={(bookmark) => bookmark.id}
            estimateSize={rowHeight}
            scrollElement={bookmarksViewport.scrollElement}
            hasMore={bookmarks.hasNextPage}
            isLoadingMore={bookmarks.isFetchingNextPage}
            onLoadMore={loadMoreBookmarks}
            loadMoreLabel="Load more bookmarks"
            listLabel="Bookmarked chapters"
            renderItem={(bookmark) => {
              const label = displayReference(`${bookmark.book_name} ${bookmark.chapter_number}`);
              return (
                <ListItem
                  as="div"
                  to={chapterPath(bookmark.book_name, bookmark.chapter_number)}
                  title={label}
                  detail={when(bookmark.created_at, 'date')}
                  action={
                    <RemoveButton
                      label={`Remove bookmark for ${label}`}
                      disabled={removeBookmark.isPending}
                      onClick={() => removeBookmark.mutate(bookmark)}
                    />
                  }
                />
              );
            }}
          />
        ) : null}
      </StatPopover>
    </div>
  );
}

/** The next page, once at a time (PagedList asks as the person nears the end, and on its button). */
function useLoadMore({
  fetchNextPage,
  isFetchingNextPage,
}: {
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  isFetchingNextPage: boolean;
}): () => void {
  return useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);
}
