import { formatDistanceStrict } from 'date-fns';
import { Fragment, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { LastVisit } from '#shared/schemas/last-visit.ts';

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * "Last time you were here" (docs/product.md, the reader): one quiet line under the chapter's
 * title, when the member last read it and links to what they left there: the first highlighted
 * verse in the text, their notes on the book, the verses they are learning, their journal
 * entries and prayers that name a verse of it.
 */
export function LastVisitLine({ visit, now = new Date() }: { visit: LastVisit; now?: Date }) {
  const location = useLocation();
  const at = visit.last_visit_at;
  if (at === null) return null;
  const when = formatDistanceStrict(new Date(at), now, { addSuffix: true });
  const parts: ReactNode[] = [];
  const firstHighlight = visit.highlights.verses[0];
  if (visit.highlights.count > 0 && firstHighlight !== undefined) {
    parts.push(
      <Link
        key="highlights"
        to={`${location.pathname}${location.search}`}
        state={{ verse: firstHighlight }}
        className={linkClass}
      >
        {plural(visit.highlights.count, 'highlight', 'highlights')}
      </Link>,
    );
  }
  if (visit.notes.count > 0) {
    parts.push(
      <Link
        key="notes"
        to={`/notes?${new URLSearchParams({ book: visit.book_name }).toString()}`}
        className={linkClass}
      >
        {plural(visit.notes.count, 'note', 'notes')}
      </Link>,
    );
  }
  if (visit.memorizing.count > 0) {
    parts.push(
      <Link key="memorizing" to="/memorize" className={linkClass}>
        learning {plural(visit.memorizing.count, 'verse', 'verses')}
      </Link>,
    );
  }
  if (visit.journal.count > 0) {
    parts.push(
      <Link key="journal" to="/journal-entries" className={linkClass}>
        {plural(visit.journal.count, 'journal entry', 'journal entries')}
      </Link>,
    );
  }
  if (visit.prayers.count > 0) {
    parts.push(
      <Link key="prayers" to="/prayer" className={linkClass}>
        {plural(visit.prayers.count, 'prayer', 'prayers')}
      </Link>,
    );
  }
  return (
    <p className="mt-1.5 text-sm text-muted-foreground" data-testid="last-visit">
      You were last here <time dateTime={at}>{when}</time>
      {parts.map((part, index) => (
        <Fragment key={index}>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {part}
        </Fragment>
      ))}
    </p>
  );
}
