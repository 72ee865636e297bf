import { ArrowRight, BookOpen, BookmarkX, CalendarDays } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cardEnterClassName, cardEnterStyle } from '#client/components/card-entrance.ts';
import { Button } from '#client/components/ui/button.tsx';
import { readChapterHref } from '#client/features/bookmarks/lib/read-chapter-href.ts';
import { formatDate } from '#client/lib/dates.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { Bookmark } from '#shared/schemas/reading.ts';

/** The bookmarks whose card has been drawn once (and so has already made its entrance). */
export type EntranceLog = Set<string>;

/** Only the first page's cards make an entrance: later ones appear as the person scrolls. */
const entranceCount = 20;

type BookmarkCardProps = {
  bookmark: Bookmark;
  /** The card's place in the list; product §9: it appears 100 ms after the one before. */
  index: number;
  /** Cards drawn before: one scrolled away and back (the list is virtualized) does not enter again. */
  entrances: EntranceLog;
  onRemove: () => void;
};

export function BookmarkCard({ bookmark, index, entrances, onRemove }: BookmarkCardProps) {
  const { id, book_name, chapter_number, created_at } = bookmark;
  const reference = displayReference(`${book_name} ${chapter_number}`);
  const [entersAt] = useState(() => (index < entranceCount && !entrances.has(id) ? index : null));
  useEffect(() => {
    entrances.add(id);
  }, [entrances, id]);
  return (
    <article
      className={`${entersAt === null ? '' : cardEnterClassName} flex flex-col rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs transition-shadow hover:shadow-md`}
      style={entersAt === null ? undefined : cardEnterStyle(entersAt)}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <BookOpen className="size-5" aria-hidden="true" />
        </span>
        <h2 className="min-w-0 flex-1 pt-0.5">
          <span className="block font-serif text-xl leading-tight font-semibold tracking-tight break-words">
            {book_name}
          </span>{' '}
          <span className="mt-1 block text-sm font-medium text-primary">
            Chapter {chapter_number}
          </span>
        </h2>
        <Button
          variant="ghost"
          size="icon"
          data-remove-bookmark={id}
          aria-label={`Remove bookmark for ${reference}`}
          onClick={onRemove}
          className="-mt-1.5 -mr-1.5 shrink-0 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <BookmarkX aria-hidden="true" />
        </Button>
      </div>
      <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
        <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Bookmarked on{' '}
          <time dateTime={created_at}>{formatDate(new Date(created_at), 'MMMM d, yyyy')}</time>
        </span>
      </p>
      <div className="mt-auto pt-5">
        <Button asChild variant="outline" size="sm" className="w-full">
          <Link to={readChapterHref(book_name, chapter_number)}>
            Read Chapter
            <span className="sr-only"> {reference}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}
