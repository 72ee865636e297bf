import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { weekdays } from '#shared/rules/settings.ts';
import type { HabitReminder } from '#shared/schemas/habits.ts';
import { saveOwnSettings } from './streaks.service.ts';

type Deps = { db: Db; clock: Clock };

/** The daily reading reminder as stored (user_settings.plan_reminder_*; migration 0012). */
type StoredReminder = {
  plan_reminders: boolean;
  plan_reminder_time: string;
  plan_reminder_days: string[] | null;
};

/** What a person without settings has: the columns' defaults, off at 07:00 every day. */
const storedDefault: StoredReminder = {
  plan_reminders: false,
  plan_reminder_time: '07:00:00',
  plan_reminder_days: null,
};

/** The days a stored list means: null is every day; the week's order, each day once. */
export function reminderDays(stored: readonly string[] | null): HabitReminder['days'] {
  return weekdays.filter((day) => stored === null || stored.includes(day));
}

function toReminder(stored: StoredReminder): HabitReminder {
  return {
    enabled: stored.plan_reminders,
    time: stored.plan_reminder_time.slice(0, 5),
    days: reminderDays(stored.plan_reminder_days),
  };
}

/** GET /api/habit-reminder (decision 016), in the person's reminder_timezone. */
export async function getHabitReminder(db: Db, userId: string): Promise<HabitReminder> {
  const row = await db
    .selectFrom('user_settings')
    .select(['plan_reminders', 'plan_reminder_time', 'plan_reminder_days'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toReminder(row ?? storedDefault);
}

/** PUT /api/habit-reminder: saved whole; every day is stored as null, "every day". */
export async function saveHabitReminder(
  deps: Deps,
  userId: string,
  reminder: HabitReminder,
): Promise<HabitReminder> {
  const days = reminderDays(reminder.days);
  const stored: StoredReminder = {
    plan_reminders: reminder.enabled,
    plan_reminder_time: `${reminder.time}:00`,
    plan_reminder_days: days.length === weekdays.length ? null : days,
  };
  await saveOwnSettings(deps, userId, stored);
  return toReminder(stored);
}
