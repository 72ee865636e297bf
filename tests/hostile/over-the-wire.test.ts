import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';
import { diffSnapshots, listTables, takeSnapshot } from './database-snapshot.ts';

/**
 * Requests app.inject() cannot send, because they break HTTP itself: Node's parser refuses them
 * before Fastify sees a request. They still get a 4xx { error, message } and write nothing.
 */
let t: TestApp;
let tables: string[];
let account: SignedIn;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  tables = await listTables(t.db, t.dialect);
  account = await signUp(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

type RawResponse = { status: number; body: string };

/**
 * Writes the bytes on a fresh connection, leaving it open (a client that has not finished
 * sending), and reads the answer: every answer here carries a Content-Length.
 */
function exchange(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const parse = (): RawResponse | null => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      const body = received.subarray(end + 4);
      if (!(body.length >= length)) return null;
      return {
        status: Number(head.split(' ')[1]),
        body: body.subarray(0, length).toString('utf8'),
      };
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = parse();
      if (response) {
        socket.destroy();
        resolve(response);
      }
    });
    // The server may answer and close while a big body is still being written.
    socket.on('error', () => undefined);
    socket.on('close', () =>
      reject(new Error(`closed without a full answer: ${received.toString()}`)),
    );
    socket.write(request);
  });
}

function post(headers: string, body: string): string {
  return (
    `POST /api/journal HTTP/1.1\r\nHost: localhost\r\nOrigin: ${t.config.publicUrl}\r\n` +
    `Cookie: ${account.cookie}\r\nContent-Type: application/json\r\nConnection: close\r\n` +
    `${headers}\r\n${body}`
  );
}

const entry = JSON.stringify({ content: 'Smuggled?' });

const cases: { name: string; request: () => string; status: number; error: string }[] = [
  {
    name: 'headers over 16 KB (a huge cookie)',
    request: () =>
      `GET /api/profile HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'x'.repeat(20_000)}\r\n\r\n`,
    status: 431,
    error: 'HEADERS_TOO_LARGE',
  },
  {
    name: 'a URL over 16 KB',
    request: () => `GET /api/bible/search?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    status: 431,
    error: 'HEADERS_TOO_LARGE',
  },
  {
    name: 'a request line that is not HTTP',
    request: () => 'GARBAGE\r\n\r\n',
    status: 400,
    error: 'BAD_REQUEST',
  },
  {
    name: 'a NUL in a header',
    request: () => `GET /api/profile HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n`,
    status: 400,
    error: 'BAD_REQUEST',
  },
  {
    name: 'broken chunked encoding',
    request: () => post('Transfer-Encoding: chunked\r\n', `zz\r\n${entry}\r\n0\r\n\r\n`),
    status: 400,
    error: 'BAD_REQUEST',
  },
  {
    name: 'both Content-Length and Transfer-Encoding (request smuggling)',
    request: () =>
      post(
        'Content-Length: 4\r\nTransfer-Encoding: chunked\r\n',
        `${entry.length.toString(16)}\r\n${entry}\r\n0\r\n\r\n`,
      ),
    status: 400,
    error: 'BAD_REQUEST',
  },
  {
    name: 'a declared Content-Length over 1 MB',
    request: () => post('Content-Length: 5000000\r\n', '{'),
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'a chunked body that grows over 1 MB',
    request: () => {
      const chunk = `{"content":"${'x'.repeat(0x100000)}"}`;
      return post(
        'Transfer-Encoding: chunked\r\n',
        `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
      );
    },
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
  },
];

describe('requests that break HTTP', () => {
  it.each(cases)('$name: $status { error: $error }, nothing written', async (testCase) => {
    const before = await takeSnapshot(t.db, tables);
    const response = await exchange(testCase.request());
    expect(response.status, response.body).toBe(testCase.status);
    expect(JSON.parse(response.body)).toEqual({
      error: testCase.error,
      message: expect.any(String),
    });
    expect(diffSnapshots(before, await takeSnapshot(t.db, tables))).toEqual([]);
  });
});
