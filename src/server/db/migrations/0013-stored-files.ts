import { sql, type Kysely } from 'kysely';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import type { ColumnTypes } from './column-types.ts';

/**
 * The spec's file storage (§7, bucket user-content; decision 017): files kept in the database, so
 * that a backup holds them and every instance sees them with no other service (decision 017).
 * A file's path is unique in its bucket (no upsert); its first segment is its owner's id, and
 * the owner column cascades, so deleting an account deletes its files.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('bucket', 'text', (c) => c.notNull())
    // Names sort byte by byte on both databases (SQLite's default; PostgreSQL's "C").
    .addColumn('path', 'text', (c) =>
      dialect === 'postgres' ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull(),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('data', t.blob, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_files_pkey', ['bucket', 'path'])
    .execute();
  // A person's files by name (list, count, the export), and the cascade's lookup by owner.
  await db.schema
    .createIndex('stored_files_user_path_idx')
    .on('stored_files')
    .columns(['user_id', 'bucket', 'path'])
    .execute();
}
