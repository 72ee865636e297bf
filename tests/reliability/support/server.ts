// The real server in a child process, as production runs it (NODE_ENV=production, its own
// DATA_DIR), on SQLite or on a PostgreSQL database the run controls.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';

export const root = path.resolve(import.meta.dirname, '../../..');

/** Where a server keeps its data: DATA_DIR always, and a PostgreSQL database when url is set. */
export type DatabaseTarget =
  { dialect: 'sqlite'; dataDir: string } | { dialect: 'postgres'; dataDir: string; url: string };

export type ServerProcess = {
  /**
   * http://127.0.0.1:<port>; also the PUBLIC_URL (the Origin writes must carry) unless the
   * options set another (a proxy's).
   */
  url: string;
  pid: number;
  logFile: string;
  isRunning: () => boolean;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s); resolves with the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill: () => Promise<void>;
};

export { freePort } from '#scripts/lib/free-port.ts';

export function sqliteFile(target: DatabaseTarget): string {
  return path.join(target.dataDir, 'grounded.db');
}

/** The environment of our scripts and server for this target (never the caller's DATABASE_URL). */
export function serverEnv(target: DatabaseTarget): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.dialect === 'postgres' ? target.url : '',
    // A hundred seeded people write thousands of times a second here, far faster than anyone
    // does: the per-person write limits still run (and cost what they cost), but never refuse.
    WRITE_LIMIT_SCALE: '1000000',
  };
}

export function logTail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.isRunning()) {
      throw new Error(`The server exited while starting. Log:\n${logTail(server.logFile)}`);
    }
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The server was not healthy within ${timeoutMs} ms. Log:\n${logTail(server.logFile)}`,
  );
}

export type ServerOptions = {
  /** Added to the server's environment, overriding the defaults below (e.g. PUBLIC_URL). */
  env?: NodeJS.ProcessEnv;
  /** server.log in DATA_DIR by default; several instances on one target need one each. */
  logFile?: string;
  /** How long it may take to answer /api/health: 60 s by default. */
  healthTimeoutMs?: number;
};

/** Starts `node src/server/main.ts` on the port and waits until /api/health answers 200. */
export async function startServer(
  target: DatabaseTarget,
  port: number,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const logFile = options.logFile ?? path.join(target.dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...serverEnv(target),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // One log line per request would cost the server more than some requests do.
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const forget = onCleanup(() => {
    if (isRunning()) child.kill('SIGKILL');
  });
  const server: ServerProcess = {
    url,
    pid: child.pid ?? 0,
    logFile,
    isRunning,
    stop: async () => {
      if (isRunning()) child.kill('SIGTERM');
      const timer = setTimeout(() => isRunning() && child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      forget();
      return code;
    },
    kill: async () => {
      if (isRunning()) child.kill('SIGKILL');
      await exited;
      forget();
    },
  };
  try {
    await waitForHealthy(server, options.healthTimeoutMs);
  } catch (error) {
    // A server that never became healthy is not left running (it would keep the run alive).
    await server.kill();
    throw error;
  }
  return server;
}

/** The process's resident memory in KiB (Linux /proc), or undefined once it has exited. */
export function residentKb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
