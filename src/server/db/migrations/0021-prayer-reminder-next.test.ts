import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();
const created = '2026-03-01T09:30:00.000Z';

describe('migration 0021-prayer-reminder-next', () => {
  it('makes every open request with a reminder due for a look at once, and no other', async () => {
    const db = m.db();
    await m.migrateTo('0020-chapter-last-visit');

    const userId = await m.addUser();
    const request = (id: string, title: string, time: string | null, answeredAt: string | null) =>
      sql`insert into prayer_requests
            (id, user_id, title, reminder_days, reminder_time, answered_at, created_at, updated_at)
          values (${id}, ${userId}, ${title}, ${time ? JSON.stringify(['monday']) : null},
                  ${time}, ${answeredAt}, ${created}, ${created})`.execute(db);
    await request(randomUUID(), 'With a reminder', '07:30', null);
    await request(randomUUID(), 'Without one', null, null);
    await request(randomUUID(), 'Answered', '07:30', created);

    const before = Date.now();
    await m.migrateToLatest();

    const rows = await db
      .selectFrom('prayer_requests')
      .select(['title', 'reminder_next_at'])
      .where('user_id', '=', userId)
      .orderBy('title')
      .execute();
    expect(rows.map((row) => [row.title, row.reminder_next_at === null])).toEqual([
      ['Answered', true],
      ['With a reminder', false],
      ['Without one', true],
    ]);
    const due = Date.parse(String(rows[1]?.reminder_next_at));
    expect(due).toBeGreaterThanOrEqual(before - 1000);
    expect(due).toBeLessThanOrEqual(Date.now());
  });
});
