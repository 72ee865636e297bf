import type { Kysely } from 'kysely';

/**
 * The translation a person reads in, and the one each saved verse's text is in (decision 015,
 * decision 015). Everything saved before is the KJV's, the only translation there was, so the
 * default fills every existing row; ADD COLUMN with a constant default rewrites nothing in
 * either database. The values are checked by the shared schemas (kjv, web, asv), not by a
 * constraint: a release that adds a translation then needs no migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('translation', 'text', (c) => c.notNull().defaultTo('kjv'))
    .execute();
  await db.schema
    .alterTable('saved_verses')
    .addColumn('translation', 'text', (c) => c.notNull().defaultTo('kjv'))
    .execute();
}
