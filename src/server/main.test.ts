import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));

type Started = { child: ChildProcess; output: () => string; baseUrl: string };

const children: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the real server and waits until it listens: SQLite in a temp dir (without DATABASE_URL),
 * any free port. The database side is covered on both dialects by the other files.
 */
function startServer(env: NodeJS.ProcessEnv): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-main-'));
  tempDirs.push(dataDir);
  const child = spawn(process.execPath, [mainFile], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && output.includes('Grounded is ready')) {
        resolve({ child, output: () => output, baseUrl: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('the server process', () => {
  it('migrates, serves, and on SIGTERM finishes cleanly with exit code 0', async () => {
    const server = await startServer({});
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', dialect: 'sqlite' });
    expect(server.output()).toContain('database migrated');

    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 20_000);

  it('refuses to start in production with a development setting, saying why', async () => {
    const simulation = JSON.stringify({
      from: '2025-03-08T22:00:00Z',
      to: '2025-03-09T22:00:00Z',
      startsAt: '2026-01-01T12:00:00.000Z',
      speed: 2880,
    });
    await expect(
      startServer({ NODE_ENV: 'production', REMINDER_SIMULATION: simulation }),
    ).rejects.toThrow('REMINDER_SIMULATION is a development setting');
  }, 20_000);

  it('refuses to start with a PORT that is not a number, saying why', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(
      'PORT must be a whole number from 0 to 65535, got "eighty"',
    );
  }, 20_000);
});
