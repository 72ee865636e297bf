import { clockTime, formatDate, type DatePattern } from '#client/lib/dates.ts';
import { useHasStarted } from '#client/lib/use-has-started.ts';

/**
 * The calendar day of `iso` in the reader's time zone, e.g. 'Nov 21, 2026' for 'MMM d, yyyy'.
 * A page drawn on the server (and its hydration) shows the day in UTC, which the server and
 * every browser agree on; the browser's own day follows at once.
 */
export function LocalDate({ iso, pattern }: { iso: string; pattern: DatePattern }) {
  const hasStarted = useHasStarted();
  const moment = new Date(iso);
  const day = hasStarted
    ? moment
    : new Date(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate());
  return <time dateTime={iso}>{formatDate(day, pattern)}</time>;
}

/**
 * The day and time of `iso` in the reader's time zone, 'Nov 21, 2026, 9:05 AM'. A drawn page
 * (and its hydration) shows the day in UTC alone: the time of day is the browser's to say.
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const hasStarted = useHasStarted();
  const moment = new Date(iso);
  if (!hasStarted) return <LocalDate iso={iso} pattern="MMM d, yyyy" />;
  return (
    <time dateTime={iso}>
      {formatDate(moment, 'MMM d, yyyy')}, {clockTime(moment)}
    </time>
  );
}
