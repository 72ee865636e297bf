import { sql } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import { ownTableNames } from '#tests/api-support/own-tables.ts';

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
  return (await ownTableNames(db, dialect)).filter(
    (name) => !name.startsWith('fts_') && name !== writeCounter,
  );
}

/** The table and sequence that count writes (see watchWrites); never watched themselves. */
const writeCounter = 'zz_test_write_counter';

/**
 * A cheap question asked before every snapshot: has any table been written since the last one?
 * A trigger on every watched table counts the writes (on PostgreSQL into a sequence, which takes
 * no lock and is not undone with a transaction, so a write rolled back still counts and the
 * tables are read again). While the count stands still, nothing in them can have changed, and
 * the last snapshot is the database's; a snapshot of every table after every request was most
 * of the hostile suite's time. Returns the count's reader.
 */
export async function watchWrites(
  db: Db,
  dialect: DialectName,
  tables: readonly string[],
): Promise<() => Promise<string>> {
  if (dialect === 'postgres') {
    await sql`create sequence ${sql.table(writeCounter)}`.execute(db);
    await sql`create function ${sql.table(`${writeCounter}_bump`)}() returns trigger language plpgsql as $$
      begin perform nextval(${sql.lit(writeCounter)}); return null; end $$`.execute(db);
    for (const table of tables) {
      await sql`create trigger ${sql.id(`${writeCounter}_trigger`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function ${sql.table(`${writeCounter}_bump`)}()`.execute(db);
    }
    return async () => {
      const { rows } = await sql<{ last_value: string; is_called: boolean }>`
        select last_value, is_called from ${sql.table(writeCounter)}`.execute(db);
      const [row] = rows;
      return `${row?.last_value ?? ''} ${String(row?.is_called)}`;
    };
  }
  await sql`create table ${sql.table(writeCounter)} (n integer not null)`.execute(db);
  await sql`insert into ${sql.table(writeCounter)} (n) values (0)`.execute(db);
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${writeCounter}_${table}_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin update ${sql.table(writeCounter)} set n = n + 1; end`.execute(db);
    }
  }
  return async () => {
    const { rows } = await sql<{ n: number }>`select n from ${sql.table(writeCounter)}`.execute(db);
    return String(rows[0]?.n);
  };
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
