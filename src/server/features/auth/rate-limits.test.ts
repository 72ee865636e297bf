import { describe, expect, it } from 'vitest';
import type { Mailer } from '#server/mailer.ts';
import { defaultRateLimits, type RateLimits } from '#server/security/rate-limits.ts';
import {
  browserRequest,
  signUp,
  testPassword,
  uniqueEmail,
} from '#tests/api-support/auth-helpers.ts';
import { useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const quietMailer: Mailer = { send: async () => {}, describe: () => 'nowhere' };

function post(t: TestApp, url: string, payload: Record<string, unknown>, remoteAddress: string) {
  return browserRequest(t, { method: 'POST', url, payload, remoteAddress });
}

function expectRateLimited(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  expect(response.json().message).toMatch(/too many/i);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('with the default limits', () => {
  const t = useTestApp({ rateLimits: defaultRateLimits, mailer: quietMailer });
  const limits = defaultRateLimits;

  it('the attempt after signInPerIp from one address is refused; another address is not', async () => {
    for (let i = 1; i <= limits.signInPerIp; i += 1) {
      const response = await post(
        t,
        '/api/auth/signin',
        { email: uniqueEmail('spray'), password: testPassword },
        '10.2.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const account = await signUp(t, { remoteAddress: '10.2.0.9' });
    expectRateLimited(await post(t, '/api/auth/signin', account, '10.2.0.1'));
    const elsewhere = await post(t, '/api/auth/signin', account, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('the sign-up after signUpPerIp from one address is refused and creates nobody', async () => {
    for (let i = 1; i <= limits.signUpPerIp; i += 1) {
      await signUp(t, { remoteAddress: '10.3.0.1' });
    }
    const email = uniqueEmail('one-too-many');
    const payload = { email, password: testPassword, display_name: 'Late' };
    expectRateLimited(await post(t, '/api/auth/signup', payload, '10.3.0.1'));
    const row = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(row).toEqual([]);
    expect((await post(t, '/api/auth/signup', payload, '10.3.0.2')).statusCode).toBe(201);
  });

  it('the reset request after resetPerIp from one address is refused; another address is not', async () => {
    for (let i = 1; i <= limits.resetPerIp; i += 1) {
      const response = await post(
        t,
        '/api/auth/password-reset',
        { email: uniqueEmail('reset-ip') },
        '10.5.0.1',
      );
      expect(response.statusCode).toBe(200);
    }
    const email = uniqueEmail('reset-ip-last');
    expectRateLimited(await post(t, '/api/auth/password-reset', { email }, '10.5.0.1'));
    expect((await post(t, '/api/auth/password-reset', { email }, '10.5.0.2')).statusCode).toBe(200);
  });

  it('checking reset tokens counts toward the same limit as using them', async () => {
    for (let i = 1; i <= limits.resetPerIp; i += 1) {
      const response = await post(
        t,
        '/api/auth/password-reset/check',
        { token: `look-${i}` },
        '10.6.1.1',
      );
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(
      await post(t, '/api/auth/password-reset/check', { token: 'look-last' }, '10.6.1.1'),
    );
    expectRateLimited(
      await post(
        t,
        '/api/auth/password-reset/confirm',
        { token: 'guess-after', password: 'brand-new-password-1' },
        '10.6.1.1',
      ),
    );
  });

  it('guessing reset tokens from one address stops after resetPerIp tries', async () => {
    for (let i = 1; i <= limits.resetPerIp; i += 1) {
      const response = await post(
        t,
        '/api/auth/password-reset/confirm',
        { token: `guess-${i}`, password: 'brand-new-password-1' },
        '10.6.0.1',
      );
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(
      await post(
        t,
        '/api/auth/password-reset/confirm',
        { token: 'guess-last', password: 'brand-new-password-1' },
        '10.6.0.1',
      ),
    );
  });
});

// The same limits whether counted per instance or in the database (decision 012).
describe.each(['memory', 'database'] as const)(
  'with limits passed to buildApp, RATE_LIMIT_STORE=%s',
  (store) => {
    const small: RateLimits = {
      ...defaultRateLimits,
      signUpPerIp: 2,
      signInPerIp: 3,
      passwordFailuresPerAccountAndIp: 2,
      resetPerIp: 2,
      resetPerEmailAndIp: 1,
    };
    const t = useTestApp({
      rateLimits: small,
      mailer: quietMailer,
      config: { rateLimitStore: store },
    });

    it('applies them: the third sign-up and the third wrong password from one address wait', async () => {
      const account = await signUp(t, { remoteAddress: '10.7.0.1' });
      await signUp(t, { remoteAddress: '10.7.0.1' });
      expectRateLimited(
        await post(
          t,
          '/api/auth/signup',
          { email: uniqueEmail(), password: testPassword, display_name: 'Third' },
          '10.7.0.1',
        ),
      );
      const wrong = { email: account.email, password: 'not-the-password' };
      expect((await post(t, '/api/auth/signin', wrong, '10.7.1.1')).statusCode).toBe(401);
      expect((await post(t, '/api/auth/signin', wrong, '10.7.1.1')).statusCode).toBe(401);
      expectRateLimited(await post(t, '/api/auth/signin', account, '10.7.1.1'));
      expect((await post(t, '/api/auth/signin', account, '10.7.1.2')).statusCode).toBe(200);
    });

    it('applies them to reset requests: the second for one e-mail from one address waits', async () => {
      const email = uniqueEmail('small-reset');
      expect((await post(t, '/api/auth/password-reset', { email }, '10.8.0.1')).statusCode).toBe(
        200,
      );
      expectRateLimited(await post(t, '/api/auth/password-reset', { email }, '10.8.0.1'));
      expect((await post(t, '/api/auth/password-reset', { email }, '10.8.0.2')).statusCode).toBe(
        200,
      );
    });
  },
);
