import { differenceInCalendarDays } from 'date-fns';

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * product §9: how long ago a testimony was shared, counted in calendar days (local time).
 * 'Today', then days up to 6 ('1 day ago', '6 days ago'), then weeks ('1 week ago' … '4 weeks
 * ago'), then months from 30 days ('1 month ago', 'N months ago'). A time in the future (a
 * clock a little ahead) reads 'Today'.
 */
export function relativeTime(createdAt: Date | string, now: Date): string {
  const days = differenceInCalendarDays(now, new Date(createdAt));
  if (!Number.isFinite(days) || days <= 0) return 'Today';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}
