import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { testRateLimits, useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

/**
 * The per-address and per-person limits answer in onRequest, before the body is read or parsed:
 * a client over its limit costs what a tiny request costs, whatever it sends. A body that is not
 * JSON shows it (429, where a parsed body would have been 400), and a 1 MB body built to be slow
 * to handle is answered in about the time of an empty one.
 */
const limit = 2;
const t = useTestApp({
  rateLimits: { ...testRateLimits, signInPerIp: limit, resetPerIp: limit, writesPerMinute: limit },
});

/** 1 MB of `{"email":[0,0,…],"password":"x"}`: half a million values to parse and walk. */
const hostile = `{"email":[${'0,'.repeat(524_000)}0],"password":"x"}`;

type Send = (payload: string) => Promise<LightMyRequestResponse>;

function expectRateLimited(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

async function fastest(send: () => Promise<unknown>, runs: number): Promise<number> {
  let best = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await send();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Uses up the limit, then checks that what follows is refused before its body is parsed: text
 * that is not JSON gets 429, and the hostile body costs at most a few tiny refusals, far less
 * than parsing it would (JSON.parse of it alone, measured here too).
 */
async function expectRefusedUnread(send: Send): Promise<void> {
  for (let i = 0; i < limit; i += 1) await send('{}');
  expectRateLimited(await send('{"email": not JSON'));
  expectRateLimited(await send(hostile));
  const parseMs = await fastest(async () => JSON.parse(hostile), 5);
  const tinyMs = await fastest(() => send('{}'), 5);
  const hostileMs = await fastest(() => send(hostile), 5);
  const summary = `1 MB body ${hostileMs.toFixed(2)} ms, empty body ${tinyMs.toFixed(2)} ms, JSON.parse ${parseMs.toFixed(2)} ms`;
  expect(hostileMs, summary).toBeLessThanOrEqual(3 * tinyMs + parseMs / 4);
}

function sender(t: TestApp, url: string, address: string, account?: SignedIn): Send {
  return (payload) =>
    browserRequest(t, {
      method: 'POST',
      url,
      remoteAddress: address,
      ...(account ? { cookie: account.cookie } : {}),
      headers: { 'content-type': 'application/json' },
      payload,
    });
}

describe('limits answer before the body is read', () => {
  it('sign-in past signInPerIp: 429 to bad JSON and to a 1 MB body, at a tiny cost', async () => {
    await expectRefusedUnread(sender(t, '/api/auth/signin', '10.70.0.1'));
  });

  it('a password reset past resetPerIp: the same', async () => {
    await expectRefusedUnread(sender(t, '/api/auth/password-reset', '10.70.0.2'));
  });

  it('a person past writesPerMinute: the same; someone else still writes', async () => {
    const writer = await signUp(t, { remoteAddress: '10.70.0.3' });
    await expectRefusedUnread(sender(t, '/api/journal', '10.70.0.3', writer));
    const other = await signUp(t, { remoteAddress: '10.70.0.3' });
    const entry = await sender(t, '/api/journal', '10.70.0.3', other)('{"content":"Still here."}');
    expect(entry.statusCode, entry.body).toBe(201);
  });

  it('an upload asks who is asking first, then counts the write (its own limits kept)', async () => {
    const uploader = await signUp(t);
    const upload = (account?: SignedIn) =>
      browserRequest(t, {
        method: 'PUT',
        url: '/api/profile/picture',
        ...(account ? { cookie: account.cookie } : {}),
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(1024),
      });
    for (let i = 0; i < limit; i += 1) expect((await upload(uploader)).statusCode).toBe(415);
    expectRateLimited(await upload(uploader));
    // A visitor is told to sign in, however often they try: the limit never comes first.
    for (let i = 0; i < limit + 1; i += 1) expect((await upload()).statusCode).toBe(401);
  });
});
