import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Notifications that really arrive (decision 003):
 * - `link`: where clicking a notification goes ('/journal', '/verse-of-day'), or null.
 * - `local_date`: for scheduled kinds, the user's local calendar day (YYYY-MM-DD) it was sent
 *   for. The unique key on (local_date, type, user_id) makes a second reminder for the same
 *   user, kind and day impossible, whichever server instance tries; NULLs never collide, so
 *   unscheduled notifications are unaffected. local_date leads so the scheduler can find a
 *   day's reminders through the same index.
 * - push_subscriptions: the browsers a user allowed to receive Web Push.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('local_date', 'text').execute();
  await db.schema
    .createIndex('notifications_local_date_type_user_uq')
    .on('notifications')
    .columns(['local_date', 'type', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notifications_user_unread_idx')
    .on('notifications')
    .columns(['user_id', 'is_read'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
}
