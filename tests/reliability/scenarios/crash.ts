// Item 6: SIGKILL the server in the middle of a write burst, start it again on the same data:
// every write it acknowledged is there, and the SQLite file passes its integrity check.
import SqliteDatabase from 'better-sqlite3';
import { rowsSeenThroughApi } from '#tests/reliability/support/api-reads.ts';
import { seedUsers } from '#tests/reliability/support/database.ts';
import { check, sleep, type ScenarioResult } from '#tests/reliability/support/result.ts';
import {
  freePort,
  sqliteFile,
  startServer,
  type DatabaseTarget,
} from '#tests/reliability/support/server.ts';
import { compareWrites, count, failureSummary } from '#tests/reliability/support/stats.ts';
import { startWorkload } from '#tests/reliability/support/workload.ts';

const users = 20;
const connections = 50;
/** The kill comes once the burst is well under way: this long, and this many acknowledged writes. */
const killAfterMs = 2000;
const killAfterWrites = 200;

function integrityOf(file: string): string {
  const database = new SqliteDatabase(file, { fileMustExist: true });
  try {
    return String(database.pragma('integrity_check', { simple: true }));
  } finally {
    database.close();
  }
}

export async function runCrash(target: DatabaseTarget): Promise<ScenarioResult> {
  const started = performance.now();
  const seeded = await seedUsers(target, users);
  const port = await freePort();
  const server = await startServer(target, port);

  const workload = startWorkload({
    baseUrl: server.url,
    users: seeded,
    mix: { 'save-verse': 1, 'journal-entry': 1 },
    concurrency: connections,
  });
  const deadline = performance.now() + 30_000;
  while (
    performance.now() - workload.origin < killAfterMs ||
    (workload.records.filter((record) => record.written).length < killAfterWrites &&
      performance.now() < deadline)
  ) {
    await sleep(20);
  }
  // No new request from here on: those in flight now are the ones the kill cuts off.
  workload.stop();
  const killedAt = performance.now() - workload.origin;
  await server.kill();
  const { records } = await workload.done;

  const beforeKill = records.filter((record) => record.startedAt + record.ms < killedAt);
  const failedBeforeKill = beforeKill.filter((record) => !record.isOk);
  const cutOff = records.filter(
    (record) => !record.isOk && record.startedAt + record.ms >= killedAt,
  );
  const integrity = target.dialect === 'sqlite' ? integrityOf(sqliteFile(target)) : undefined;

  const restartStarted = performance.now();
  const restarted = await startServer(target, port);
  const restartMs = performance.now() - restartStarted;
  const seen = await rowsSeenThroughApi(restarted.url, seeded);
  await restarted.stop();
  const writes = compareWrites(records, seen);

  const checks = [
    check(
      'every acknowledged write is there after the restart',
      writes.missing === 0 && writes.acknowledged > 0,
      `${count(writes.acknowledged)} acknowledged, ${count(writes.found)} found, ${writes.missing} missing`,
    ),
    check(
      'no request failed before the kill',
      failedBeforeKill.length === 0,
      failedBeforeKill.length === 0
        ? `${count(beforeKill.length)} answered before the kill, all 2xx`
        : failureSummary(failedBeforeKill),
    ),
  ];
  if (integrity !== undefined) {
    checks.push(
      check(
        'the SQLite file passes PRAGMA integrity_check',
        integrity === 'ok',
        `integrity_check: ${integrity}`,
      ),
    );
  }
  return {
    section: 'crash',
    title: `Crash on ${target.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    seconds: (performance.now() - started) / 1000,
    checks,
    figures: [
      `- Write burst: ${connections} connections, ${users} users saving verses and journal entries; SIGKILL after ${(killedAt / 1000).toFixed(1)} s.`,
      `- Acknowledged (201): ${count(writes.acknowledged)}; found after the restart: ${count(writes.found)}; lost: ${writes.missing}.`,
      `- Requests in flight at the kill (socket closed, no answer): ${count(cutOff.length)}; committed anyway and visible after the restart: ${count(writes.unacknowledged)}.`,
      ...(integrity !== undefined
        ? [`- \`PRAGMA integrity_check\` on the file the kill left: \`${integrity}\`.`]
        : []),
      `- Restart on the same data until /api/health answered 200: ${(restartMs / 1000).toFixed(1)} s.`,
    ],
  };
}
