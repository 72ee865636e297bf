import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verseNumber } from '#shared/bible/verse-index.ts';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();
const created = '2026-03-01T09:30:00.000Z';

describe('migration 0022-reference-verse', () => {
  it('keeps the verse each entry and prayer names as a number, as typed, and none for the rest', async () => {
    const db = m.db();
    await m.migrateTo('0021-prayer-reminder-next');

    const userId = await m.addUser();
    const entry = (content: string, reference: string | null) =>
      sql`insert into journal_entries
            (id, user_id, content, emotion_tags, verse_reference, created_at, updated_at)
          values (${randomUUID()}, ${userId}, ${content}, '[]', ${reference}, ${created}, ${created})`.execute(
        db,
      );
    await entry('As written', 'John 3:16');
    await entry('Abbreviated', 'jn 3.17');
    await entry('A range', '1 Cor 13:4-7');
    await entry('A chapter', 'Psalm 23');
    await entry('Not a verse', 'my own words');
    await entry('None', null);
    await sql`insert into prayer_requests (id, user_id, title, verse_reference, created_at, updated_at)
              values (${randomUUID()}, ${userId}, 'For rain', 'James 5:18', ${created}, ${created})`.execute(
      db,
    );

    await m.migrateToLatest();

    const john = (verse: number) => verseNumber({ bookIndex: 42, chapter: 3, verse });
    const entries = await db
      .selectFrom('journal_entries')
      .select(['content', 'reference_verse'])
      .where('user_id', '=', userId)
      .orderBy('content')
      .execute();
    expect(Object.fromEntries(entries.map((row) => [row.content, row.reference_verse]))).toEqual({
      'A chapter': null,
      'A range': verseNumber({ bookIndex: 45, chapter: 13, verse: 4 }),
      Abbreviated: john(17),
      'As written': john(16),
      None: null,
      'Not a verse': null,
    });
    const prayer = await db
      .selectFrom('prayer_requests')
      .select('reference_verse')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(prayer.reference_verse).toBe(verseNumber({ bookIndex: 58, chapter: 5, verse: 18 }));
  });
});
