import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Every stored entity of product §3 with the spec's field names, plus what accounts need.
 * Every user-owned row cascades from users, and every "by user, newest first" list has an index.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  const userRef = 'users.id';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(false)))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_credentials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references(userRef).onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_expires_at_idx')
    .on('sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_user_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'provider_user_id'])
    .execute();
  await db.schema
    .createIndex('oauth_accounts_user_id_idx')
    .on('oauth_accounts')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references(userRef).onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('profile_image_url', 'text')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references(userRef).onDelete('cascade'))
    .addColumn('daily_verse_notifications', t.boolean, (c) =>
      c.notNull().defaultTo(t.booleanLiteral(true)),
    )
    .addColumn('journal_reminders', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(true)))
    .addColumn('dark_mode', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(false)))
    .addColumn('reminder_days', t.json, (c) => c.notNull())
    .addColumn('reminder_time', 'text', (c) => c.notNull().defaultTo('09:00:00'))
    .addColumn('reminder_timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(false)))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('saved_verses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('emotion_tag', 'text')
    .addColumn('custom_note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_verses_user_created_idx')
    .on('saved_verses')
    .columns(['user_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('emotion_tags', t.json, (c) => c.notNull())
    .addColumn('verse_reference', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_entries_user_created_idx')
    .on('journal_entries')
    .columns(['user_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('testimonies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('feeling', 'text', (c) => c.notNull())
    .addColumn('god_reminded', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text')
    .addColumn('is_anonymous', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(true)))
    .addColumn('is_approved', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(false)))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('testimonies_user_created_idx')
    .on('testimonies')
    .columns(['user_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('testimonies_approved_created_idx')
    .on('testimonies')
    .columns(['is_approved', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('bookmarked_chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('book_name', 'text', (c) => c.notNull())
    .addColumn('chapter_number', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('bookmarked_chapters_user_chapter_key', [
      'user_id',
      'book_name',
      'chapter_number',
    ])
    .execute();
  await db.schema
    .createIndex('bookmarked_chapters_user_created_idx')
    .on('bookmarked_chapters')
    .columns(['user_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('reading_progress')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('book_name', 'text', (c) => c.notNull())
    .addColumn('chapter_number', 'integer', (c) => c.notNull())
    .addColumn('reading_time_seconds', 'integer')
    .addColumn('completed_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('reading_progress_user_chapter_key', [
      'user_id',
      'book_name',
      'chapter_number',
    ])
    .execute();
  await db.schema
    .createIndex('reading_progress_user_completed_idx')
    .on('reading_progress')
    .columns(['user_id', 'completed_at desc'])
    .execute();

  await db.schema
    .createTable('reading_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(true)))
    .addColumn('current_book_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_chapter', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // product §4: one active plan per user.
  await db.schema
    .createIndex('reading_plans_one_active_idx')
    .on('reading_plans')
    .column('user_id')
    .unique()
    .where(sql.ref('is_active'), '=', t.booleanLiteral(true))
    .execute();
}
