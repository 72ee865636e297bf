// When the next journal reminder arrives, worked out on the reminder's own clock with
// @date-fns/tz (about 4 KB gzip): fetched by use-next-reminder.ts once the settings are there,
// not with the settings screen (decision 014).
import { tz, TZDate } from '@date-fns/tz';
import { addDays, isSameDay } from 'date-fns';
import { clockTime, formatDate } from '#client/lib/dates.ts';
import { nextReminderAt } from '#shared/notifications/schedule.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';

export type ReminderSettings = Pick<
  UserSettings,
  'journal_reminders' | 'reminder_days' | 'reminder_time' | 'reminder_timezone'
>;

/**
 * "Tomorrow, 7:30 AM": when the next journal reminder arrives by the saved settings, on the
 * reminder's own clock (its time zone), or null when reminders are off or none is due.
 */
export function nextReminderLabel(settings: ReminderSettings, now: Date): string | null {
  if (!settings.journal_reminders) return null;
  const at = nextReminderAt(settings, now);
  if (!at) return null;
  const zone = tz(settings.reminder_timezone);
  const local = new TZDate(at.getTime(), settings.reminder_timezone);
  // An unknown zone: the server uses UTC then, but naming the day would only mislead.
  if (Number.isNaN(local.getTime())) return null;
  const day = isSameDay(local, now, { in: zone })
    ? 'Today'
    : isSameDay(local, addDays(now, 1, { in: zone }), { in: zone })
      ? 'Tomorrow'
      : formatDate(at, 'EEEE', settings.reminder_timezone);
  return `${day}, ${clockTime(local)}`;
}
