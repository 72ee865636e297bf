import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * When each prayer request's reminder is next due (decision 025), so the minute's tick reads the
 * requests whose moment has come, on an index, rather than every request with a reminder. The
 * prayer service works the instant out in the person's time zone whenever the reminder, the
 * answer or the zone changes; the tick moves it on after each reminder. Null when there is no
 * reminder or the prayer is answered.
 *
 * Requests that had a reminder before this migration are due for a look at once: the first tick
 * sends what is still due today (the notifications' unique key stops a second) and moves each on.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('prayer_requests')
    .addColumn('reminder_next_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('prayer_requests_reminder_next_idx')
    .on('prayer_requests')
    .columns(['reminder_next_at', 'id'])
    .execute();
  const migration = db as Kysely<{
    prayer_requests: {
      reminder_next_at: string | null;
      reminder_time: string | null;
      answered_at: string | null;
    };
  }>;
  await migration
    .updateTable('prayer_requests')
    .set({ reminder_next_at: new Date().toISOString() })
    .where('reminder_time', 'is not', null)
    .where('answered_at', 'is', null)
    .execute();
}
