import type { Kysely } from 'kysely';

/**
 * The lists a user scrolls (saved verses, journal entries, notifications) are read newest
 * first, with the id breaking ties between equal times. An index on (user_id, created_at) alone
 * left the database sorting all of a user's rows to find the newest page (EXPLAIN: "temp b-tree
 * for right part of order by"); with the id in the index a page is read straight off it
 * (docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('saved_verses_user_created_idx').execute();
  await db.schema
    .createIndex('saved_verses_user_newest_idx')
    .on('saved_verses')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('journal_entries_user_created_idx').execute();
  await db.schema
    .createIndex('journal_entries_user_newest_idx')
    .on('journal_entries')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('notifications_user_newest_idx')
    .on('notifications')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
}
