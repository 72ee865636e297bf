// Our server as `npm start` runs it once the client is built (NODE_ENV=production, logging to
// a file at the default level unless told otherwise), in its own process: the load generator
// never shares its event loop.
import path from 'node:path';
import { tempDir } from './cleanup.ts';
import { freePort, startChild, waitUntilAnswering, type Child } from './processes.ts';

const root = path.resolve(import.meta.dirname, '..');

export type AppServer = {
  url: string;
  child: Child;
  /** Time from spawn to the first answered health check. */
  startMs: number;
  /** The temp dir holding DATA_DIR and the log (SQLite database in it unless databaseUrl). */
  dir: string;
  stop: () => Promise<void>;
};

export async function startAppServer(
  options: {
    databaseUrl?: string;
    logLevel?: string;
    nodeArgs?: string[];
    clientDir?: string;
    /** More environment for the server (e.g. TRUST_PROXY behind nginx). */
    env?: Record<string, string>;
    /** How long to wait for the first health check (default 60 s). */
    startTimeoutMs?: number;
    /** Another checkout to run the server of (the last release's, bench/baseline-build.ts). */
    root?: string;
  } = {},
): Promise<AppServer> {
  const { dir, remove } = tempDir('server');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: options.databaseUrl ?? '',
    // One seeded person writes thousands of times a second here: the per-person write limits
    // still run (their cost is in the figures), but never refuse.
    WRITE_LIMIT_SCALE: '1000000',
  };
  if (options.clientDir) env.CLIENT_DIR = options.clientDir;
  Object.assign(env, options.env);
  // Unset means the production default (info: one line per request); the caller may lower it.
  if (options.logLevel) env.LOG_LEVEL = options.logLevel;
  else delete env.LOG_LEVEL;
  const child = startChild(process.execPath, [...(options.nodeArgs ?? []), 'src/server/main.ts'], {
    cwd: options.root ?? root,
    env,
    logFile: path.join(dir, 'server.log'),
  });
  await waitUntilAnswering(`${url}/api/health`, child, options.startTimeoutMs);
  const startMs = performance.now() - startedAt;
  return {
    url,
    child,
    startMs,
    dir,
    stop: async () => {
      await child.stop();
      remove();
    },
  };
}
