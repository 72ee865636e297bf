import { format, formatDistanceToNow } from 'date-fns';
import { Bookmark, BookOpen, Library } from 'lucide-react';
import { useState } from 'react';
import { findBookIndex } from '../../../../shared/bible/book-names.ts';
import { useBookmarks, useDeleteBookmark } from '../../../api/bookmarks.ts';
import {
  useDeleteReadingProgress,
  useReadingProgress,
  useReadingStats,
} from '../../../api/progress.ts';
import { readerPath } from '../lib/reader-url.ts';
import { summarizeBooksStarted } from '../lib/reading-summary.ts';
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

/** product §4: Chapters Read, Books Started and Bookmarks, each opening its list. */
export function ReadingStats() {
  const [openList, setOpenList] = useState<OpenList>(null);
  const stats = useReadingStats();
  const isProgressOpen = openList === 'chapters' || openList === 'books';
  const progress = useReadingProgress(isProgressOpen);
  const bookmarks = useBookmarks();
  const removeProgress = useDeleteReadingProgress();
  const removeBookmark = useDeleteBookmark();
  const booksStarted = summarizeBooksStarted(progress.data ?? []);

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
        isError={progress.isError}
        emptyText="Chapters you read are listed here."
      >
        {progress.data && progress.data.length > 0 ? (
          <ul className="py-2">
            {progress.data.map((row) => {
              const label = `${row.book_name} ${row.chapter_number}`;
              return (
                <ListItem
                  key={label}
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
            })}
          </ul>
        ) : null}
      </StatPopover>
      <StatPopover
        label="Books Started"
        count={stats.data?.booksStarted}
        icon={Library}
        open={openList === 'books'}
        onOpenChange={setOpen('books')}
        isLoading={progress.isPending}
        isError={progress.isError}
        emptyText="Books you have begun are listed here."
      >
        {booksStarted.length > 0 ? (
          <ul className="py-2">
            {booksStarted.map((book) => (
              <ListItem
                key={book.bookName}
                to={chapterPath(book.bookName, book.latestChapter)}
                title={book.bookName}
                detail={`${book.chaptersRead} ${book.chaptersRead === 1 ? 'chapter' : 'chapters'} read · last ${book.bookName} ${book.latestChapter}`}
              />
            ))}
          </ul>
        ) : null}
      </StatPopover>
      <StatPopover
        label="Bookmarks"
        count={stats.data?.bookmarks ?? bookmarks.data?.length}
        icon={Bookmark}
        open={openList === 'bookmarks'}
        onOpenChange={setOpen('bookmarks')}
        isLoading={bookmarks.isPending}
        isError={bookmarks.isError}
        emptyText="Bookmark a chapter to find it again here."
      >
        {bookmarks.data && bookmarks.data.length > 0 ? (
          <ul className="py-2">
            {bookmarks.data.map((bookmark) => {
              const label = `${bookmark.book_name} ${bookmark.chapter_number}`;
              return (
                <ListItem
                  key={bookmark.id}
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
            })}
          </ul>
        ) : null}
      </StatPopover>
    </div>
  );
}
