import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Testimonies are reviewed before they are shown (product §4), so someone must be able to review
 * them: users get a role ('member' or 'moderator'), and a testimony a review status
 * ('pending', 'approved', 'declined') beside the spec's is_approved, kept in step with it.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema
    .alterTable('testimonies')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema.alterTable('testimonies').addColumn('moderated_at', t.timestamp).execute();
  await db.schema
    .createIndex('testimonies_status_created_idx')
    .on('testimonies')
    .columns(['status', 'created_at desc'])
    .execute();
}
