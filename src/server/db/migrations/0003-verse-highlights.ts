import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Verses a reader has highlighted (product §2 /read-bible: a verse tap toggles a highlight).
 * The unique key starts with (user_id, book_name, chapter_number), so it also serves the
 * reader's "highlights in this chapter" lookup; a separate index on those columns would only
 * duplicate it.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('verse_highlights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_name', 'text', (c) => c.notNull())
    .addColumn('chapter_number', 'integer', (c) => c.notNull())
    .addColumn('verse_number', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('verse_highlights_user_verse_key', [
      'user_id',
      'book_name',
      'chapter_number',
      'verse_number',
    ])
    .execute();
}
