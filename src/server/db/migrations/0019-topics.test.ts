import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();
const created = '2026-03-01T09:30:00.000Z';

describe('migration 0019-topics', () => {
  it('gives every note written before it its topics, once per topic whatever the case', async () => {
    const db = m.db();
    await m.migrateTo('0017-verse-notes');

    const userId = await m.addUser();
    const note = (id: string, verse: number, tags: string[]) =>
      sql`insert into verse_notes
            (id, user_id, book_index, first_verse, last_verse, text, tags, created_at, updated_at)
          values (${id}, ${userId}, 42, ${verse}, ${verse}, 'Words', ${JSON.stringify(tags)}, ${created}, ${created})`.execute(
        db,
      );
    const [first, second, untagged] = [randomUUID(), randomUUID(), randomUUID()];
    await note(first, 26_136, ['Grace', 'grace', 'Love']);
    await note(second, 26_000, ['grace']);
    await note(untagged, 26_001, []);

    await m.migrateToLatest();

    const rows = await db
      .selectFrom('topic_items')
      .select(['tag_key', 'tag', 'verse', 'note_id'])
      .where('user_id', '=', userId)
      .orderBy('tag_key')
      .orderBy('verse')
      .execute();
    expect(rows).toEqual([
      { tag_key: 'grace', tag: 'grace', verse: 26_000, note_id: second },
      { tag_key: 'grace', tag: 'Grace', verse: 26_136, note_id: first },
      { tag_key: 'love', tag: 'Love', verse: 26_136, note_id: first },
    ]);
    const highlightTags = await db.selectFrom('verse_highlights').select('tags').execute();
    expect(highlightTags).toEqual([]);
  });
});
