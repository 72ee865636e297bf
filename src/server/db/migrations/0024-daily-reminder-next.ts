import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * When each person's daily reminders (journal reminder, verse of the day, daily reading
 * reminder) are next due for a look, so the minute's tick reads the people whose moment has
 * come, on an index, rather than everyone with a reminder on (as prayer requests do since 0021).
 *
 * - null: none of the three is on; the tick never reads the person.
 * - the epoch (1970-01-01T00:00:00.000Z): look at the next tick, whatever its clock reads. Every
 *   change to what decides the times (the reminders' switches, days, times, the time zone) and
 *   every new settings row (the column's default) writes it; the tick then sends what is due
 *   and works the next moment out. An instant and not the writer's "now", so that a tick on
 *   another clock (the development simulation plays a day in the past) still finds the person.
 * - any other instant: the first moment at which one of the person's reminders is due again,
 *   worked out by the tick in the person's time zone.
 *
 * Everyone with a reminder on is due for a look at once; the first tick sends what is still
 * due today (the notifications' unique key stops a second) and moves each on.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  const lookAtOnce = '1970-01-01T00:00:00.000Z';
  await db.schema
    .alterTable('user_settings')
    .addColumn('reminder_next_at', t.timestamp, (c) => c.defaultTo(lookAtOnce))
    .execute();
  await db.schema
    .createIndex('user_settings_reminder_next_idx')
    .on('user_settings')
    .columns(['reminder_next_at', 'user_id'])
    .execute();
  const off = t.booleanLiteral(false);
  await sql`update user_settings set reminder_next_at = null
            where journal_reminders = ${off} and daily_verse_notifications = ${off}
              and plan_reminders = ${off}`.execute(db);
}
