import { sql } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';

type Row = Record<string, unknown>;

/** Every row of every table, each table's rows as sorted JSON lines (so order does not matter). */
export type DatabaseSnapshot = Map<string, string[]>;

/**
 * The tables of this test database, read from the live schema so that a table added later is
 * watched too. On PostgreSQL only the test's own schema (other test files run beside it). The
 * SQLite full-text index (migration 0010's fts_* tables and view) is left out: it is derived
 * from the journal and saved verses, which are watched themselves.
 */
export async function listTables(db: Db, dialect: DialectName): Promise<string[]> {
  const tables = (await db.introspection.getTables()).filter(
    (table) => !table.name.startsWith('fts_'),
  );
  if (dialect === 'sqlite') return tables.map((table) => table.name).sort();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return tables
    .filter((table) => table.schema === schema)
    .map((table) => table.name)
    .sort();
}

export async function takeSnapshot(db: Db, tables: readonly string[]): Promise<DatabaseSnapshot> {
  const contents = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
      return [table, rows.map((row) => JSON.stringify(row)).sort()] as const;
    }),
  );
  return new Map(contents);
}

/** The tables whose rows differ between two snapshots, with what was added and removed. */
export function diffSnapshots(
  before: DatabaseSnapshot,
  after: DatabaseSnapshot,
): { table: string; added: string[]; removed: string[] }[] {
  const changes = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const old = new Set(before.get(table) ?? []);
    const now = new Set(after.get(table) ?? []);
    const added = [...now].filter((row) => !old.has(row));
    const removed = [...old].filter((row) => !now.has(row));
    if (added.length > 0 || removed.length > 0 || !before.has(table) || !after.has(table)) {
      changes.push({ table, added, removed });
    }
  }
  return changes;
}

/** The rows that belong to one user (their users row, and every row with their user_id). */
export function rowsOwnedBy(
  snapshot: DatabaseSnapshot,
  userId: string,
  except: readonly string[] = [],
): string[] {
  const owned: string[] = [];
  for (const [table, rows] of snapshot) {
    if (except.includes(table)) continue;
    for (const line of rows) {
      const row = JSON.parse(line) as Row;
      const owner = table === 'users' ? row.id : row.user_id;
      if (owner === userId) owned.push(`${table} ${line}`);
    }
  }
  return owned;
}
