import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * "Last time you were here" (docs/product.md, the reader). A chapter's reading_progress row is
 * saved again each time the reader opens it, so completed_at is this visit's time as soon as
 * the chapter has loaded. previous_read_at keeps the visit before: when a save finds the last
 * one older than a sitting (progress.service.ts), that time moves here. The lookup is the row of
 * one chapter, on the unique key (user_id, book_name, chapter_number) the table already has, so
 * no index is added. Null until a chapter is opened again after this migration.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('reading_progress')
    .addColumn('previous_read_at', t.timestamp)
    .execute();
}
