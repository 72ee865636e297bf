import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmptyTestDatabase, type TestDatabase } from '#tests/api-support/test-app.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';

let opened: TestDatabase | undefined;
afterEach(async () => {
  await opened?.dispose();
  opened = undefined;
});

/** Fails the first `times` queries with a database error of this code, as PostgreSQL would. */
function failingFirst(times: number, code: string): KyselyPlugin & { failed: number } {
  const plugin = {
    failed: 0,
    transformQuery: ({ node }: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      if (plugin.failed < times) {
        plugin.failed += 1;
        throw Object.assign(new Error(`simulated error ${code}`), { code });
      }
      return node;
    },
    transformResult: ({ result }: Parameters<KyselyPlugin['transformResult']>[0]) =>
      Promise.resolve(result),
  };
  return plugin;
}

describe('migrateToLatest', () => {
  it('looks for its tables again when a schema or table vanished during the look', async () => {
    opened = await openEmptyTestDatabase();
    const { db, dialect } = opened.database;
    // The migrator's first query is its look at every schema's tables: another schema dropped
    // meanwhile fails it ('3F000'), a table dropped meanwhile too ('42P01'), and a column
    // changed by another schema's migration meanwhile ('42703').
    const applied: string[] = [];
    for (const code of ['3F000', '42P01', '42703']) {
      const gone = failingFirst(2, code);
      applied.push(
        ...(await migrateToLatest(db.withPlugin(gone), dialect, {
          ...(opened.schema ? { schema: opened.schema } : {}),
        })),
      );
      expect(gone.failed).toBe(2);
    }
    expect(applied.length).toBeGreaterThan(20);
    expect(await pendingMigrations(db)).toEqual([]);
  });

  it('fails at once with any other error, and gives up on a look that keeps failing', async () => {
    opened = await openEmptyTestDatabase();
    const { db, dialect } = opened.database;
    const schema = opened.schema ? { schema: opened.schema } : {};
    const refused = failingFirst(1, '42501');
    await expect(migrateToLatest(db.withPlugin(refused), dialect, schema)).rejects.toThrow(
      /simulated error 42501/,
    );
    expect(refused.failed).toBe(1);
    const alwaysGone = failingFirst(100, '42P01');
    await expect(migrateToLatest(db.withPlugin(alwaysGone), dialect, schema)).rejects.toThrow(
      /simulated error 42P01/,
    );
    expect(alwaysGone.failed).toBe(5);
    expect((await pendingMigrations(db)).length).toBeGreaterThan(20);
  });
});
