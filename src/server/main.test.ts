import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

  it('on SIGTERM answers the request in flight, takes no new one, and only then exits', async () => {
    const server = await startServer({});
    // Once its start-up work is done: a step of the warm-up (a few hundred ms, synchronous) would
    // otherwise delay the signal past the request below.
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/api/ready`)).status, { timeout: 15_000 })
      .toBe(200);
    const { hostname, port, origin } = new URL(server.baseUrl);
    // A sign-up from a slow phone: the headers and half the body arrive before SIGTERM, the
    // rest after it.
    const body = JSON.stringify({
      email: 'slow-phone@example.com',
      password: 'grace-and-peace-7',
      display_name: 'Slow Phone',
    });
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/auth/signup HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 20),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = exitOf(server.child);
    let hasExited = false;
    void exited.then(() => (hasExited = true));
    server.child.kill('SIGTERM');
    // Log lines reach the output within a second (they are written in batches).
    await expect.poll(() => server.output(), { timeout: 5000 }).toContain('shutting down');
    // No new request is taken...
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    // ...and the process waits for the one in flight.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hasExited).toBe(false);
    socket.write(body.slice(20));
    await expect.poll(() => answer, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 201 /);
    socket.end();
    await closed;
    expect(await exited).toBe(0);
  }, 20_000);

  it('is ready once the Bible text is loaded, and shows its metrics only on this machine', async () => {
    const token = 'a'.repeat(40);
    const server = await startServer({ METRICS_TOKEN: token });
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/api/ready`)).status, { timeout: 15_000 })
      .toBe(200);
    expect(await (await fetch(`${server.baseUrl}/api/ready`)).json()).toEqual({
      status: 'ready',
      database: 'up',
      migrations: 'done',
      bible: 'loaded',
    });

    const metrics = await fetch(`${server.baseUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text).toMatch(
      /^grounded_http_requests_total\{method="GET",route="\/api\/ready",status="200"\} [1-9]/m,
    );
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toMatch(/^grounded_db_connections\{state="idle"\} 1$/m);
    expect(text).toMatch(/^grounded_reminder_ticks_failed_total 0$/m);
    expect(text).toMatch(/^grounded_reminders_sent_total 0$/m);
    expect(text).toMatch(/^grounded_event_streams_open 0$/m);

    // Every series the Grafana dashboard draws is one the server gives.
    const dashboard = fs.readFileSync(
      fileURLToPath(new URL('../../docs/grafana-dashboard.json', import.meta.url)),
      'utf8',
    );
    const drawn = new Set(dashboard.match(/\b(?:grounded|nodejs|process)_[a-z0-9_]+/g));
    expect(drawn.size).toBeGreaterThan(10);
    for (const name of drawn) {
      expect(text, name).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `);
    }

    // Through a proxy on this machine: the token is needed.
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    const refused = await fetch(`${server.baseUrl}/metrics`, { headers: proxied });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'UNAUTHORIZED',
      message: 'The metrics need the bearer token METRICS_TOKEN.',
    });
    const wrong = await fetch(`${server.baseUrl}/metrics`, {
      headers: { ...proxied, authorization: `Bearer ${'b'.repeat(40)}` },
    });
    expect(wrong.status).toBe(401);
    const withToken = await fetch(`${server.baseUrl}/metrics`, {
      headers: { ...proxied, authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(200);
  }, 30_000);

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
