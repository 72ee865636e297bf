// Item 5: a mixed workload against the real server for a minute: no failed request, no lost
// write, and resident memory that stops growing.
import { seedUsers, storedRowIds } from '#tests/reliability/support/database.ts';
import { check, median, mib, type ScenarioResult } from '#tests/reliability/support/result.ts';
import {
  freePort,
  residentKb,
  startServer,
  type DatabaseTarget,
} from '#tests/reliability/support/server.ts';
import {
  compareWrites,
  count,
  failureSummary,
  latencyByKind,
  latencyTable,
} from '#tests/reliability/support/stats.ts';
import { startWorkload, type Mix } from '#tests/reliability/support/workload.ts';

const users = 100;
const connections = 50;
/** Reading is what most visits do; a third of the requests write. */
const mix: Mix = { chapter: 45, search: 20, 'save-verse': 17.5, 'journal-entry': 17.5 };
const maxGrowth = 0.1;

type Sample = { at: number; kb: number };

export async function runLoad(target: DatabaseTarget, seconds: number): Promise<ScenarioResult> {
  const started = performance.now();
  const seeded = await seedUsers(target, users);
  const server = await startServer(target, await freePort());
  // The server reads the WEB and the ASV, their search indexes and verse content once, just after
  // listening (decision 015). Asked for here first, so that the memory measured under load is the
  // steady state, not that one-time read landing in the second half of a busy run.
  for (const translation of ['web', 'asv']) {
    for (const path of [
      `/api/bible/John/3?translation=${translation}`,
      `/api/bible/search?q=love&translation=${translation}`,
      `/api/verses/catalogue?translation=${translation}`,
    ]) {
      await (await fetch(server.url + path)).arrayBuffer();
    }
  }

  const samples: Sample[] = [];
  const workload = startWorkload({
    baseUrl: server.url,
    users: seeded,
    mix,
    concurrency: connections,
    durationMs: seconds * 1000,
    timeoutMs: 10_000,
  });
  const sampler = setInterval(() => {
    const kb = residentKb(server.pid);
    if (kb !== undefined) samples.push({ at: performance.now() - workload.origin, kb });
  }, 1000);
  const { records, elapsedMs } = await workload.done;
  clearInterval(sampler);
  const wasRunning = server.isRunning();
  const exitCode = await server.stop();

  const stored = await storedRowIds(
    target,
    seeded.map((user) => user.id),
  );
  const writes = compareWrites(records, stored);
  const latency = latencyByKind(records);
  const total = latency.at(-1);
  const failures = records.filter((record) => !record.isOk).length;

  // Memory: the median of the first five samples of the second half against the median of the
  // last five, so that one garbage collection does not decide the result.
  const half = elapsedMs / 2;
  const firstHalf = samples.filter((sample) => sample.at < half);
  const secondHalf = samples.filter((sample) => sample.at >= half);
  const atHalf = median(secondHalf.slice(0, 5).map((sample) => sample.kb));
  const atEnd = median(secondHalf.slice(-5).map((sample) => sample.kb));
  const growth = atHalf > 0 ? (atEnd - atHalf) / atHalf : Infinity;
  const mean = (list: Sample[]) =>
    list.reduce((sum, s) => sum + s.kb, 0) / Math.max(1, list.length);
  const peak = samples.reduce((max, sample) => Math.max(max, sample.kb), 0);

  const rps = records.length / (elapsedMs / 1000);
  return {
    section: 'load',
    title: `Load on ${target.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    seconds: (performance.now() - started) / 1000,
    checks: [
      check(
        'no failed request (every answer 2xx, no socket error)',
        failures === 0,
        `${count(records.length)} requests, ${count(failures)} failed${failures ? `: ${failureSummary(records)}` : ''}`,
      ),
      check(
        'no lost write (acknowledged = rows in the database)',
        writes.missing === 0 && writes.unacknowledged === 0,
        `${count(writes.acknowledged)} acknowledged, ${count(writes.found)} found, ${writes.missing} missing, ${writes.unacknowledged} rows never acknowledged`,
      ),
      check(
        `memory stable (RSS growth over the second half ≤ ${maxGrowth * 100}%)`,
        growth <= maxGrowth,
        `${mib(atHalf)} at half-time, ${mib(atEnd)} at the end: ${(growth * 100).toFixed(1)}%`,
      ),
      check(
        'the server stayed up and shut down cleanly on SIGTERM',
        wasRunning && exitCode === 0,
        `running at the end: ${wasRunning}, exit code ${exitCode}`,
      ),
    ],
    figures: [
      `${connections} connections for ${(elapsedMs / 1000).toFixed(0)} s, ${users} signed-in users; mix: ` +
        `${Object.entries(mix)
          .map(([kind, weight]) => `${kind} ${weight}%`)
          .join(', ')}.`,
      '',
      `- Requests: ${count(records.length)} (${count(Math.round(rps))} req/s), failed: ${count(failures)}; ` +
        `latency p50 ${total?.p50.toFixed(1)} ms, p99 ${total?.p99.toFixed(1)} ms.`,
      `- Writes: ${count(writes.acknowledged)} acknowledged (201), ${count(writes.found)} found in the database, ${writes.missing} lost.`,
      `- Server RSS: first half mean ${mib(mean(firstHalf))}, second half mean ${mib(mean(secondHalf))}; ` +
        `${mib(atHalf)} at half-time → ${mib(atEnd)} at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), peak ${mib(peak)}.`,
      '',
      ...latencyTable(latency),
    ],
  };
}
