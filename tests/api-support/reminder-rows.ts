import type { Db } from '#server/db/connect.ts';

/** When the tick next reads the person for their daily reminders (user_settings, 0024). */
export async function dailyReminderNextAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_settings')
    .select('reminder_next_at')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.reminder_next_at;
}
