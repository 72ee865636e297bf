import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import { openEmptyTestDatabase, type TestDatabase } from './test-app.ts';

/** When the users of a migration's test joined. */
const joined = '2026-03-01T09:30:00.000Z';

export type MigrationTest = {
  db: () => Db;
  dialect: () => DialectName;
  /** Migrates the fresh database up to and including `name`, to seed what that schema allowed. */
  migrateTo: (name: string) => Promise<string[]>;
  /** Runs the rest, the migration under test among them; the names of those run. */
  migrateToLatest: () => Promise<string[]>;
  /** A user row as every schema has had it; its id. */
  addUser: () => Promise<string>;
};

/**
 * A fresh database of the suite's dialect for one migration's test file, opened before its tests
 * and removed after: a test stops the migrations part-way, seeds rows as the older schema held
 * them, then runs the rest and checks what the migration made of them.
 */
export function useMigrationTest(): MigrationTest {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await openEmptyTestDatabase();
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  const current = () => {
    if (!opened) throw new Error('the migration test database is not open yet');
    return opened;
  };
  const options = () => {
    const { schema } = current();
    return schema ? { schema } : {};
  };
  return {
    db: () => current().database.db,
    dialect: () => current().database.dialect,
    migrateTo: (name) => {
      const { db, dialect } = current().database;
      return migrateTo(db, dialect, name, options());
    },
    migrateToLatest: () => {
      const { db, dialect } = current().database;
      return migrateToLatest(db, dialect, options());
    },
    addUser: async () => {
      const id = randomUUID();
      await current()
        .database.db.insertInto('users')
        .values({
          id,
          email: `${id}@example.com`,
          email_verified: true,
          created_at: joined,
          updated_at: joined,
        })
        .execute();
      return id;
    },
  };
}
