// Decision 008: what the kind of row id costs a write. Inserts journal entries for 100 users
// (100,000 to fill the table, then 20,000 measured) with random version 4 ids and with
// time-ordered version 7 ids (src/server/db/ids.ts), on SQLite (default WAL auto-checkpoints)
// and on a throwaway PostgreSQL. Reports the time per insert, the bytes this process wrote to
// disk per insert (SQLite: WAL frames and checkpoint copies) and the PostgreSQL WAL per insert.
// Run: node bench/row-ids.ts (about 5 minutes; not part of npm run bench).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { tempDir } from './cleanup.ts';
import { startPostgres } from './postgres.ts';

const fill = 100_000;
const measured = 20_000;
const userCount = 100;
const content =
  'Read Psalm 23 this morning and sat with it for a while. Grateful for quiet, and for the reminder that I am led beside still waters even on a busy day.';
const kinds = { 'version 4 (random)': randomUUID, 'version 7 (time-ordered)': newRowId };

/** Bytes this process has caused to be sent to storage (Linux). */
function bytesWritten(): number {
  const match = /write_bytes: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'));
  return Number(match?.[1] ?? 0);
}

async function walBytes(database: DatabaseHandle): Promise<number | null> {
  if (database.dialect !== 'postgres') return null;
  const { rows } = await sql<{ bytes: string }>`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as bytes`.execute(database.db);
  return Number(rows[0]?.bytes);
}

async function measureKind(database: DatabaseHandle, newId: () => string) {
  await migrateToLatest(database.db, database.dialect);
  const now = new Date().toISOString();
  const users = Array.from({ length: userCount }, () => randomUUID());
  await database.db
    .insertInto('users')
    .values(
      users.map((id) => ({
        id,
        email: `${id}@example.com`,
        email_verified: false,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const insert = (index: number) => {
    const at = new Date().toISOString();
    return database.db
      .insertInto('journal_entries')
      .values({
        id: newId(),
        user_id: users[index % userCount] ?? '',
        title: 'Morning reflection',
        content,
        emotion_tags: ['Grateful'],
        verse_reference: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };
  for (let index = 0; index < fill; index += 1) await insert(index);
  const walBefore = await walBytes(database);
  const writtenBefore = bytesWritten();
  const startedAt = performance.now();
  for (let index = 0; index < measured; index += 1) await insert(index);
  const micros = ((performance.now() - startedAt) * 1000) / measured;
  const written = (bytesWritten() - writtenBefore) / measured;
  const walAfter = await walBytes(database);
  const wal = walBefore === null || walAfter === null ? null : (walAfter - walBefore) / measured;
  return { micros, written, wal };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
console.log(
  '| Database | Row id | Time per insert | Written to disk per insert | PostgreSQL WAL per insert |',
);
console.log('| --- | --- | ---: | ---: | ---: |');
for (const [label, newId] of Object.entries(kinds)) {
  const { dir, remove } = tempDir('row-ids');
  const sqlite = connectDatabase({ dialect: 'sqlite', filename: path.join(dir, 'grounded.db') });
  try {
    const result = await measureKind(sqlite, newId);
    console.log(
      `| SQLite | ${label} | ${result.micros.toFixed(0)} µs | ${kib(result.written)} | |`,
    );
  } finally {
    await sqlite.close();
    remove();
  }
  const postgres = await startPostgres();
  if ('skipped' in postgres) {
    console.log(`| PostgreSQL | ${label} | ${postgres.skipped} | | |`);
    continue;
  }
  const database = connectDatabase({ dialect: 'postgres', connectionString: postgres.url });
  try {
    const result = await measureKind(database, newId);
    console.log(
      `| PostgreSQL | ${label} | ${result.micros.toFixed(0)} µs | | ${kib(result.wal ?? 0)} |`,
    );
  } finally {
    await database.close();
    postgres.stop();
  }
}
