// `npm run backup [-- FILE]`: a consistent copy of the SQLite database, taken while the server
// runs, with SQLite's online backup API. Written to DATA_DIR/backups/grounded-<UTC time>.db unless
// FILE is given. With DATABASE_URL (PostgreSQL) it explains how to use pg_dump instead.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { readConfig } from '#server/config.ts';

const usage = 'Usage: npm run backup [-- FILE]';
/** Every remaining page in one step (sqlite3_backup_step's page count is a C int). */
const allPages = 0x7fffffff;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) fail(usage);

const config = readConfig();
if (config.databaseUrl) {
  fail(
    [
      'DATABASE_URL is set, so Grounded keeps its data in PostgreSQL; this command backs up the',
      'SQLite database only. Back up PostgreSQL with pg_dump (README.md, "Backups"):',
      '',
      '  pg_dump --format=custom --file="grounded-$(date -u +%Y%m%dT%H%M%SZ).dump" "$DATABASE_URL"',
    ].join('\n'),
  );
}

const source = path.join(config.dataDir, 'grounded.db');
if (!fs.existsSync(source)) fail(`There is no database at ${source} (check DATA_DIR).`);

const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replaceAll(':', '-');
const target = path.resolve(
  args[0] ?? path.join(config.dataDir, 'backups', `grounded-${stamp}.db`),
);
if (fs.existsSync(target)) fail(`${target} already exists; choose another file name.`);
fs.mkdirSync(path.dirname(target), { recursive: true });

// Written under another name first, so that a file with the final name is always a whole backup.
const partial = `${target}.partial`;
fs.rmSync(partial, { force: true });
const database = new SqliteDatabase(source, { fileMustExist: true, timeout: 5000 });
try {
  // One step for all pages: copying a few pages per step starts over whenever the server writes
  // between two steps, which under steady writes might never finish. A single step reads one
  // snapshot, and in WAL mode the server goes on writing meanwhile.
  await database.backup(partial, { progress: () => allPages });
} catch (error) {
  fs.rmSync(partial, { force: true });
  fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  database.close();
}

const copy = new SqliteDatabase(partial, { fileMustExist: true });
// The copy carries the live file's WAL setting; a backup is better as one self-contained file.
copy.pragma('journal_mode = DELETE');
const integrity = copy.pragma('integrity_check', { simple: true });
copy.close();
if (integrity !== 'ok') {
  fs.rmSync(partial, { force: true });
  fail(`The copy failed its integrity check (${String(integrity)}); nothing was kept.`);
}
fs.renameSync(partial, target);

const megabytes = (fs.statSync(target).size / 2 ** 20).toFixed(1);
console.log(`Backed up ${source} to ${target} (${megabytes} MB, integrity check ok).`);
console.log(`Restore it with: npm run restore -- ${target}`);
