// `npm run test:reliability`: the real server in a child process under load, killed, with its
// database stopped, and backed up and restored, on SQLite and on PostgreSQL in a cluster this run
// creates (it needs PostgreSQL's binaries: /usr/lib/postgresql/<version>/bin), and three
// instances behind nginx (it needs nginx: /usr/sbin/nginx).
// Exits non-zero when a check fails. docs/reliability.md explains each check and its figures.
//   node tests/reliability/run.ts [--write-docs] [--sqlite-only] [scenario ...]
// While developing: name scenarios to run only those, and LOAD_SECONDS=5 shortens the load test.
// --write-docs writes docs/reliability.md, from a full run only.
import os from 'node:os';
import { runBackup } from './scenarios/backup.ts';
import { runCrash } from './scenarios/crash.ts';
import { runDrill } from './scenarios/drill.ts';
import { runInstances } from './scenarios/instances.ts';
import { runLoad } from './scenarios/load.ts';
import { runOutage } from './scenarios/outage.ts';
import { tempDir } from './support/cleanup.ts';
import {
  findPostgresBin,
  startPostgresCluster,
  type PostgresCluster,
} from './support/postgres-cluster.ts';
import { measureCommitMs, writeReport } from './support/report.ts';
import { check, type ReliabilitySection, type ScenarioResult } from './support/result.ts';
import type { DatabaseTarget } from './support/server.ts';

const fullLoadSeconds = 60;

type Scenario = {
  name: string;
  section: ReliabilitySection;
  title: string;
  needsPostgres: boolean;
  run: (cluster: PostgresCluster) => Promise<ScenarioResult>;
};

function sqliteTarget(prefix: string): DatabaseTarget {
  return { dialect: 'sqlite', dataDir: tempDir(prefix) };
}

async function postgresTarget(cluster: PostgresCluster, name: string): Promise<DatabaseTarget> {
  return { dialect: 'postgres', dataDir: tempDir(name), url: await cluster.createDatabase(name) };
}

const loadSeconds = Number(process.env.LOAD_SECONDS || fullLoadSeconds);

// The outage comes after the other PostgreSQL scenarios, as it stops
// the cluster they share; the report puts the results in the order of its sections.
const scenarios: Scenario[] = [
  {
    name: 'load-sqlite',
    section: 'load',
    title: 'Load on SQLite',
    needsPostgres: false,
    run: () => runLoad(sqliteTarget('load'), loadSeconds),
  },
  {
    name: 'load-postgres',
    section: 'load',
    title: 'Load on PostgreSQL',
    needsPostgres: true,
    run: async (cluster) => runLoad(await postgresTarget(cluster, 'load'), loadSeconds),
  },
  {
    name: 'crash-sqlite',
    section: 'crash',
    title: 'Crash on SQLite',
    needsPostgres: false,
    run: () => runCrash(sqliteTarget('crash')),
  },
  {
    name: 'crash-postgres',
    section: 'crash',
    title: 'Crash on PostgreSQL',
    needsPostgres: true,
    run: async (cluster) => runCrash(await postgresTarget(cluster, 'crash')),
  },
  {
    name: 'instances',
    section: 'instances',
    title: 'Three instances on PostgreSQL behind nginx',
    needsPostgres: true,
    run: (cluster) => runInstances(cluster),
  },
  {
    name: 'backup-sqlite',
    section: 'backups',
    title: 'Backup and restore on SQLite',
    needsPostgres: false,
    run: () => runBackup(sqliteTarget('backup')),
  },
  {
    name: 'drill-sqlite',
    section: 'backups',
    title: 'The restore drill of docs/operations.md on SQLite',
    needsPostgres: false,
    run: () => runDrill(sqliteTarget('drill')),
  },
  {
    name: 'drill-postgres',
    section: 'backups',
    title: 'The restore drill of docs/operations.md on PostgreSQL',
    needsPostgres: true,
    run: async (cluster) => runDrill(await postgresTarget(cluster, 'drill')),
  },
  {
    name: 'outage-postgres',
    section: 'outage',
    title: 'Database outage on PostgreSQL',
    needsPostgres: true,
    run: async (cluster) => runOutage(cluster, await postgresTarget(cluster, 'outage')),
  },
];

const args = process.argv.slice(2);
const writeDocs = args.includes('--write-docs');
const sqliteOnly = args.includes('--sqlite-only');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknownArgs = args.filter(
  (arg) =>
    !['--write-docs', '--sqlite-only'].includes(arg) && !scenarios.some((s) => s.name === arg),
);
if (unknownArgs.length > 0) {
  console.error(
    `Unknown argument ${unknownArgs.join(', ')}. Scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
if (writeDocs && (names.length > 0 || sqliteOnly || loadSeconds !== fullLoadSeconds)) {
  console.error('--write-docs needs the full run: every scenario, and no LOAD_SECONDS.');
  process.exit(2);
}
const selected = scenarios.filter(
  (scenario) =>
    (names.length === 0 || names.includes(scenario.name)) &&
    !(sqliteOnly && scenario.needsPostgres),
);

const runStarted = performance.now();
const loadAverage = os.loadavg()[0] ?? 0;
let cluster: PostgresCluster | undefined;
if (selected.some((scenario) => scenario.needsPostgres)) {
  const bin = findPostgresBin();
  if (!bin) {
    console.error(
      'The PostgreSQL scenarios need PostgreSQL (/usr/lib/postgresql/<version>/bin; on Debian: ' +
        'apt-get install postgresql). Run with --sqlite-only to leave them out.',
    );
    process.exit(2);
  }
  cluster = await startPostgresCluster(bin);
  console.log(`PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port} (a cluster of this run)`);
}

const results: ScenarioResult[] = [];
for (const scenario of selected) {
  console.log(`\n=== ${scenario.name} ===`);
  const started = performance.now();
  let result: ScenarioResult;
  try {
    if (scenario.needsPostgres && !cluster) throw new Error('no PostgreSQL cluster');
    result = await scenario.run(cluster as PostgresCluster);
  } catch (error) {
    // A scenario that cannot finish (a server that does not start, say) is a failure to report,
    // not a reason to skip the others.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    result = {
      section: scenario.section,
      title: scenario.title,
      seconds: (performance.now() - started) / 1000,
      checks: [check('the scenario ran to the end', false, message)],
      figures: [],
    };
  }
  for (const { label, passed, detail } of result.checks) {
    console.log(`${passed ? 'PASS' : 'FAIL'}  ${label}: ${detail}`);
  }
  console.log(result.figures.join('\n'));
  results.push(result);
}
cluster?.destroy();

const failed = results.flatMap((result) =>
  result.checks.filter((c) => !c.passed).map((c) => `${result.title}: ${c.label}`),
);
console.log(
  failed.length === 0
    ? `\nAll ${results.length} reliability scenarios passed.`
    : `\nFAILED:\n${failed.join('\n')}`,
);
if (writeDocs) {
  const file = await writeReport({
    results,
    postgresVersion: cluster?.version ?? 'not run',
    commitMs: measureCommitMs(tempDir('commit')),
    loadAverage,
    totalSeconds: (performance.now() - runStarted) / 1000,
  });
  console.log(`Wrote ${file}`);
}
process.exitCode = failed.length === 0 ? 0 : 1;
