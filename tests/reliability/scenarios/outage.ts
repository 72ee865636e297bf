// Item 7: stop PostgreSQL for 10 s under load. The API answers 503 { error, message } quickly
// (never hanging past 5 s), the process stays up, /api/health says the database is down, and
// requests succeed again by themselves once PostgreSQL is back.
import { seedUsers, storedRowIds } from '#tests/reliability/support/database.ts';
import { createAgent, send } from '#tests/reliability/support/http.ts';
import type { PostgresCluster } from '#tests/reliability/support/postgres-cluster.ts';
import { check, sleep, type ScenarioResult } from '#tests/reliability/support/result.ts';
import { freePort, startServer, type DatabaseTarget } from '#tests/reliability/support/server.ts';
import {
  compareWrites,
  count,
  failureSummary,
  ms,
  percentile,
} from '#tests/reliability/support/stats.ts';
import { startWorkload, type RequestRecord } from '#tests/reliability/support/workload.ts';

const users = 20;
const connections = 50;
const healthyMs = 4000;
const outageMs = 10_000;
/** How long the run goes on once requests succeed again, to see that they keep succeeding. */
const afterRecoveryMs = 4000;
const answerWithinMs = 5000;

type HealthPoll = { at: number; status: number; database: unknown; ms: number };

const usesDatabase = (record: RequestRecord) => record.kind !== 'chapter';

export async function runOutage(
  cluster: PostgresCluster,
  target: DatabaseTarget,
): Promise<ScenarioResult> {
  const started = performance.now();
  const seeded = await seedUsers(target, users);
  const server = await startServer(target, await freePort());
  const workload = startWorkload({
    baseUrl: server.url,
    users: seeded,
    // Signed-in reads and writes need the database; chapters do not.
    mix: { chapter: 25, session: 25, 'save-verse': 25, 'journal-entry': 25 },
    concurrency: connections,
    timeoutMs: 30_000,
  });
  const now = () => performance.now() - workload.origin;

  const polls: HealthPoll[] = [];
  let isPolling = true;
  const healthAgent = createAgent(1);
  const poller = (async () => {
    while (isPolling) {
      const outcome = await send(
        healthAgent,
        server.url,
        { method: 'GET', path: '/api/health' },
        30_000,
      );
      let database: unknown;
      try {
        database = (JSON.parse(outcome.body.toString('utf8')) as { database?: unknown }).database;
      } catch {
        database = undefined;
      }
      polls.push({
        at: outcome.startedAt - workload.origin,
        status: outcome.status,
        database,
        ms: outcome.ms,
      });
      await sleep(250);
    }
    healthAgent.destroy();
  })();

  await sleep(healthyMs);
  const stopAt = now();
  await cluster.stop();
  const stoppedAt = now();
  await sleep(outageMs);
  const startAt = now();
  await cluster.start();
  const readyAt = now();
  const recoveryDeadline = performance.now() + 30_000;
  const recovered = () =>
    workload.records.find((r) => usesDatabase(r) && r.isOk && r.startedAt >= readyAt);
  while (!recovered() && performance.now() < recoveryDeadline) await sleep(50);
  await sleep(afterRecoveryMs);
  workload.stop();
  isPolling = false;
  const { records } = await workload.done;
  await poller;
  const stayedUp = server.isRunning();
  await server.stop();
  const writes = compareWrites(
    records,
    await storedRowIds(
      target,
      seeded.map((user) => user.id),
    ),
  );

  const during = (at: number) => at >= stoppedAt && at < startAt;
  const databaseDuring = records.filter((r) => usesDatabase(r) && during(r.startedAt));
  const chaptersDuring = records.filter((r) => r.kind === 'chapter' && during(r.startedAt));
  const failures = records.filter((r) => !r.isOk);
  const malformed = failures.filter(
    (r) =>
      r.status !== 503 ||
      r.errorBody?.error !== 'SERVICE_UNAVAILABLE' ||
      typeof r.errorBody.message !== 'string' ||
      r.errorBody.message.length === 0,
  );
  // A loop, not Math.max(...list): a server that died leaves a flood of refused requests, too
  // many to pass as arguments, and the report must still say what happened.
  const slowest = [...records, ...polls].reduce((max, r) => Math.max(max, r.ms), 0);
  const duringMs = databaseDuring.map((r) => r.ms).sort((a, b) => a - b);
  const healthDuring = polls.filter((p) => during(p.at));
  const healthBefore = polls.filter((p) => p.at + p.ms < stopAt);
  const healthLast = polls.at(-1);
  const firstSuccess = recovered();
  const recoveryMs = firstSuccess ? firstSuccess.startedAt + firstSuccess.ms - readyAt : Infinity;
  const settledAfter = readyAt + 1000;
  const failedAfterRecovery = records.filter((r) => !r.isOk && r.startedAt >= settledAfter);
  const sampleMessage = failures.find((r) => r.status === 503)?.errorBody?.message;

  return {
    section: 'outage',
    title: 'Database outage on PostgreSQL',
    seconds: (performance.now() - started) / 1000,
    checks: [
      check('the server process stays up', stayedUp, stayedUp ? 'running throughout' : 'it exited'),
      check(
        'during the outage, database requests are answered 503',
        databaseDuring.length > 0 && databaseDuring.every((r) => r.status === 503),
        `${count(databaseDuring.length)} requests, ${databaseDuring.filter((r) => r.status === 503).length} answered 503`,
      ),
      check(
        'every refusal is 503 { error: SERVICE_UNAVAILABLE, message } (no 500, no dropped connection)',
        malformed.length === 0,
        malformed.length === 0
          ? `${count(failures.length)} refusals, all well-formed`
          : failureSummary(malformed),
      ),
      check(
        `no answer takes longer than ${answerWithinMs / 1000} s`,
        slowest <= answerWithinMs,
        `slowest ${ms(slowest)}`,
      ),
      check(
        "/api/health says 503 { database: 'down' } during the outage, 200 'up' before and after",
        healthDuring.length > 0 &&
          healthDuring.every((p) => p.status === 503 && p.database === 'down') &&
          healthBefore.every((p) => p.status === 200 && p.database === 'up') &&
          healthLast?.status === 200,
        `${healthDuring.length} polls during the outage: ${healthDuring.filter((p) => p.status === 503 && p.database === 'down').length} down; last poll ${healthLast?.status}`,
      ),
      check(
        'service recovers by itself when PostgreSQL is back',
        firstSuccess !== undefined && failedAfterRecovery.length === 0,
        firstSuccess
          ? `first database request succeeded ${ms(recoveryMs)} after PostgreSQL accepted connections; ${failedAfterRecovery.length} failures after that`
          : 'no database request succeeded afterwards',
      ),
      check(
        'no acknowledged write is lost',
        writes.missing === 0,
        `${count(writes.acknowledged)} acknowledged, ${count(writes.found)} found, ${writes.missing} missing`,
      ),
    ],
    figures: [
      `- ${connections} connections (chapters, session look-ups, saved verses, journal entries) against ${users} signed-in users; ` +
        `PostgreSQL stopped (\`pg_ctl stop -m fast\`, ${ms(stoppedAt - stopAt)}) after ${(stopAt / 1000).toFixed(1)} s, ` +
        `started again ${((startAt - stoppedAt) / 1000).toFixed(1)} s later (\`pg_ctl start\`, ready after ${ms(readyAt - startAt)}).`,
      `- While it was down: ${count(databaseDuring.length)} database requests, all answered 503 ` +
        `(p50 ${ms(percentile(duringMs, 50))}, p99 ${ms(percentile(duringMs, 99))}, max ${ms(duringMs.at(-1) ?? 0)}); ` +
        `${count(chaptersDuring.filter((r) => r.isOk).length)} of ${count(chaptersDuring.length)} chapter reads still served 200.`,
      ...(sampleMessage
        ? [
            `- The refusal: \`503 { "error": "SERVICE_UNAVAILABLE", "message": "${String(sampleMessage)}" }\`.`,
          ]
        : []),
      `- /api/health: ${healthDuring.length} polls during the outage, all \`503 { "database": "down" }\`.`,
      `- Recovery: the first database request succeeded ${ms(recoveryMs)} after PostgreSQL accepted connections, with no restart; no failure after that.`,
      `- Whole run: ${count(records.length)} requests, ${count(failures.length)} answered 503, none otherwise failed; slowest answer ${ms(slowest)}; ` +
        `writes ${count(writes.acknowledged)} acknowledged, ${count(writes.found)} found.`,
    ],
  };
}
