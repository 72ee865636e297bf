import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '#server/security/rate-limits.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { testRateLimits, useTestApp, type TestApp } from '#tests/api-support/test-app.ts';
import { hostileRoutes, type HostileRoute } from '#tests/hostile/route-catalogue.ts';
import { routesWithOwnLimits } from './write-limits.ts';

/** docs/product.md §6: every write route has a per-person rate, answered 429 { error, message }. */
const testimony = {
  feeling: 'Afraid of the diagnosis',
  god_reminded: 'Isaiah 41:10: fear thou not; for I am with thee',
  is_anonymous: true,
  author_name: null,
};

function postTestimony(t: TestApp, account: SignedIn) {
  return browserRequest(t, {
    method: 'POST',
    url: '/api/testimonies',
    cookie: account.cookie,
    payload: testimony,
  });
}

function expectRateLimited(response: Awaited<ReturnType<typeof postTestimony>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('with the default limits', () => {
  const t = useTestApp({ rateLimits: defaultRateLimits });

  it('a person shares at most testimoniesPerHour testimonies an hour; the next is not stored', async () => {
    const writer = await signUp(t);
    for (let i = 0; i < defaultRateLimits.testimoniesPerHour; i += 1) {
      expect((await postTestimony(t, writer)).statusCode).toBe(201);
    }
    const refused = await postTestimony(t, writer);
    expectRateLimited(refused);
    expect(refused.json().message).toMatch(/testimonies in the last hour/);
    const stored = await t.db
      .selectFrom('testimonies')
      .select('id')
      .where('user_id', '=', writer.user.id)
      .execute();
    expect(stored).toHaveLength(defaultRateLimits.testimoniesPerHour);
    // Someone else is not held back by it.
    expect((await postTestimony(t, await signUp(t))).statusCode).toBe(201);
  });

  it('a script posting journal entries is stopped after writesPerMinute in a minute', async () => {
    const writer = await signUp(t);
    const post = () =>
      browserRequest(t, {
        method: 'POST',
        url: '/api/journal',
        cookie: writer.cookie,
        payload: { title: null, content: 'again', emotion_tags: [] },
      });
    for (let i = 0; i < defaultRateLimits.writesPerMinute; i += 1) {
      expect((await post()).statusCode).toBe(201);
    }
    expectRateLimited(await post());
  });
});

// The same limits whether counted per instance or in the database (decision 012).
describe.each(['memory', 'database'] as const)(
  'every write route, with small limits, RATE_LIMIT_STORE=%s',
  (store) => {
    const limits = { ...testRateLimits, writesPerMinute: 2, testimoniesPerHour: 2 };
    const t = useTestApp({ rateLimits: limits, config: { rateLimitStore: store } });
    const isWrite = (route: HostileRoute) => route.method !== 'GET';
    /** After their first success the person is a visitor, counted by address: sent as one here. */
    const endsSession = new Set(['/api/auth/signout', '/api/auth/signout-all', '/api/account']);

    it('answers the third write to any route in a minute with 429, per person', async () => {
      const placeholder = { email: 'placeholder@example.com', password: 'x' };
      const routes = hostileRoutes(placeholder).filter(
        (route) => isWrite(route) && !routesWithOwnLimits.has(route.url),
      );
      expect(routes.length).toBeGreaterThan(15);
      for (const route of routes) {
        // A fresh person per route: a route's writes never use up another's allowance.
        const person = await signUp(t);
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
          const example = route.params?.[name];
          return example && 'value' in example
            ? example.value
            : '00000000-0000-7000-8000-000000000000';
        });
        const query = route.query ? `?${new URLSearchParams(route.query).toString()}` : '';
        const send = () =>
          browserRequest(t, {
            method: route.method,
            url: `${url}${query}`,
            ...(endsSession.has(route.url) ? {} : { cookie: person.cookie }),
            ...(route.body ? { payload: route.body } : {}),
            remoteAddress: `10.50.${routes.indexOf(route)}.1`,
          });
        for (let i = 0; i < 2; i += 1) {
          const response = await send();
          expect({ route: route.url, status: response.statusCode }).not.toEqual({
            route: route.url,
            status: 429,
          });
        }
        const third = await send();
        expect({ route: `${route.method} ${route.url}`, status: third.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 429,
        });
        expect(third.json().error).toBe('RATE_LIMITED');
      }
    });

    it('counts a visitor by address', async () => {
      const log = (address: string) =>
        browserRequest(t, {
          method: 'POST',
          url: '/api/client-log',
          payload: { level: 'warn', event: 'not_found', path: '/x', message: 'gone' },
          remoteAddress: address,
        });
      expect((await log('10.60.0.1')).statusCode).toBeLessThan(300);
      expect((await log('10.60.0.1')).statusCode).toBeLessThan(300);
      expectRateLimited(await log('10.60.0.1'));
      expect((await log('10.60.0.2')).statusCode).toBeLessThan(300);
    });
  },
);
