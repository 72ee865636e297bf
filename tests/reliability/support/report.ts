// docs/reliability.md, written from a full run (`npm run test:reliability -- --write-docs`), so
// that the figures in the docs are always ones a run produced.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import * as prettier from 'prettier';
import { reliabilitySections, type ReliabilitySection, type ScenarioResult } from './result.ts';
import { root } from './server.ts';

/** Where the hand-written security section of docs/reliability.md starts. */
const securityHeading = '## Security: the outside review';

const sectionTitles: Record<ReliabilitySection, string> = {
  load: 'Load',
  crash: 'Crash',
  outage: 'Database outage',
  backups: 'Backups',
  instances: 'Several instances',
};

/** What each section's scenarios do, in words; the figures under it come from the run. */
const sectionMethods: Record<ReliabilitySection, string> = {
  load: `100 users are created with the server's own functions, each with a live session (sign-up is
rate-limited to 20 an hour per address), before the server starts. 50 connections then send, for
60 s on each database, a mix of chapter reads over all 1,189 chapters, searches (words, phrases,
references), saved verses and journal entries, each write with the site's Origin and the user's
session cookie. Pass: no request answered other than 2xx and no socket error; every acknowledged
write (201 with the new id) is a row of that user afterwards, and no row exists that was not
acknowledged; the server's RSS (\`/proc/<pid>/status\`, every second) grows by at most 10% over the
second half; and the server stops cleanly on SIGTERM.`,
  crash: `50 connections write saved verses and journal entries for 20 users; after 2 s (and at least
200 acknowledged writes) the server gets SIGKILL with requests in flight. On SQLite the file the
kill left passes \`PRAGMA integrity_check\`; the server then starts again on the same data and every
acknowledged write is read back through the API (\`GET /api/saved-verses\`, \`GET /api/journal\`,
page by page: 100 items a page, following \`next_cursor\`).
Requests cut off by the kill may have committed; they show up as rows nobody was told about, which
is allowed (the client saw an error and may retry).`,
  outage: `The run's own PostgreSQL cluster is stopped with \`pg_ctl stop -m fast\` (what a restart or a
failover does to open sessions) under 50 connections of mixed traffic, and started again 10 s
later. Pass: the server process stays up; every failed request is
\`503 { "error": "SERVICE_UNAVAILABLE", "message": … }\` and no answer takes longer than 5 s;
\`/api/health\` answers \`503 { "database": "down" }\` meanwhile; database requests succeed again
without a restart once PostgreSQL is back; no acknowledged write is lost. What makes this hold:
connection errors are mapped to 503 in one place (\`src/server/db/errors.ts\`, used by the error
handler); the pool gives up waiting for a connection after 3 s; and every pooled client has an
'error' listener, because a client that loses its server while checked out emits 'error', which
without a listener ends the process (it did, before this change).
Not covered: a network partition in the middle of a query (the server neither answers nor closes
the connection) is noticed by TCP keepalive, not within 5 s; there is no statement timeout because
migrations wait on a lock that another starting instance may hold for longer.`,
  instances: `Three instances of the real server (\`node src/server/main.ts\`, \`NODE_ENV=production\`,
\`TRUST_PROXY=true\`, \`LOG_LEVEL=info\`, a \`DATA_DIR\` each) are started at the same moment on one fresh
PostgreSQL database, behind nginx (its own prefix, config and logs in a temp dir; one worker, round
robin, \`proxy_next_upstream error timeout http_502 http_503\`, \`X-Forwarded-For\` set to the client's
address). Checks: \`kysely_migration\` holds each migration of \`src/server/db/migrations\` exactly
once, one instance logged "database migrated" and none logged an error (Kysely's migrator takes a
PostgreSQL advisory lock); a person signs up on instance 1 and the session cookie is accepted by
each instance directly; failed sign-ins for different unknown accounts go through nginx (so over
the three instances in turn): exactly the configured number per address (\`signInPerIp\`) is
allowed, then 429, which needs the counters every instance shares (decision 012); 24
connections save verses, write journal entries and read their session through nginx, one instance
gets SIGKILL after 2.5 s (and at least 150 acknowledged writes) and the load goes on 4 s through the
other two: the only failures allowed
are the 502s of requests the killed instance had already been sent (nginx never sends a POST twice:
the instance may have written it), nothing fails after the kill, and every acknowledged write is
found afterwards through the API. Then three new instances (\`NODE_ENV=development\`: the simulation
is refused in production) play a day of reminders on a fast clock (\`REMINDER_SIMULATION\`,
\`src/server/dev/reminder-simulation.ts\`: the scheduler's clock only, 24 h in 30 s, the same
simulated time on every instance), each instance ticking every simulated minute as in production.
People in time zones from UTC+14 to UTC−11 (half and three-quarter hours, and the night the US and
Newfoundland move to summer time, with a 02:30 reminder that does not exist that day) have reminder
times over the day up to 22:45 (a reminder is due until its local day ends; under load a tick on
the fast clock may skip simulated minutes, which in real time would take an hour), some on weekdays
or Sundays only, some with one kind or both off. Pass: each person's notification list (through
nginx) holds exactly one journal reminder and one verse of the day per local day they were due on
(by the product §3 rule, \`reminderDueDate\`, looked at every 15 simulated minutes: every reminder
time and local midnight here falls on a quarter hour), none missing and none twice; each was pushed by exactly one instance (the simulation logs every push; only the instance
whose insert created the row pushes it, decision 003); the instances stop cleanly.`,
  backups: `20 connections write while \`npm run backup\` runs (SQLite's online backup API, all pages in one
step, so that writes cannot make it start over); then \`npm run restore\` is tried while the server
runs and on a file that is not a Grounded database (both refused), and run again after the server
stops. Pass: the backup holds every write acknowledged before it started, the restored file passes
\`integrity_check\` and \`foreign_key_check\`, the replaced database is kept as
\`grounded.before-restore-<time>.db\` with every acknowledged write, and the server serves the
restored rows. With \`DATABASE_URL\` set, both commands explain the \`pg_dump\` / \`pg_restore\`
commands (README, "Backups").`,
};

/** The median time of a single-row commit with synchronous=FULL here: what one WAL fsync costs. */
export function measureCommitMs(dir: string): number {
  const file = path.join(dir, 'commit-cost.db');
  const database = new SqliteDatabase(file);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.exec('create table t (n integer)');
    const insert = database.prepare('insert into t values (?)');
    const times: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const start = performance.now();
      insert.run(i);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[50] ?? 0;
  } finally {
    database.close();
  }
}

export async function writeReport(options: {
  results: ScenarioResult[];
  postgresVersion: string;
  commitMs: number;
  /** The 1-minute load average when the run started: other work on the machine. */
  loadAverage: number;
  totalSeconds: number;
}): Promise<string> {
  const { postgresVersion, commitMs, loadAverage, totalSeconds } = options;
  // In the page's order of sections, whatever order the scenarios ran in.
  const order = (result: ScenarioResult) => reliabilitySections.indexOf(result.section);
  const results = [...options.results].sort((a, b) => order(a) - order(b));
  const checks = results.flatMap((result) => result.checks);
  const passed = checks.filter((c) => c.passed).length;
  const cpu = os.cpus();
  const lines = [
    '# Reliability',
    '',
    'What the server does under load, when it is killed, when its database goes away, when it is backed up and ' +
      'restored, and as three instances behind nginx. Every figure here comes from one run of',
    '',
    '```sh',
    'npm run test:reliability -- --write-docs',
    '```',
    '',
    'which CI also runs (`.ci/run`, after `npm test`; without `--write-docs`). It starts the real server ' +
      '(`node src/server/main.ts` with `NODE_ENV=production`, `LOG_LEVEL=warn`) as a child process on a fresh ' +
      '`DATA_DIR`, on SQLite and on PostgreSQL in a cluster of its own (initdb on a free loopback port), and ' +
      'drives it over HTTP from the same machine (the instances scenario: three of them, and nginx). The load comes from a fixed pool of keep-alive connections, ' +
      'one request at a time each, so that the outcome of every request and every acknowledged write is known. ' +
      'The run exits non-zero when a check fails. These are behaviour checks; speed targets live in ' +
      '[benchmarks.md](benchmarks.md).',
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ` +
      `Node ${process.version}, ${os.type()} ${os.release()}, PostgreSQL ${postgresVersion}. ` +
      `Date: ${new Date().toISOString().slice(0, 10)}. Whole run: ${Math.floor(totalSeconds / 60)} min ${Math.round(totalSeconds % 60)} s. ` +
      `Result: ${passed} of ${checks.length} checks passed.`,
    '',
    'Reading the figures: the load generator, the server and PostgreSQL share the same cores, and other work ' +
      `may run beside them (1-minute load average when the run started: ${loadAverage.toFixed(1)}). On SQLite an answer to a write waits for an fsync of the WAL, which runs off the server's ` +
      `thread and is shared by every write waiting at that moment (group commit, decision 004); one fsync (a single-row commit with ` +
      `\`synchronous=FULL\`) took ${commitMs.toFixed(1)} ms here (median of 100, measured right after the run), the least a write waits.`,
    '',
    '| Scenario | Result |',
    '| --- | --- |',
    ...results.map((result) => {
      const failed = result.checks.filter((c) => !c.passed).length;
      return `| ${result.title} | ${failed === 0 ? 'pass' : `**FAIL** (${failed} checks)`} |`;
    }),
  ];
  for (const section of [...new Set(results.map((result) => result.section))]) {
    lines.push('', `## ${sectionTitles[section]}`, '', sectionMethods[section]);
    for (const result of results.filter((r) => r.section === section)) {
      lines.push(
        '',
        `### ${result.title} (${Math.round(result.seconds)} s)`,
        '',
        ...result.figures,
        '',
        'Checks:',
        '',
      );
      for (const c of result.checks) {
        lines.push(`- ${c.passed ? 'Pass' : '**FAIL**'}: ${c.label} (${c.detail}).`);
      }
    }
  }
  const file = path.join(root, 'docs', 'reliability.md');
  // The security section is written by hand (its tests run in `npm test`): kept as it is.
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const securityAt = previous.indexOf(securityHeading);
  if (securityAt !== -1) lines.push('', previous.slice(securityAt).trimEnd());
  const config = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(
    file,
    await prettier.format(lines.join('\n'), { ...config, parser: 'markdown' }),
  );
  return file;
}
