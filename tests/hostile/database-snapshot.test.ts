import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequest, signUp } from '#tests/api-support/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';
import { listTables, watchWrites } from './database-snapshot.ts';

/**
 * The hostile suite reads every table again only when the write count has moved: if the count
 * missed a write, a refused request that wrote would go unnoticed. So every watched table must
 * count its inserts, updates and deletes, and a read must not move the count.
 */
let t: TestApp;
let tables: string[];
let writeCount: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  tables = await listTables(t.db, t.dialect);
  writeCount = await watchWrites(t.db, t.dialect, tables);
});
afterAll(async () => {
  await t?.close();
});

/** Each table with a counting trigger, and the kinds of write it counts. */
async function countedWrites(): Promise<Record<string, string[]>> {
  const rows =
    t.dialect === 'postgres'
      ? (
          await sql<{ table: string; event: string }>`
            select event_object_table as "table", lower(event_manipulation) as event
            from information_schema.triggers
            where trigger_schema = current_schema() and trigger_name = 'zz_test_write_counter_trigger'`.execute(
            t.db,
          )
        ).rows
      : (
          await sql<{ table: string; name: string }>`
            select tbl_name as "table", name from sqlite_master
            where type = 'trigger' and name like 'zz_test_write_counter_%'`.execute(t.db)
        ).rows.map(({ table, name }) => ({ table, event: name.split('_').at(-1) ?? '' }));
  const counted: Record<string, string[]> = {};
  for (const { table, event } of rows) (counted[table] ??= []).push(event);
  for (const events of Object.values(counted)) events.sort();
  return counted;
}

describe('the write count of the hostile suite', () => {
  it('counts inserts, updates and deletes in every watched table', async () => {
    expect(tables).toContain('users');
    expect(tables).toContain('journal_entries');
    expect(await countedWrites()).toEqual(
      Object.fromEntries(tables.map((table) => [table, ['delete', 'insert', 'update']])),
    );
  });

  it('moves with a write through the API and stands still for a read', async () => {
    const start = await writeCount();
    const account = await signUp(t);
    const afterSignUp = await writeCount();
    expect(afterSignUp).not.toBe(start);
    // A public read: the Bible is in memory, the verse of the day too.
    const read = await browserRequest(t, { method: 'GET', url: '/api/bible/John/3' });
    expect(read.statusCode).toBe(200);
    expect(await writeCount()).toBe(afterSignUp);
    const written = await browserRequest(t, {
      method: 'POST',
      url: '/api/journal',
      cookie: account.cookie,
      payload: { title: 'Counted', content: 'A write the count must see.' },
    });
    expect(written.statusCode).toBe(201);
    expect(await writeCount()).not.toBe(afterSignUp);
  });
});
