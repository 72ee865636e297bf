import { sql } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';

/** Kysely's bookkeeping, which its introspection leaves out too. */
const migrationTables = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The tables (not views) of this test database, sorted. On PostgreSQL only the test file's own
 * schema, asked of it alone: Kysely's introspection reads every schema's tables, so it lists
 * other files' part-migrated tables, and fails when another file drops its schema meanwhile.
 */
export async function ownTableNames(db: Db, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`
          select name from sqlite_master
          where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !migrationTables.has(name))
    .sort();
}
