import { loadOnce } from '#client/lib/load-once.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';
import type { ReminderSettings } from './next-reminder.lazy.ts';

const reminderCode = loadOnce(() => import('./next-reminder.lazy.ts'));

/**
 * "Tomorrow, 7:30 AM" for the saved reminder settings (null: none, reminders off, or no
 * settings to go by). The time-zone code it needs comes once reminders are on; until then, and
 * if it cannot be fetched, no line is shown: the settings themselves are all there.
 */
export function useNextReminder(settings: ReminderSettings | null): string | null {
  const module = useLoaded(reminderCode, settings?.journal_reminders === true);
  return settings && module ? module.nextReminderLabel(settings, new Date()) : null;
}
