import { lightFormat } from 'date-fns';

// date-fns' `format` brings every token and the whole en-US locale (5 KB gzip) to each screen
// that shows a date (decision 014). The browser's Intl already knows the names of months and
// days, and lightFormat does numbers; dates.test.ts checks both against `format`.

const namedPatterns = {
  'MMM d': { month: 'short', day: 'numeric' },
  'MMM d, yyyy': { month: 'short', day: 'numeric', year: 'numeric' },
  'MMMM d, yyyy': { month: 'long', day: 'numeric', year: 'numeric' },
  EEEE: { weekday: 'long' },
  'EEEE, MMMM d, yyyy': { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** The ways the app writes a day, as date-fns patterns. */
export type DatePattern = keyof typeof namedPatterns;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` as `pattern` writes it, e.g. 'Nov 21, 2026' for 'MMM d, yyyy', in the device's time
 * zone or in `timeZone` (an IANA name, e.g. a reminder's zone).
 */
export function formatDate(date: Date, pattern: DatePattern, timeZone?: string): string {
  const key = `${pattern}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...namedPatterns[pattern], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** The time of day, '9:05 AM'. */
export function clockTime(date: Date): string {
  return lightFormat(date, 'h:mm a');
}

/** The calendar day, '2026-11-21'. */
export function isoDay(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}
