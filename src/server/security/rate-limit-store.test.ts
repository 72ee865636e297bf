import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { fixedClock } from '#server/clock.ts';
import type { DatabaseHandle } from '#server/db/connect.ts';
import {
  browserRequest,
  signUp,
  testPassword,
  uniqueEmail,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import {
  sharedBible,
  testRateLimits,
  useTestApp,
  type TestApp,
} from '#tests/api-support/test-app.ts';
import { createRateLimitCounts } from './rate-limit-store.ts';
import { defaultRateLimits, type RateLimits } from './rate-limits.ts';

/** Limits per address and per person are the same whatever the instances (decision 012). */
const quietLog = { warn: () => {} };
const minute = 60_000;

/**
 * Another instance of the server on the same database: its own app and its own connection
 * (pool), the same clock so that tests can end a window on both. Closed in afterAll.
 */
function useSecondInstance(t: TestApp, rateLimits: RateLimits): { app: FastifyInstance } {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    const database: DatabaseHandle = {
      db: t.connectAgain(),
      dialect: t.dialect,
      commits: () => 0,
      flushWrites: () => Promise.resolve(),
      pool: () => ({ inUse: 0, idle: 1, waiting: 0 }),
      // The connection is closed with the test app (connectAgain).
      close: () => Promise.resolve(),
    };
    app = await buildApp({
      config: t.config,
      database,
      clock: t.clock,
      bible: sharedBible(),
      startedAt: t.clock.now().getTime(),
      rateLimits,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('the second instance exists only inside tests');
      return app;
    },
  };
}

type Instance = Pick<TestApp, 'app' | 'config'>;

function signInFrom(instance: Instance, email: string, password: string, address: string) {
  return browserRequest(instance, {
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: address,
  });
}

function postJournal(instance: Instance, person: SignedIn) {
  return browserRequest(instance, {
    method: 'POST',
    url: '/api/journal',
    cookie: person.cookie,
    payload: { title: null, content: 'Still here', emotion_tags: [] },
  });
}

function expectWait(response: Awaited<ReturnType<typeof postJournal>>, seconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(seconds));
  expect(response.json()).toEqual({
    error: 'RATE_LIMITED',
    message: `Too many requests. Please wait ${seconds} seconds and try again.`,
  });
}

describe('the database counters', () => {
  const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
  const t = useTestApp({ clock });

  it('count one key from two connections at once without losing a request', async () => {
    const here = createRateLimitCounts(t.db, clock, quietLog);
    const there = createRateLimitCounts(t.connectAgain(), clock, quietLog);
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? here : there).hit('both', minute)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('start again when the window ends, and say how long the window has left', async () => {
    const counts = createRateLimitCounts(t.db, clock, quietLog);
    expect(await counts.hit('window', minute)).toEqual({ count: 1, ttlMs: minute });
    clock.advance(20_000);
    expect(await counts.hit('window', minute)).toEqual({ count: 2, ttlMs: 40_000 });
    clock.advance(40_000);
    expect(await counts.hit('window', minute)).toEqual({ count: 1, ttlMs: minute });
  });

  it('store no address: keys are hashed', async () => {
    const counts = createRateLimitCounts(t.db, clock, quietLog);
    await counts.hit('POST /api/auth/signin address:10.1.2.3', minute);
    const keys = await t.db.selectFrom('attempt_counters').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('delete ended windows now and then, never a live one', async () => {
    const counts = createRateLimitCounts(t.db, clock, quietLog);
    await counts.hit('short', 1000);
    await counts.hit('long', 10 * minute);
    const rowCount = async () =>
      (await t.db.selectFrom('attempt_counters').select('key').execute()).length;
    const before = await rowCount();
    clock.advance(minute);
    await counts.hit('long', 10 * minute);
    // The sweep runs beside the request, not in its way.
    await vi.waitFor(async () => expect(await rowCount()).toBeLessThan(before));
    expect(await counts.hit('long', 10 * minute)).toMatchObject({ count: 3 });
  });
});

describe('two instances on one database (RATE_LIMIT_STORE=database)', () => {
  const limits: RateLimits = { ...testRateLimits, signInPerIp: 3, writesPerMinute: 2 };
  const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
  const t = useTestApp({ clock, rateLimits: limits, config: { rateLimitStore: 'database' } });
  const second = useSecondInstance(t, limits);
  const other = (): Instance => ({ app: second.app, config: t.config });

  it('share the sign-in limit per address: three tries in all, then both answer 429', async () => {
    const account = await signUp(t, { remoteAddress: '10.9.0.9' });
    const wrong = (instance: Instance) =>
      signInFrom(instance, uniqueEmail('spray'), testPassword, '10.9.0.1');
    expect((await wrong(t)).statusCode).toBe(401);
    expect((await wrong(other())).statusCode).toBe(401);
    expect((await wrong(t)).statusCode).toBe(401);
    const window = defaultRateLimits.window.signIn / 1000;
    expectWait(await signInFrom(other(), account.email, account.password, '10.9.0.1'), window);
    expectWait(await signInFrom(t, account.email, account.password, '10.9.0.1'), window);
    // Another address is not held back.
    expect(
      (await signInFrom(other(), account.email, account.password, '10.9.0.2')).statusCode,
    ).toBe(200);
    // When the window ends, the address may try again, on either instance.
    clock.advance(defaultRateLimits.window.signIn);
    expect(
      (await signInFrom(other(), account.email, account.password, '10.9.0.1')).statusCode,
    ).toBe(200);
  });

  it('share the write limit per person: two journal entries a minute in all', async () => {
    const person = await signUp(t);
    expect((await postJournal(t, person)).statusCode).toBe(201);
    expect((await postJournal(other(), person)).statusCode).toBe(201);
    clock.advance(15_000);
    expectWait(await postJournal(t, person), 45);
    expectWait(await postJournal(other(), person), 45);
    const entries = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('user_id', '=', person.user.id)
      .execute();
    expect(entries).toHaveLength(2);
    // Someone else writes as usual.
    expect((await postJournal(other(), await signUp(t))).statusCode).toBe(201);
    clock.advance(45_000);
    expect((await postJournal(other(), person)).statusCode).toBe(201);
    expect((await postJournal(t, person)).statusCode).toBe(201);
  });
});

describe('RATE_LIMIT_STORE=memory', () => {
  const limits: RateLimits = { ...testRateLimits, writesPerMinute: 2 };
  const t = useTestApp({ rateLimits: limits, config: { rateLimitStore: 'memory' } });
  const second = useSecondInstance(t, limits);

  it('still limits each instance, counting in its memory', async () => {
    const person = await signUp(t);
    expect((await postJournal(t, person)).statusCode).toBe(201);
    expect((await postJournal(t, person)).statusCode).toBe(201);
    const refused = await postJournal(t, person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('RATE_LIMITED');
    // The other instance has counts of its own: why several instances use the database store.
    expect((await postJournal({ app: second.app, config: t.config }, person)).statusCode).toBe(201);
    expect(await t.db.selectFrom('attempt_counters').select('key').execute()).toEqual([]);
  });
});

describe('when the counters fail', () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  const t = useTestApp({
    config: { rateLimitStore: 'database', logLevel: 'warn' },
    rateLimits: testRateLimits,
    logStream,
  });

  it('writes go on, sign-in waits for them, and the log says so once', async () => {
    const person = await signUp(t);
    await t.db.schema.dropTable('attempt_counters').execute();

    expect((await postJournal(t, person)).statusCode).toBe(201);
    expect((await postJournal(t, person)).statusCode).toBe(201);
    const report = await browserRequest(t, {
      method: 'POST',
      url: '/api/client-log',
      payload: { level: 'info', event: 'not_found', path: '/x', message: 'gone' },
    });
    expect(report.statusCode).toBe(204);
    // Sign-in is never let through uncounted.
    const signIn = await signInFrom(t, person.email, person.password, '10.9.1.1');
    expect(signIn.statusCode).toBeGreaterThanOrEqual(500);
    expect(signIn.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });

    const warnings = lines.filter((line) => line.includes('rate-limit counters unavailable'));
    expect(warnings).toHaveLength(1);
  });
});
