// `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the SQLite
// database. The server must be stopped: the restore refuses while anything has the database open.
// The database it replaces is kept as DATA_DIR/grounded.before-restore-<UTC time>.db.
// With DATABASE_URL (PostgreSQL) it explains how to use pg_restore instead.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { readConfig } from '#server/config.ts';

const usage = 'Usage: npm run restore -- FILE   (a backup made by npm run backup)';
const allPages = 0x7fffffff;
/** Tables every Grounded database has; a SQLite file without them is some other database. */
const groundedTables = [
  'kysely_migration',
  'users',
  'sessions',
  'profiles',
  'saved_verses',
  'journal_entries',
];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]?.startsWith('-')) fail(usage);

const config = readConfig();
if (config.databaseUrl) {
  fail(
    [
      'DATABASE_URL is set, so Grounded keeps its data in PostgreSQL; this command restores the',
      'SQLite database only. Restore a pg_dump file with pg_restore (README.md, "Backups"):',
      '',
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE.dump',
    ].join('\n'),
  );
}

const backupFile = path.resolve(args[0] ?? '');
const live = path.join(config.dataDir, 'grounded.db');
if (!fs.existsSync(backupFile)) fail(`There is no file ${backupFile}.`);
if (backupFile === live) fail('That is the live database itself; name a backup file.');

/** Why the file cannot be restored, or undefined when it is a sound Grounded database. */
function problemWith(file: string): string | undefined {
  let database: SqliteDatabase.Database | undefined;
  try {
    database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `it fails SQLite's integrity check (${String(integrity)})`;
    const tables = new Set(
      database
        .prepare("select name from sqlite_master where type = 'table'")
        .pluck()
        .all() as string[],
    );
    const missing = groundedTables.filter((table) => !tables.has(table));
    if (missing.length > 0) return `it is not a Grounded database (no ${missing.join(', ')} table)`;
    return undefined;
  } catch (error) {
    return `it is not a SQLite database (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    database?.close();
  }
}

const problem = problemWith(backupFile);
if (problem) fail(`Refusing to restore ${backupFile}: ${problem}.`);

const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replaceAll(':', '-');
const kept = path.join(config.dataDir, `grounded.before-restore-${stamp}.db`);
fs.mkdirSync(config.dataDir, { recursive: true });

if (fs.existsSync(live)) {
  const current = new SqliteDatabase(live, { fileMustExist: true, timeout: 0 });
  try {
    // In WAL mode every open connection (the server's, even idle) holds a shared lock that an
    // exclusive-mode transaction cannot get past: failing here means someone has it open.
    current.pragma('locking_mode = EXCLUSIVE');
    current.exec('BEGIN EXCLUSIVE');
    current.exec('COMMIT');
  } catch {
    current.close();
    fail(
      `${live} is in use (is the Grounded server running?). Stop the server, then run the restore again.`,
    );
  }
  // Copied through SQLite, not the file system: the copy includes what is still in the WAL file.
  await current.backup(kept, { progress: () => allPages });
  // Closing the last connection folds the WAL into the file and removes it.
  current.close();
  for (const leftover of [`${live}-wal`, `${live}-shm`]) fs.rmSync(leftover, { force: true });
}

// Staged beside the live file, then renamed over it: the database is never half written.
const staging = `${live}.restoring`;
fs.rmSync(staging, { force: true });
const backup = new SqliteDatabase(backupFile, { readonly: true, fileMustExist: true });
try {
  await backup.backup(staging, { progress: () => allPages });
} finally {
  backup.close();
}
fs.renameSync(staging, live);

console.log(`Restored ${backupFile} into ${live}.`);
if (fs.existsSync(kept)) console.log(`The database it replaced is kept as ${kept}.`);
console.log('Start the server again; it applies any newer migrations at start-up.');
