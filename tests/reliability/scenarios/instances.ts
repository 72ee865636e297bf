// docs/reliability.md, several instances: three instances of the real server on one PostgreSQL database behind nginx
// with the deployment's own site (deploy/nginx/grounded.conf, a test certificate), started at the
// same moment. The site serves HTTP/2, sends plain HTTP to HTTPS, serves the assets from disk and
// hides /metrics. Migrations run once; a session made on one instance
// works on all; the sign-in limit per address holds in total; one instance killed during a write
// load loses no acknowledged write; and a simulated day of reminders across time zones, ticked by
// all three instances at once, reaches every user exactly once per local day.
import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import { buildClient } from '#scripts/ensure-client-build.ts';
import { dailyRemindersFollow } from '#server/features/notifications/notifications.service.ts';
import { defaultRateLimits } from '#server/security/rate-limits.ts';
import { reminderDueDate, localMoment } from '#shared/notifications/schedule.ts';
import { weekdays, type Weekday } from '#shared/schemas/settings.ts';
import { readAllPages, rowsSeenThroughApi } from '#tests/reliability/support/api-reads.ts';
import { tempDir } from '#tests/reliability/support/cleanup.ts';
import { openDatabase, seedUsers, type SeededUser } from '#tests/reliability/support/database.ts';
import {
  findNginx,
  nginxVersion,
  startNginx,
  upstreamHeader,
  type Nginx,
} from '#tests/reliability/support/nginx.ts';
import type { PostgresCluster } from '#tests/reliability/support/postgres-cluster.ts';
import {
  check,
  sleep,
  type Check,
  type ScenarioResult,
} from '#tests/reliability/support/result.ts';
import {
  freePort,
  root,
  startServer,
  type DatabaseTarget,
  type ServerProcess,
} from '#tests/reliability/support/server.ts';
import { compareWrites, count, failureSummary } from '#tests/reliability/support/stats.ts';
import { startWorkload, type RequestRecord } from '#tests/reliability/support/workload.ts';

const instanceCount = 3;
/**
 * People writing during the kill. The instances run with the production limits (60 writes a
 * minute per person and route), as the sign-in limit's check needs; with this many people the
 * load stays within them on a machine several times faster than CI's.
 */
const writers = 100;
const connections = 24;
/** The kill comes once the load is under way: this long, and this many acknowledged writes. */
const killAfterMs = 2500;
const killAfterWrites = 150;
/** How long the load goes on through the two instances left. */
const loadAfterKillMs = 4000;
/** Sign-in attempts past the limit, all of which must be refused. */
const extraSignIns = 5;

/** The simulated day: the night before the US (and St John's) change to summer time. */
const day = { from: '2025-03-08T22:00:00.000Z', to: '2025-03-09T22:00:00.000Z' };
/** Simulated milliseconds per real one: the day lasts 30 s. */
const speed = 2880;
const minuteMs = 60_000;
/** From +14 to -11, with half- and three-quarter-hour offsets and three DST changes. */
const zones = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Australia/Adelaide',
  'Asia/Tokyo',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Europe/Berlin',
  'Europe/London',
  'UTC',
  'America/St_Johns',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
];
const reminderUsers = 150;
const reminderTypes = ['journal_reminder', 'daily_verse'] as const;
type ReminderType = (typeof reminderTypes)[number];

function instanceTargets(url: string): DatabaseTarget[] {
  return Array.from({ length: instanceCount }, (_, i) => ({
    dialect: 'postgres' as const,
    // A DATA_DIR each, as on separate machines; the database is the one thing they share.
    dataDir: tempDir(`instance-${i + 1}`),
    url,
  }));
}

/** Starts the instances at the same moment; if one fails, stops the others and throws. */
async function startInstances(
  targets: DatabaseTarget[],
  ports: number[],
  env: NodeJS.ProcessEnv,
  phase: string,
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(
    targets.map((target, i) =>
      startServer(target, ports[i] ?? 0, {
        env,
        logFile: path.join(target.dataDir, `${phase}.log`),
        // Three start-ups at once share the cores: each builds its own Bible search index.
        healthTimeoutMs: 180_000,
      }),
    ),
  );
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((server) => server.kill()));
    throw failed.reason;
  }
  return running;
}

type LogLine = { level?: number; msg?: string; [key: string]: unknown };

function logLines(file: string): LogLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/** The migrations the server knows: the files of src/server/db/migrations. */
function migrationNames(): string[] {
  return fs
    .readdirSync(path.join(root, 'src/server/db/migrations'))
    .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

async function migrationCheck(target: DatabaseTarget, logs: LogLine[][]): Promise<Check[]> {
  const database = openDatabase(target);
  let rows: { name: string; times: number }[];
  try {
    rows = (
      await database.db
        .selectFrom('kysely_migration' as never)
        .select(['name' as never, (eb) => eb.fn.countAll<number>().as('times')])
        .groupBy('name' as never)
        .execute()
    ).map((row) => {
      const { name, times } = row as { name: string; times: number | string };
      return { name, times: Number(times) };
    });
  } finally {
    await database.close();
  }
  const expected = migrationNames();
  const recorded = rows.map((row) => row.name).sort();
  const repeated = rows.filter((row) => row.times !== 1);
  const migratedBy = logs.flatMap((lines, i) =>
    lines.some((line) => line.msg === 'database migrated') ? [i + 1] : [],
  );
  const errors = logs.flatMap((lines, i) =>
    lines.filter((line) => (line.level ?? 0) >= 50).map((line) => `#${i + 1}: ${line.msg}`),
  );
  return [
    check(
      'migrations ran once: kysely_migration holds each migration exactly once',
      repeated.length === 0 && recorded.join() === expected.join(),
      `${rows.length} rows for ${expected.length} migrations` +
        (repeated.length > 0 ? `; repeated: ${repeated.map((r) => r.name).join(', ')}` : '') +
        (recorded.join() !== expected.join() ? `; recorded: ${recorded.join(', ')}` : ''),
    ),
    check(
      'one instance migrated, all three started, none logged an error',
      migratedBy.length === 1 && errors.length === 0,
      `"database migrated" logged by instance ${migratedBy.join(', ') || 'none'}; ` +
        `${errors.length} error lines${errors.length > 0 ? `: ${errors.slice(0, 3).join('; ')}` : ''}`,
    ),
  ];
}

/** One GET over HTTP/2 through the site (the run trusts its test certificate). */
function http2Get(url: string, path: string): Promise<{ status: number; protocol: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(url);
    session.on('error', reject);
    const request = session.request({ ':path': path });
    request.on('response', (headers) => {
      const protocol = session.alpnProtocol ?? '';
      request.resume();
      request.on('end', () => {
        session.close();
        resolve({ status: Number(headers[':status']), protocol });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * What deploy/nginx/grounded.conf promises an operator: HTTPS over HTTP/2, plain HTTP sent to
 * HTTPS, the hashed assets from disk kept for a year and compressed, the app's own headers
 * passed through, and /metrics never served to the public.
 */
async function siteChecks(proxy: Nginx, clientDir: string): Promise<Check[]> {
  const h2 = await http2Get(proxy.url, '/api/health');
  const redirect = await fetch(`${proxy.plainUrl}/read-bible?book=John&chapter=3`, {
    redirect: 'manual',
  });
  const location = redirect.headers.get('location') ?? '';
  // The largest script: nginx leaves answers under gzip_min_length uncompressed, and which
  // chunk a directory listing names first depends on the build's hashes.
  const assetsDir = path.join(clientDir, 'assets');
  const script = fs
    .readdirSync(assetsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: fs.statSync(path.join(assetsDir, name)).size }))
    .sort((a, b) => b.size - a.size)[0]?.name;
  const asset = await fetch(`${proxy.url}/assets/${script}`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  await asset.arrayBuffer();
  const page = await fetch(`${proxy.url}/read-bible?book=John&chapter=3`);
  await page.arrayBuffer();
  const metrics = await fetch(`${proxy.url}/metrics`);
  await metrics.arrayBuffer();
  const assetCache = asset.headers.get('cache-control') ?? '';
  return [
    check(
      'the site answers over TLS with HTTP/2, and sends plain HTTP to HTTPS',
      h2.status === 200 &&
        h2.protocol === 'h2' &&
        redirect.status === 301 &&
        location.startsWith('https://') &&
        location.endsWith('/read-bible?book=John&chapter=3'),
      `HTTP/2 GET /api/health: ${h2.status} over ${h2.protocol || 'no ALPN'}; ` +
        `plain HTTP: ${redirect.status} to ${location}`,
    ),
    check(
      'hashed assets come from disk, kept a year and compressed; pages keep the app’s headers',
      asset.status === 200 &&
        assetCache.includes('max-age=31536000') &&
        assetCache.includes('immutable') &&
        asset.headers.get('content-encoding') === 'gzip' &&
        asset.headers.get(upstreamHeader) === null &&
        page.status === 200 &&
        (page.headers.get('content-security-policy') ?? '') !== '' &&
        page.headers.get(upstreamHeader) !== null,
      `/assets/${script}: ${asset.status}, ${assetCache}, ${asset.headers.get('content-encoding')}, ` +
        `${asset.headers.get(upstreamHeader) ? 'from an instance' : 'from disk'}; a page: ` +
        `${page.status}, content-security-policy ${page.headers.get('content-security-policy') ? 'kept' : 'lost'}`,
    ),
    check(
      '/metrics is not served through the public site',
      metrics.status === 404,
      `GET /metrics through nginx: ${metrics.status}`,
    ),
  ];
}

function cookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('grounded_session='));
  return cookie?.split(';')[0] ?? '';
}

async function sessionCheck(instances: ServerProcess[], proxyUrl: string): Promise<Check> {
  const signUp = await fetch(`${instances[0]?.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxyUrl },
    body: JSON.stringify({
      email: 'session@reliability.test',
      password: 'correct horse battery',
      display_name: 'Session Reader',
    }),
  });
  const cookie = cookieFrom(signUp);
  const userId = ((await signUp.json()) as { user?: { id?: string } }).user?.id;
  const seenBy: string[] = [];
  for (const [i, server] of instances.entries()) {
    const response = await fetch(`${server.url}/api/auth/session`, { headers: { cookie } });
    const body = (await response.json()) as { user: { id: string } | null };
    seenBy.push(
      `#${i + 1}: ${body.user?.id === userId ? 'signed in' : `${response.status} not signed in`}`,
    );
  }
  const works =
    signUp.status === 201 && cookie !== '' && seenBy.every((s) => s.endsWith(': signed in'));
  return check(
    'a session made on one instance works on all three',
    works,
    `sign-up on instance #1 answered ${signUp.status}; the cookie on each instance directly: ${seenBy.join(', ')}`,
  );
}

async function signInLimitCheck(proxyUrl: string): Promise<{ check: Check; figure: string }> {
  const limit = defaultRateLimits.signInPerIp;
  const outcomes: { status: number; upstream: string }[] = [];
  for (let i = 0; i < limit + extraSignIns; i += 1) {
    const response = await fetch(`${proxyUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxyUrl },
      // A different unknown account each time: only the per-address limit can refuse these.
      body: JSON.stringify({ email: `guess-${i}@reliability.test`, password: 'not the password' }),
    });
    await response.arrayBuffer();
    outcomes.push({
      status: response.status,
      upstream: response.headers.get(upstreamHeader) ?? '',
    });
  }
  const allowed = outcomes.filter((o) => o.status !== 429).length;
  const firstRefused = outcomes.findIndex((o) => o.status === 429);
  const instancesUsed = new Set(outcomes.map((o) => o.upstream)).size;
  const statuses = [...new Set(outcomes.slice(0, limit).map((o) => o.status))].join(', ');
  const holds = allowed === limit && firstRefused === limit && instancesUsed === instanceCount;
  return {
    check: check(
      `the sign-in limit per address holds in total: ${limit} attempts, then 429`,
      holds,
      `${outcomes.length} attempts through nginx over ${instancesUsed} instances: ${allowed} allowed ` +
        `(status ${statuses}), ${outcomes.length - allowed} refused with 429` +
        (firstRefused === -1 ? '' : `, the first at attempt ${firstRefused + 1}`),
    ),
    figure: `- Sign-in limit: ${outcomes.length} failed sign-ins for different accounts through nginx, spread over ${instancesUsed} instances; allowed ${allowed} of the configured ${limit} per address, refused ${outcomes.length - allowed} (429).`,
  };
}

type KillOutcome = { checks: Check[]; figures: string[] };

async function killDuringLoad(
  instances: ServerProcess[],
  proxyUrl: string,
  seeded: SeededUser[],
): Promise<KillOutcome> {
  const workload = startWorkload({
    baseUrl: proxyUrl,
    users: seeded,
    mix: { 'save-verse': 1, 'journal-entry': 1, session: 1 },
    concurrency: connections,
    timeoutMs: 10_000,
  });
  const written = () => workload.records.filter((record) => record.written).length;
  const deadline = performance.now() + 30_000;
  while (
    (performance.now() - workload.origin < killAfterMs || written() < killAfterWrites) &&
    performance.now() < deadline
  ) {
    await sleep(20);
  }
  const victim = instances[1] as ServerProcess;
  const killSentAt = performance.now() - workload.origin;
  await victim.kill();
  const killedAt = performance.now() - workload.origin;
  await sleep(loadAfterKillMs);
  workload.stop();
  const { records, elapsedMs } = await workload.done;

  const endOf = (record: RequestRecord) => record.startedAt + record.ms;
  const failed = records.filter((record) => !record.isOk);
  // Cut off by the kill: sent to the victim before it died, answered (502 by nginx) after.
  const cutOff = failed.filter(
    (record) => record.startedAt < killedAt && endOf(record) >= killSentAt && record.status === 502,
  );
  const otherFailures = failed.filter((record) => !cutOff.includes(record));
  const afterKill = records.filter((record) => record.startedAt >= killedAt);
  const writtenAfterKill = afterKill.filter((record) => record.written).length;
  const seen = await rowsSeenThroughApi(proxyUrl, seeded);
  const writes = compareWrites(records, seen);
  const rps = (list: RequestRecord[], ms: number) => Math.round(list.length / (ms / 1000));
  const beforeKill = records.filter((record) => record.startedAt < killSentAt);
  return {
    checks: [
      check(
        'one instance killed during a write load: the load goes on through the other two',
        otherFailures.length === 0 && writtenAfterKill > 0,
        `${count(records.length)} requests, ${count(afterKill.length)} started after the kill with ` +
          `${afterKill.filter((r) => !r.isOk).length} failed; ${cutOff.length} in flight on the killed instance answered 502` +
          (otherFailures.length > 0
            ? `; other failures: ${failureSummary(otherFailures)}, started at ${otherFailures
                .map((record) => `${(record.startedAt / 1000).toFixed(1)} s`)
                .join(', ')} (the kill at ${(killSentAt / 1000).toFixed(1)} s)`
            : ''),
      ),
      check(
        'every acknowledged write is found afterwards (through nginx)',
        writes.missing === 0 && writes.acknowledged > 0,
        `${count(writes.acknowledged)} acknowledged, ${count(writes.found)} found, ${writes.missing} missing`,
      ),
    ],
    figures: [
      `- Write load through nginx: ${connections} connections, ${writers} users saving verses, writing journal entries and reading their session; instance #2 got SIGKILL after ${(killSentAt / 1000).toFixed(1)} s, the load went on ${(loadAfterKillMs / 1000).toFixed(0)} s more.`,
      `- Requests: ${count(records.length)} in ${(elapsedMs / 1000).toFixed(1)} s (${count(rps(beforeKill, killSentAt))} req/s on three instances, ${count(rps(afterKill, elapsedMs - killedAt))} req/s on two); failed: ${failed.length} (${cutOff.length} cut off by the kill: POSTs nginx had already sent, answered 502 and not sent again).`,
      `- Writes acknowledged (201): ${count(writes.acknowledged)} (${count(writtenAfterKill)} after the kill); found afterwards: ${count(writes.found)}; lost: ${writes.missing}; committed without an answer: ${writes.unacknowledged}.`,
    ],
  };
}

type ReminderSettings = {
  daily_verse_notifications: boolean;
  journal_reminders: boolean;
  reminder_days: Weekday[];
  reminder_time: string;
  reminder_timezone: string;
};

/** A spread of settings: every zone, times over the day, some weekdays only, some kinds off. */
function reminderSettings(i: number): ReminderSettings {
  const zone = zones[i % zones.length] as string;
  // Quarter hours up to 22:45: a reminder is due until the end of its local day, and on the fast
  // clock a busy tick may skip simulated minutes (a real tick would have to take an hour).
  const quarter = (i * 37) % 92;
  let time = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
  // 02:30 does not exist on 9 March in the US zones: due when the clock jumps past it.
  if (i % 10 === 3 && zone.startsWith('America/')) time = '02:30';
  const days: Weekday[] =
    i % 7 === 5
      ? ['sunday']
      : i % 5 === 4
        ? ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']
        : [...weekdays];
  return {
    journal_reminders: i % 6 !== 1 && i % 17 !== 16,
    daily_verse_notifications: i % 6 !== 0 && i % 17 !== 16,
    reminder_days: days,
    reminder_time: time,
    reminder_timezone: zone,
  };
}

/**
 * The local dates each kind is due on at some moment of the day (product §3 rule), with the
 * first moment. Whether a reminder is due changes only at a reminder time or at a local midnight,
 * which here always fall on a quarter hour of UTC (every zone's offset is a whole quarter hour), so
 * looking every 15 minutes sees every change.
 */
function expectedReminders(settings: ReminderSettings): Map<ReminderType, Map<string, number>> {
  const expected = new Map<ReminderType, Map<string, number>>();
  const start = Date.parse(day.from);
  for (let at = start; at <= Date.parse(day.to); at += 15 * minuteMs) {
    const date = reminderDueDate(settings, new Date(at));
    if (date === null) continue;
    for (const type of reminderTypes) {
      const isOn =
        type === 'journal_reminder'
          ? settings.journal_reminders
          : settings.daily_verse_notifications;
      if (!isOn) continue;
      const dates = expected.get(type) ?? new Map<string, number>();
      // The first minute it is due, for how late it arrived.
      if (!dates.has(date)) dates.set(date, at);
      expected.set(type, dates);
    }
  }
  return expected;
}

async function seedReminderUsers(
  target: DatabaseTarget,
): Promise<{ user: SeededUser; settings: ReminderSettings }[]> {
  const users = await seedUsers(target, reminderUsers, { migrate: false, name: 'zone' });
  const database = openDatabase(target);
  try {
    const seeded = [];
    for (const [i, user] of users.entries()) {
      const settings = reminderSettings(i);
      // Written straight to the table, so the next tick is told to look as the service would.
      await database.db
        .updateTable('user_settings')
        .set({ ...settings, ...dailyRemindersFollow(settings) })
        .where('user_id', '=', user.id)
        .execute();
      seeded.push({ user, settings });
    }
    return seeded;
  } finally {
    await database.close();
  }
}

type DayOutcome = { checks: Check[]; figures: string[] };

async function simulatedDay(
  targets: DatabaseTarget[],
  ports: number[],
  proxyUrl: string,
  startupMs: number,
): Promise<DayOutcome> {
  const people = await seedReminderUsers(targets[0] as DatabaseTarget);
  const spawnedAt = Date.now();
  // The simulated day begins once the instances are surely up (their start-up time before, with
  // room); until then their clocks read its first minute.
  const startsAt = new Date(spawnedAt + Math.max(3000, Math.round(startupMs * 2) + 1000));
  const dayRealMs = (Date.parse(day.to) - Date.parse(day.from)) / speed;
  const instances = await startInstances(
    targets,
    ports,
    {
      // The simulation is refused in production; nothing else differs but the dev endpoints.
      NODE_ENV: 'development',
      TRUST_PROXY: 'true',
      PUBLIC_URL: proxyUrl,
      LOG_LEVEL: 'info',
      REMINDER_SIMULATION: JSON.stringify({ ...day, startsAt: startsAt.toISOString(), speed }),
    },
    'reminders',
  );
  const readyAt = Date.now();
  await sleep(Math.max(0, startsAt.getTime() + dayRealMs + 1500 - Date.now()));

  // What each person sees: their notification list, through nginx.
  const pushes = new Map<string, number[]>();
  const logs = instances.map((server) => logLines(server.logFile));
  for (const [i, lines] of logs.entries()) {
    for (const line of lines) {
      if (line.msg !== 'reminder pushed' || typeof line.notification !== 'string') continue;
      pushes.set(line.notification, [...(pushes.get(line.notification) ?? []), i + 1]);
    }
  }
  let expectedCount = 0;
  let receivedCount = 0;
  let pushedOnce = 0;
  let maxLateMinutes = 0;
  const problems: string[] = [];
  const pushProblems: string[] = [];
  const byInstance = [0, 0, 0];
  for (const { user, settings } of people) {
    const expected = expectedReminders(settings);
    const items = await readAllPages<{ id: string; type: string; created_at: string }>(
      proxyUrl,
      '/api/notifications',
      user.cookie,
    );
    for (const type of reminderTypes) {
      const want = expected.get(type) ?? new Map<string, number>();
      expectedCount += want.size;
      const got = items.filter((item) => item.type === type);
      receivedCount += got.length;
      const perDate = new Map<string, number>();
      for (const item of got) {
        // Created at a tick when it was due: on its local day, in the person's zone.
        const date = localMoment(new Date(item.created_at), settings.reminder_timezone).date;
        perDate.set(date, (perDate.get(date) ?? 0) + 1);
        const dueAt = want.get(date);
        if (dueAt !== undefined) {
          maxLateMinutes = Math.max(
            maxLateMinutes,
            (Date.parse(item.created_at) - dueAt) / minuteMs,
          );
        }
        const pushedBy = pushes.get(item.id) ?? [];
        if (pushedBy.length === 1) pushedOnce += 1;
        else pushProblems.push(`${item.id} pushed by [${pushedBy.join(', ')}]`);
        for (const n of pushedBy) byInstance[n - 1] = (byInstance[n - 1] ?? 0) + 1;
      }
      const dates = [...new Set([...want.keys(), ...perDate.keys()])].sort();
      for (const date of dates) {
        const times = perDate.get(date) ?? 0;
        if (times !== (want.has(date) ? 1 : 0)) {
          problems.push(
            `${settings.reminder_timezone} ${settings.reminder_time} ${type} ${date}: ${times} (expected ${want.has(date) ? 1 : 0})`,
          );
        }
      }
    }
  }
  const running = instances.map((server) => server.isRunning());
  const exitCodes = await Promise.all(instances.map((server) => server.stop()));
  const errors = logs.flatMap((lines) => lines.filter((line) => (line.level ?? 0) >= 50));
  return {
    checks: [
      check(
        'the three instances were ready before the simulated day began',
        readyAt <= startsAt.getTime(),
        `ready ${((readyAt - spawnedAt) / 1000).toFixed(1)} s after starting, the day began after ${((startsAt.getTime() - spawnedAt) / 1000).toFixed(1)} s`,
      ),
      check(
        'a simulated day of reminders: each person got each reminder exactly once per local day',
        problems.length === 0 && expectedCount > 0,
        `${count(expectedCount)} expected, ${count(receivedCount)} in the people's notification lists` +
          (problems.length > 0 ? `; wrong: ${problems.slice(0, 5).join('; ')}` : ''),
      ),
      check(
        'each reminder was pushed by exactly one instance',
        pushProblems.length === 0 && pushedOnce === receivedCount,
        `${count(pushedOnce)} of ${count(receivedCount)} pushed once` +
          (pushProblems.length > 0 ? `; ${pushProblems.slice(0, 3).join('; ')}` : ''),
      ),
      check(
        'the instances ticked without an error and stopped cleanly',
        errors.length === 0 && running.every(Boolean) && exitCodes.every((code) => code === 0),
        `${errors.length} error lines; exit codes ${exitCodes.join(', ')}`,
      ),
    ],
    figures: [
      `- Simulated day (${day.from.slice(0, 16)}Z to ${day.to.slice(0, 16)}Z, 24 h in ${(dayRealMs / 1000).toFixed(0)} s: REMINDER_SIMULATION, a development setting) on three new instances, each running its scheduler's tick every simulated minute: ${reminderUsers} people in ${zones.length} time zones (UTC+14 to UTC−11, the US and Newfoundland moving to summer time that night), reminder times over the day, some on weekdays only or Sundays only, some with one kind or both off.`,
      `- Reminders expected (journal reminders and verses of the day, one per local day on their days): ${count(expectedCount)}; received: ${count(receivedCount)}; wrong: ${problems.length}; latest arrival ${maxLateMinutes.toFixed(0)} simulated minutes after due.`,
      `- Pushed by instance #1, #2, #3: ${byInstance.map(count).join(', ')}; pushed twice: ${pushProblems.length}.`,
    ],
  };
}

export async function runInstances(cluster: PostgresCluster): Promise<ScenarioResult> {
  const started = performance.now();
  const nginxBinary = findNginx();
  if (!nginxBinary) {
    throw new Error(
      'This scenario needs nginx (/usr/sbin/nginx; on Debian: apt-get install nginx).',
    );
  }
  const url = await cluster.createDatabase('instances');
  const targets = instanceTargets(url);
  const ports: number[] = [];
  for (let i = 0; i < instanceCount; i += 1) ports.push(await freePort());
  // The built client, which nginx serves its /assets/ from and the instances their pages.
  const clientDir = path.join(tempDir('client'), 'client');
  buildClient(clientDir);
  const proxy = await startNginx(
    nginxBinary,
    ports.map((port) => `http://127.0.0.1:${port}`),
    clientDir,
  );
  try {
    const startStarted = performance.now();
    const instances = await startInstances(
      targets,
      ports,
      {
        TRUST_PROXY: 'true',
        PUBLIC_URL: proxy.url,
        LOG_LEVEL: 'info',
        CLIENT_DIR: clientDir,
        // The production limits: the sign-in limit per address is checked as shipped (the load
        // tests' scale would raise it along with the writes').
        WRITE_LIMIT_SCALE: '1',
      },
      'production',
    );
    const startupMs = performance.now() - startStarted;
    const checks: Check[] = [];
    checks.push(
      ...(await migrationCheck(
        targets[0] as DatabaseTarget,
        instances.map((server) => logLines(server.logFile)),
      )),
    );
    checks.push(...(await siteChecks(proxy, clientDir)));
    checks.push(await sessionCheck(instances, proxy.url));
    const signIn = await signInLimitCheck(proxy.url);
    checks.push(signIn.check);
    const seeded = await seedUsers(targets[0] as DatabaseTarget, writers, {
      migrate: false,
      name: 'writer',
    });
    const kill = await killDuringLoad(instances, proxy.url, seeded);
    checks.push(...kill.checks);
    const survivors = instances.filter((server) => server.isRunning());
    const exitCodes = await Promise.all(survivors.map((server) => server.stop()));
    checks.push(
      check(
        'the two instances left stop cleanly on SIGTERM',
        survivors.length === instanceCount - 1 && exitCodes.every((code) => code === 0),
        `${survivors.length} running, exit codes ${exitCodes.join(', ')}`,
      ),
    );

    const reminders = await simulatedDay(targets, ports, proxy.url, startupMs);
    checks.push(...reminders.checks);
    return {
      section: 'instances',
      title: 'Three instances on PostgreSQL behind nginx',
      seconds: (performance.now() - started) / 1000,
      checks,
      figures: [
        `Three instances (\`node src/server/main.ts\`, \`TRUST_PROXY=true\`, one PostgreSQL database, a DATA_DIR each) behind ${nginxVersion(nginxBinary)} with the deployment's site (\`deploy/nginx/grounded.conf\`: TLS with a test certificate, HTTP/2, round robin, \`proxy_next_upstream error timeout http_502 http_503\`), started at the same moment on a fresh database: all three answered /api/health after ${(startupMs / 1000).toFixed(1)} s.`,
        '',
        signIn.figure,
        ...kill.figures,
        ...reminders.figures,
      ],
    };
  } finally {
    await proxy.stop();
  }
}
