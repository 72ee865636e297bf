import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { dailyRemindersFollow } from '#server/features/notifications/notifications.service.ts';
import type { UpdateSettingsRequest, UserSettings } from '#shared/schemas/settings.ts';

/** The settings /api/settings answers; the account export adds the streak's and the plans' own. */
export const settingsColumns = [
  'user_id',
  'daily_verse_notifications',
  'journal_reminders',
  'dark_mode',
  'reminder_days',
  'reminder_time',
  'reminder_timezone',
  'translation',
  'show_reading_to_groups',
  'group_request_notifications',
  'group_prayed_notifications',
  'group_update_notifications',
  'group_reading_notifications',
  'updated_at',
] as const;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Your settings were not found.');
}

export async function getSettings(db: Db, userId: string): Promise<UserSettings> {
  const settings = await db
    .selectFrom('user_settings')
    .select(settingsColumns)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!settings) throw notFound();
  return settings as UserSettings;
}

/**
 * Only the fields sent change; the schema has already validated and normalised them. A change to
 * the reminders' switches, days, time or time zone has the next tick look at the person again.
 */
export async function updateSettings(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  changes: Partial<Omit<UserSettings, 'user_id' | 'updated_at'>> & UpdateSettingsRequest,
): Promise<UserSettings> {
  const settings = await db
    .updateTable('user_settings')
    .set({ ...changes, ...dailyRemindersFollow(changes), updated_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .returning(settingsColumns)
    .executeTakeFirst();
  if (!settings) throw notFound();
  return settings as UserSettings;
}
