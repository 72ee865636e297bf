import type { Kysely } from 'kysely';

/**
 * Every list is read a page at a time, newest first by (time, id) (decision 012). Each list gets the
 * index that reads a page straight off it, as 0006 gave saved verses, the journal and
 * notifications. The moderation queue and the public wall read by status; one's own
 * testimonies by user. server_secrets keeps the key that signs page cursors, made once and
 * shared by every instance (db/keyset.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.dropIndex('bookmarked_chapters_user_created_idx').execute();
  await db.schema
    .createIndex('bookmarked_chapters_user_newest_idx')
    .on('bookmarked_chapters')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('reading_progress_user_completed_idx').execute();
  await db.schema
    .createIndex('reading_progress_user_newest_idx')
    .on('reading_progress')
    .columns(['user_id', 'completed_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('verse_highlights_user_newest_idx')
    .on('verse_highlights')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  // The id joins the time in each testimony index; the older ones without it go.
  await db.schema.dropIndex('testimonies_approved_created_idx').execute();
  await db.schema.dropIndex('testimonies_status_created_idx').execute();
  await db.schema
    .createIndex('testimonies_status_newest_idx')
    .on('testimonies')
    .columns(['status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('testimonies_user_created_idx').execute();
  await db.schema
    .createIndex('testimonies_user_newest_idx')
    .on('testimonies')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
}
