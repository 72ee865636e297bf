// PostgreSQL for the signed-in benchmark: BENCH_DATABASE_URL when set, otherwise a throwaway
// cluster in a temp dir on a free loopback port (default durability settings: fsync and
// synchronous_commit on, like SQLite's synchronous=FULL), stopped and deleted afterwards.
// As root, initdb and pg_ctl run as the postgres user, as .ci/run does.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { freePort } from './processes.ts';

export type Postgres = {
  url: string;
  /** Where it came from, for the report. */
  description: string;
  stop: () => void;
  /** The postmaster's pid (its backends are its children), for CPU time; null when not ours. */
  pid: () => number | null;
};

function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((name) => fs.existsSync(path.join(base, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/** The database to use, or the reason there is none (printed in the report). */
export async function startPostgres(): Promise<Postgres | { skipped: string }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    return { url: given, description: '`BENCH_DATABASE_URL`', stop: () => {}, pid: () => null };
  }
  const bin = findPgBin();
  if (!bin) {
    return {
      skipped:
        'PostgreSQL skipped: `BENCH_DATABASE_URL` is not set and there are no PostgreSQL binaries in /usr/lib/postgresql/*/bin (`apt-get install postgresql`, or set `BENCH_DATABASE_URL`).',
    };
  }
  const isRoot = process.getuid?.() === 0;
  // A short path: the Unix socket lives here too, and socket paths are limited to ~107 bytes.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-bench-pg-'));
  const data = path.join(dir, 'data');
  const run = (command: string, args: string[]) => {
    const options: SpawnSyncOptions = { cwd: dir, encoding: 'utf8' };
    const result = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], options)
      : spawnSync(path.join(bin, command), args, options);
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}): ${String(result.stderr)}`);
    }
  };
  let isRunning = false;
  // pg_ctl is synchronous, so the exit hook can stop the cluster too.
  const stop = onCleanup(() => {
    try {
      if (isRunning) run('pg_ctl', ['-D', data, 'stop', '-m', 'fast']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  if (isRoot) spawnSync('chown', ['postgres', dir]);
  run('initdb', [
    '-D',
    data,
    '--auth=trust',
    '-U',
    'postgres',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  const port = await freePort();
  isRunning = true;
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`,
    'start',
  ]);
  const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    description: `a throwaway ${version.stdout.trim().replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')} cluster started by the bench (default settings: fsync and synchronous_commit on; set \`BENCH_DATABASE_URL\` to use another database)`,
    stop,
    pid: () => {
      try {
        return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return null;
      }
    },
  };
}
