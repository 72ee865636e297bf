import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

/**
 * A client that opens a request and never finishes it (slowloris) holds a connection, and
 * everything it was given, until the request limit cuts it. With a short limit these check
 * that the limit holds to within a small margin, over a real socket.
 */
const limitMs = 2000;
/** How late after the limit the cut may come: Node checks its connections periodically. */
const marginMs = 1000;

let t: TestApp;
let account: SignedIn;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ config: { requestTimeoutMs: limitMs } });
  account = await signUp(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

type Outcome = {
  /** When the server answered or closed, in ms after the connection opened; null if it held on. */
  endedAfterMs: number | null;
  status?: number;
  body?: string;
};

/**
 * Opens a connection, lets `send` write to it (and go on writing) and waits for the server to
 * answer or close, giving up at `waitMs`: the connection is then destroyed, so a server that
 * holds slow requests fails quickly instead of keeping the test waiting.
 */
function hold(send: (socket: net.Socket) => Promise<void>, waitMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const start = performance.now();
    let received = Buffer.alloc(0);
    const finish = (endedAfterMs: number | null) => {
      clearTimeout(giveUp);
      socket.destroy();
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      resolve({
        endedAfterMs,
        ...(end === -1 ? {} : { status: Number(text.split(' ')[1]), body: text.slice(end + 4) }),
      });
    };
    const giveUp = setTimeout(() => finish(null), waitMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(performance.now() - start));
    socket.once('connect', () => {
      send(socket).catch(() => undefined);
    });
  });
}

function journalHead(contentLength: number): string {
  return (
    `POST /api/journal HTTP/1.1\r\nHost: localhost\r\nOrigin: ${t.config.publicUrl}\r\n` +
    `Cookie: ${account.cookie}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${contentLength}\r\nConnection: close\r\n\r\n`
  );
}

/** Writes `text` a few bytes at a time, `everyMs` apart, while the socket is open. */
async function trickle(socket: net.Socket, text: string, everyMs: number): Promise<void> {
  for (let index = 0; index < text.length && !socket.destroyed; index += 4) {
    socket.write(text.slice(index, index + 4));
    await sleep(everyMs);
  }
}

const timedOut = { error: 'REQUEST_TIMEOUT', message: expect.any(String) };

/** Cut at the limit, not before it and not much after it, with 408 { error, message }. */
function expectCutAtTheLimit(outcome: Outcome): void {
  expect(outcome.endedAfterMs, 'the server still held the connection').not.toBeNull();
  expect(outcome.endedAfterMs).toBeGreaterThanOrEqual(limitMs - 50);
  expect(outcome.endedAfterMs).toBeLessThanOrEqual(limitMs + marginMs);
  expect(outcome.status).toBe(408);
  expect(JSON.parse(outcome.body ?? '')).toEqual(timedOut);
}

describe.concurrent(`requests that take longer than the limit (${limitMs} ms)`, () => {
  it('a body that stops coming (Content-Length 100, 10 bytes sent) is cut at the limit', async () => {
    const outcome = await hold(
      async (socket) => {
        socket.write(journalHead(100) + '{"content"');
      },
      limitMs + marginMs + 500,
    );
    expectCutAtTheLimit(outcome);
  });

  it('a body that keeps coming, too slowly ever to finish, is cut at the limit', async () => {
    const outcome = await hold(
      (socket) => trickle(socket, journalHead(100_000) + 'x'.repeat(100_000), 100),
      limitMs + marginMs + 500,
    );
    expectCutAtTheLimit(outcome);
  });

  it('headers that stop coming are cut at the limit', async () => {
    const outcome = await hold(
      async (socket) => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: a');
      },
      limitMs + marginMs + 500,
    );
    expectCutAtTheLimit(outcome);
  });

  it('headers that keep coming a few bytes at a time, never ending, are cut at the limit', async () => {
    const outcome = await hold(
      (socket) => trickle(socket, 'GET /api/health HTTP/1.1\r\n' + 'X: y\r\n'.repeat(10_000), 100),
      limitMs + marginMs + 500,
    );
    expectCutAtTheLimit(outcome);
  });

  it('a slow but steady body that is all in within the limit still succeeds', async () => {
    const content = 'Be still, and know that I am God. '.repeat(2).trim();
    const body = JSON.stringify({ content });
    const outcome = await hold(
      // About 1.1 s for the whole request (the head in one piece, then 4 bytes every 60 ms).
      async (socket) => {
        socket.write(journalHead(Buffer.byteLength(body)));
        await trickle(socket, body, 60);
      },
      limitMs + marginMs,
    );
    expect(outcome.status, outcome.body).toBe(201);
    expect(JSON.parse(outcome.body ?? '')).toMatchObject({ content });
  });
});

describe('REQUEST_TIMEOUT_SECONDS', () => {
  it('sets the limit, 30 s unless told', () => {
    expect(readConfig({}).requestTimeoutMs).toBe(30_000);
    expect(readConfig({ REQUEST_TIMEOUT_SECONDS: '12.5' }).requestTimeoutMs).toBe(12_500);
  });

  it.each(['abc', '0', '0.5', '-3', '7200'])('refuses %s with a clear message', (value) => {
    expect(() => readConfig({ REQUEST_TIMEOUT_SECONDS: value })).toThrow(
      `REQUEST_TIMEOUT_SECONDS must be a number from 1 to 3600, got "${value}"`,
    );
  });
});
