// A PostgreSQL cluster of the run's own (initdb in a temp dir, a free loopback port), so that
// the outage test can stop and start it without touching anyone else's database. As root, the
// server binaries run as the postgres user (they refuse root), like .ci/run does.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { onCleanup } from './cleanup.ts';
import { freePort } from './server.ts';

const run = promisify(execFile);

export type PostgresCluster = {
  version: string;
  port: number;
  /** A connection string for a new, empty database of this cluster. */
  createDatabase: (name: string) => Promise<string>;
  /** pg_ctl stop -m fast: open sessions are ended, as in a restart or a failover. */
  stop: () => Promise<void>;
  /** pg_ctl start, returning once the server accepts connections. */
  start: () => Promise<void>;
  destroy: () => void;
};

/** The newest /usr/lib/postgresql/<version>/bin that has initdb, or undefined. */
export function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((version) => fs.existsSync(path.join(base, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

const isRoot = process.getuid?.() === 0;

function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  // A short path: the Unix socket lives here too, and socket paths are limited to ~107 bytes.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-rel-pg-'));
  if (isRoot) {
    const { uid, gid } = postgresIds();
    fs.chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) => {
    const [command, commandArgs] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
    return run(command, commandArgs, { cwd: dir });
  };
  const removeDir = onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  const [initdb, initdbArgs] = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '--auth=trust',
    '-U',
    'postgres',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  await run(initdb, initdbArgs, { cwd: dir });
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`;
  const start = async () => {
    await pgCtl('-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start');
  };
  await start();
  const stopNow = onCleanup(() => {
    const [command, args] = asPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      'stop',
      '-m',
      'immediate',
    ]);
    spawnSync(command, args, { cwd: dir, stdio: 'ignore' });
  });
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
  const versionLine = (await run(path.join(bin, 'postgres'), ['--version'])).stdout;
  const version = /\(PostgreSQL\) (\S+)/.exec(versionLine)?.[1] ?? versionLine.trim();
  return {
    version,
    port,
    createDatabase: async (name) => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop: async () => {
      await pgCtl('stop', '-m', 'fast', '-w');
    },
    start,
    destroy: () => {
      stopNow();
      removeDir();
    },
  };
}
