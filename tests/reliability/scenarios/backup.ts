// Item 9: `npm run backup` while the server takes writes, then `npm run restore`: the backup is
// consistent and holds every write acknowledged before it started; restore refuses while the
// server runs and refuses a file that is not a Grounded database; the server serves the restored
// data. With DATABASE_URL both commands point to pg_dump / pg_restore.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { rowsSeenThroughApi } from '#tests/reliability/support/api-reads.ts';
import { runCommand, type CommandRun } from '#tests/reliability/support/command.ts';
import { seedUsers, storedRowIds } from '#tests/reliability/support/database.ts';
import { check, sleep, type ScenarioResult } from '#tests/reliability/support/result.ts';
import {
  freePort,
  serverEnv,
  sqliteFile,
  startServer,
  type DatabaseTarget,
} from '#tests/reliability/support/server.ts';
import { compareWrites, count, failureSummary } from '#tests/reliability/support/stats.ts';
import { startWorkload } from '#tests/reliability/support/workload.ts';

const users = 20;
const connections = 20;

function script(
  name: 'backup' | 'restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<CommandRun> {
  return runCommand(process.execPath, [`scripts/${name}.ts`, ...args], env);
}

function inspect(file: string): { integrity: string; foreignKeyErrors: number } {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: String(database.pragma('integrity_check', { simple: true })),
      foreignKeyErrors: (database.pragma('foreign_key_check') as unknown[]).length,
    };
  } finally {
    database.close();
  }
}

/** The rows of a database file that is not the live one, read like the live one. */
async function rowsOfCopy(file: string, scratchDir: string, userIds: string[]) {
  fs.mkdirSync(scratchDir, { recursive: true });
  fs.copyFileSync(file, path.join(scratchDir, 'grounded.db'));
  return storedRowIds({ dialect: 'sqlite', dataDir: scratchDir }, userIds);
}

export async function runBackup(target: DatabaseTarget): Promise<ScenarioResult> {
  const started = performance.now();
  const seeded = await seedUsers(target, users);
  const userIds = seeded.map((user) => user.id);
  const env = serverEnv(target);
  const server = await startServer(target, await freePort());

  const workload = startWorkload({
    baseUrl: server.url,
    users: seeded,
    mix: { 'save-verse': 1, 'journal-entry': 1 },
    concurrency: connections,
  });
  await sleep(1500);
  // On a busy machine the first writes may not be answered yet; the backup must start with some
  // acknowledged, or "every write acknowledged before it is in it" would check nothing.
  const waitUntil = performance.now() + 30_000;
  while (!workload.records.some((record) => record.written) && performance.now() < waitUntil) {
    await sleep(100);
  }
  const backupStartedAt = performance.now() - workload.origin;
  const backup = await script('backup', [], env);
  const backupMs = performance.now() - workload.origin - backupStartedAt;
  await sleep(1000);
  workload.stop();
  const { records } = await workload.done;
  const backupsDir = path.join(target.dataDir, 'backups');
  const backupFile = fs.existsSync(backupsDir)
    ? fs.readdirSync(backupsDir).map((name) => path.join(backupsDir, name))[0]
    : undefined;

  const whileRunning = backupFile ? await script('restore', [backupFile], env) : undefined;
  const notGrounded = path.join(target.dataDir, 'notes.txt');
  fs.writeFileSync(notGrounded, 'not a database\n');
  const refusedFile = await script('restore', [notGrounded], env);
  const exitCode = await server.stop();
  const liveRows = await storedRowIds(target, userIds);

  const restore = backupFile ? await script('restore', [backupFile], env) : undefined;
  const kept = fs.readdirSync(target.dataDir).find((name) => name.includes('.before-restore'));
  const keptRows = kept
    ? await rowsOfCopy(
        path.join(target.dataDir, kept),
        path.join(target.dataDir, 'kept-copy'),
        userIds,
      )
    : undefined;
  const restored = inspect(sqliteFile(target));
  const restoredRows = await storedRowIds(target, userIds);
  const ackedBeforeBackup = records.filter((r) => r.startedAt + r.ms < backupStartedAt);
  const inBackup = compareWrites(ackedBeforeBackup, restoredRows);
  const allWrites = compareWrites(
    records,
    keptRows ?? { saved_verses: new Set(), journal_entries: new Set() },
  );

  const again = await startServer(target, await freePort());
  const served = await rowsSeenThroughApi(again.url, seeded);
  await again.stop();
  const servedCount = served.saved_verses.size + served.journal_entries.size;
  const servesRestored = (['saved_verses', 'journal_entries'] as const).every(
    (table) =>
      served[table].size === restoredRows[table].size &&
      [...served[table]].every((id) => restoredRows[table].has(id)),
  );

  const postgresEnv = { ...env, DATABASE_URL: 'postgres://grounded@db.example:5432/grounded' };
  const pgBackup = await script('backup', [], postgresEnv);
  const pgRestore = await script('restore', ['grounded.dump'], postgresEnv);
  const failures = records.filter((r) => !r.isOk);
  const restoredCount = restoredRows.saved_verses.size + restoredRows.journal_entries.size;

  return {
    section: 'backups',
    title: 'Backup and restore on SQLite',
    seconds: (performance.now() - started) / 1000,
    checks: [
      check(
        'npm run backup succeeds while the server takes writes, and says where the file is',
        backup.code === 0 &&
          backupFile !== undefined &&
          backup.output.includes(backupFile) &&
          failures.length === 0,
        `exit ${backup.code} after ${(backupMs / 1000).toFixed(1)} s; ${count(records.length)} writes sent meanwhile, ${count(failures.length)} failed${failures.length ? `: ${failureSummary(failures)}` : ''}`,
      ),
      check(
        'restore refuses while the server runs, and refuses a file that is not a Grounded database',
        whileRunning?.code !== 0 &&
          /server running/i.test(whileRunning?.output ?? '') &&
          refusedFile.code !== 0,
        `while running: exit ${whileRunning?.code}; a text file: exit ${refusedFile.code}`,
      ),
      check(
        'the server shut down cleanly with all acknowledged writes in the live database',
        exitCode === 0 && compareWrites(records, liveRows).missing === 0,
        `exit code ${exitCode}`,
      ),
      check(
        'npm run restore puts the backup in place and keeps the previous database as .before-restore',
        restore?.code === 0 && kept !== undefined && allWrites.missing === 0,
        `exit ${restore?.code}; kept ${kept ?? 'nothing'} with ${count(allWrites.found)} of ${count(allWrites.acknowledged)} acknowledged writes`,
      ),
      check(
        'the restored database passes integrity_check and foreign_key_check',
        restored.integrity === 'ok' && restored.foreignKeyErrors === 0,
        `integrity_check: ${restored.integrity}; foreign key errors: ${restored.foreignKeyErrors}`,
      ),
      check(
        'every write acknowledged before the backup started is in it',
        inBackup.missing === 0 && inBackup.acknowledged > 0,
        `${count(inBackup.acknowledged)} acknowledged before the backup, ${count(inBackup.found)} restored, ${inBackup.missing} missing`,
      ),
      check(
        'the server starts on the restored database and serves exactly its rows',
        servesRestored,
        `${count(servedCount)} rows served to the users, ${count(restoredCount)} in the restored database`,
      ),
      check(
        'with DATABASE_URL, backup and restore point to pg_dump and pg_restore',
        pgBackup.code !== 0 &&
          pgBackup.output.includes('pg_dump') &&
          pgRestore.code !== 0 &&
          pgRestore.output.includes('pg_restore'),
        `backup exit ${pgBackup.code}, restore exit ${pgRestore.code}`,
      ),
    ],
    figures: [
      `- ${connections} connections writing (saved verses, journal entries) for ${users} users; \`npm run backup\` started after ${(backupStartedAt / 1000).toFixed(1)} s and took ${(backupMs / 1000).toFixed(1)} s (a Node process start included); writing went on 1 s after it.`,
      `- Writes acknowledged: ${count(records.length - failures.length)} in all, ${count(inBackup.acknowledged)} before the backup started; the restored database holds ${count(restoredCount)} rows: all ${count(inBackup.found)} of those, and ${restoredCount - inBackup.found} committed while the backup ran.`,
      `- Restore refusals: while the server ran (exit ${whileRunning?.code}), a text file (exit ${refusedFile.code}); restore after stopping the server: exit ${restore?.code}.`,
      `- Restored file: \`integrity_check\` ${restored.integrity}, \`foreign_key_check\` ${restored.foreignKeyErrors} rows; the server started on it and served it.`,
    ],
  };
}
