import type { Kysely } from 'kysely';
import { referenceVerse } from '#shared/bible/reference-verse.ts';
import type { ColumnTypes } from './column-types.ts';

/** Rows read and written per step of the fill below. */
const batchSize = 500;

type Named = { id: string; verse_reference: string | null; reference_verse: number | null };

/**
 * "Last time you were here" (docs/product.md, the reader) names the journal entries and prayers
 * whose verse is in the chapter. Their verse is typed ('John 3:16', 'jn 3.16'), so each row now
 * keeps the verse it names as a number in Bible order (verse-index.ts; null when it names none),
 * and (user_id, reference_verse) finds a chapter's as one range, however many rows a member has.
 * The services set it whenever the reference is written; the rows written before are filled here
 * by the same reading of the reference (referenceVerse), a batch at a time.
 */
export async function up(db: Kysely<unknown>, _t: ColumnTypes): Promise<void> {
  const migration = db as Kysely<{ journal_entries: Named; prayer_requests: Named }>;
  for (const table of ['journal_entries', 'prayer_requests'] as const) {
    await db.schema.alterTable(table).addColumn('reference_verse', 'integer').execute();
    await db.schema
      .createIndex(`${table}_user_reference_verse_idx`)
      .on(table)
      .columns(['user_id', 'reference_verse'])
      .execute();
    let afterId = '';
    for (;;) {
      const rows = await migration
        .selectFrom(table)
        .select(['id', 'verse_reference'])
        .where('verse_reference', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      for (const row of rows) {
        const verse = referenceVerse(row.verse_reference);
        if (verse === null) continue;
        await migration
          .updateTable(table)
          .set({ reference_verse: verse })
          .where('id', '=', row.id)
          .execute();
      }
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) break;
      afterId = last.id;
    }
  }
}
