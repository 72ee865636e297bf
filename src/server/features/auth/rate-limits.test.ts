import { describe, expect, it } from 'vitest';
import { defaultAuthRateLimits, type AuthRateLimits } from '../../auth/rate-limits.ts';
import type { Mailer } from '../../mailer.ts';
import { browserRequest, signUp, testPassword, uniqueEmail } from '../../test/auth-helpers.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';

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
  const t = useTestApp({ rateLimits: defaultAuthRateLimits, mailer: quietMailer });
  const limits = defaultAuthRateLimits;

  it('the attempt after signInPerEmail for one e-mail is refused, from any address', async () => {
    const account = await signUp(t, { remoteAddress: '10.1.0.1' });
    for (let i = 1; i <= limits.signInPerEmail; i += 1) {
      const response = await post(
        t,
        '/api/auth/signin',
        { email: account.email, password: 'wrong-password' },
        `10.1.1.${i}`,
      );
      expect(response.statusCode).toBe(401);
    }
    // Even the right password, from a fresh address, and in another case, waits now.
    const blocked = await post(
      t,
      '/api/auth/signin',
      { email: account.email.toUpperCase(), password: account.password },
      '10.1.2.1',
    );
    expectRateLimited(blocked);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // Another e-mail from that address is not affected.
    const other = await signUp(t, { remoteAddress: '10.1.0.2' });
    const allowed = await post(t, '/api/auth/signin', other, '10.1.2.1');
    expect(allowed.statusCode).toBe(200);
  });

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

  it('the reset request after resetPerEmail for one e-mail is refused, from any address', async () => {
    const email = uniqueEmail('reset-mail');
    for (let i = 1; i <= limits.resetPerEmail; i += 1) {
      const response = await post(t, '/api/auth/password-reset', { email }, `10.4.1.${i}`);
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(await post(t, '/api/auth/password-reset', { email }, '10.4.2.1'));
    const other = await post(
      t,
      '/api/auth/password-reset',
      { email: uniqueEmail('reset-other') },
      '10.4.2.1',
    );
    expect(other.statusCode).toBe(200);
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

describe('with limits passed to buildApp', () => {
  const small: AuthRateLimits = {
    signUpPerIp: 2,
    signInPerIp: 3,
    signInPerEmail: 2,
    resetPerIp: 2,
    resetPerEmail: 1,
    window: defaultAuthRateLimits.window,
  };
  const t = useTestApp({ rateLimits: small, mailer: quietMailer });

  it('applies them: the third sign-in for one e-mail and the third sign-up from one address wait', async () => {
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
    expect((await post(t, '/api/auth/signin', account, '10.7.1.1')).statusCode).toBe(200);
    expect((await post(t, '/api/auth/signin', account, '10.7.1.2')).statusCode).toBe(200);
    expectRateLimited(await post(t, '/api/auth/signin', account, '10.7.1.3'));
  });

  it('applies them to reset requests: the second for one e-mail waits', async () => {
    const email = uniqueEmail('small-reset');
    expect((await post(t, '/api/auth/password-reset', { email }, '10.8.0.1')).statusCode).toBe(200);
    expectRateLimited(await post(t, '/api/auth/password-reset', { email }, '10.8.0.2'));
  });
});
