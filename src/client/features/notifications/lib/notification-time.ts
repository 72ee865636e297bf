import { isSameDay, isSameYear, subDays } from 'date-fns';
import { clockTime, formatDate } from '#client/lib/dates.ts';

/**
 * product §2 bell timestamp, in the device's time zone: the time of day ('7:30 AM') today,
 * 'Yesterday' the calendar day before, otherwise 'Nov 3'; the year is added when it is not
 * this year's, so that a note from last December does not read as this one's.
 */
export function notificationTimestamp(createdAt: Date | string, now: Date): string {
  const date = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  if (isSameDay(date, now)) return clockTime(date);
  // subDays moves by calendar days, so a 23-hour day at a DST change is still 'Yesterday'.
  if (isSameDay(date, subDays(now, 1))) return 'Yesterday';
  return formatDate(date, isSameYear(date, now) ? 'MMM d' : 'MMM d, yyyy');
}
