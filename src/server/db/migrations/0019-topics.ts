import { sql, type Kysely } from 'kysely';
import { newRowId } from '#server/db/ids.ts';
import type { ColumnTypes } from './column-types.ts';

/**
 * Topics (decision 027): a highlight and a saved verse carry tags as a note does, and every tag on
 * any of the three is a row of topic_items, so "everything under a topic, in Bible order" is one
 * range of one index on both databases.
 *
 * - verse_highlights.tags, saved_verses.tags: the item's tags as written (a JSON list, '[]' for
 *   every row before this).
 * - topic_items (id, user_id, tag_key, tag, verse, note_id | highlight_id | saved_verse_id): one
 *   row per tag per item. tag_key is the tag folded to lower case (shared/rules/topics.ts); verse
 *   is the item's first verse numbered as shared/bible/verse-index.ts numbers it (KJV
 *   versification, as verse_notes' first_verse). Exactly one of the three item columns is set,
 *   and each references its item with ON DELETE CASCADE, so an item deleted by any path takes its
 *   topic rows with it.
 * - (user_id, tag_key, verse, id): a topic's page is a range of it, read in order with no sort;
 *   the topics' list and counts are a walk of the same index grouped by tag_key.
 * - one index per item column, for the cascade and for replacing an item's tags.
 *
 * The notes written before this get their rows here, read and written in batches.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  for (const table of ['verse_highlights', 'saved_verses']) {
    await db.schema
      .alterTable(table)
      .addColumn('tags', t.json, (c) => c.notNull().defaultTo(sql`'[]'`))
      .execute();
  }
  await db.schema
    .createTable('topic_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('verse', 'integer', (c) => c.notNull())
    .addColumn('note_id', 'text', (c) => c.references('verse_notes.id').onDelete('cascade'))
    .addColumn('highlight_id', 'text', (c) =>
      c.references('verse_highlights.id').onDelete('cascade'),
    )
    .addColumn('saved_verse_id', 'text', (c) => c.references('saved_verses.id').onDelete('cascade'))
    .addCheckConstraint(
      'topic_items_one_item_check',
      sql`(case when note_id is null then 0 else 1 end) + (case when highlight_id is null then 0 else 1 end) + (case when saved_verse_id is null then 0 else 1 end) = 1`,
    )
    .execute();
  await db.schema
    .createIndex('topic_items_user_tag_verse_idx')
    .on('topic_items')
    .columns(['user_id', 'tag_key', 'verse', 'id'])
    .execute();
  for (const column of ['note_id', 'highlight_id', 'saved_verse_id']) {
    await db.schema
      .createIndex(`topic_items_${column}_idx`)
      .on('topic_items')
      .column(column)
      .execute();
  }

  // The notes' tags so far, a batch at a time in id order.
  const anyDb = db as unknown as Kysely<{
    verse_notes: { id: string; user_id: string; first_verse: number; tags: unknown };
    topic_items: {
      id: string;
      user_id: string;
      tag_key: string;
      tag: string;
      verse: number;
      note_id: string | null;
    };
  }>;
  let after = '';
  for (;;) {
    const notes = await anyDb
      .selectFrom('verse_notes')
      .select(['id', 'user_id', 'first_verse', 'tags'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    const rows = notes.flatMap((note) => {
      const list: unknown = typeof note.tags === 'string' ? JSON.parse(note.tags) : note.tags;
      const seen = new Set<string>();
      return (Array.isArray(list) ? list : []).flatMap((tag: unknown) => {
        if (typeof tag !== 'string') return [];
        const key = tag.trim().normalize('NFC').toLowerCase();
        if (key === '' || seen.has(key)) return [];
        seen.add(key);
        return [
          {
            id: newRowId(),
            user_id: note.user_id,
            tag_key: key,
            tag: tag.trim(),
            verse: note.first_verse,
            note_id: note.id,
          },
        ];
      });
    });
    // 500 rows of six values a statement, well under SQLite's 32,766 bound values.
    for (let start = 0; start < rows.length; start += 500) {
      await anyDb
        .insertInto('topic_items')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    const last = notes.at(-1);
    if (!last || notes.length < 500) break;
    after = last.id;
  }
}
