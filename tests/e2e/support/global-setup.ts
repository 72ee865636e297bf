import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient } from '#scripts/ensure-client-build.ts';
import { freePort } from '#scripts/lib/free-port.ts';
import type { E2EServer } from './server.ts';

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  // Two minutes: a start builds the Bible's search index, which took 40 s on a two-core machine
  // shared with other test runs, and a minute was sometimes not enough there.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not become healthy within 120 s');
}

/** Starts the real server on a free port with a throwaway DATA_DIR, serving `clientDir`. */
async function startServer(
  dataDir: string,
  clientDir: string,
): Promise<{ server: E2EServer; stop: () => Promise<void> }> {
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PUBLIC_URL: baseURL,
      // Not 'production': the development endpoints (a test notification, the reminder tick
      // at a chosen instant) are how notifications.test.ts sets the clock. The client is
      // always a production build (buildClient below).
      NODE_ENV: 'test',
      DATABASE_URL: '',
      MODERATOR_EMAILS: 'moderator@e2e.test',
      // The bell's specs seed a hundred notifications through the development endpoint in a
      // few seconds, past the per-person write rate (60 a minute), and the suite signs up more
      // accounts from one address than the 20 an hour a person may, and signs in more often than
      // 30 times in 15 minutes; the API suite tests all three.
      WRITE_LIMIT_SCALE: '10',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(baseURL, child);
  } catch (error) {
    child.kill('SIGTERM');
    fs.closeSync(log);
    throw error;
  }
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.closeSync(log);
  };
  return { server: { baseURL, dataDir, logFile, clientDir }, stop };
}

/**
 * Builds the client once, then starts one real server per worker (e2e's maxWorkers), each with
 * its own DATA_DIR: files that run side by side never share a server (support/server.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-e2e-'));
  // A build of its own (about two seconds): the run never serves a stale client, and two runs
  // at once never empty each other's files.
  const clientDir = path.join(runDir, 'client');
  buildClient(clientDir);
  const started: Awaited<ReturnType<typeof startServer>>[] = [];
  const stopAll = async () => {
    await Promise.all(started.map(({ stop }) => stop()));
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    // One after another: each start builds the Bible's search index, and two at once on a busy
    // two-core machine could each miss the health check's deadline.
    for (let index = 0; index < Math.max(1, project.config.maxWorkers); index += 1) {
      started.push(await startServer(path.join(runDir, `server-${index + 1}`), clientDir));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'e2eServers',
    started.map(({ server }) => server),
  );
  return stopAll;
}
