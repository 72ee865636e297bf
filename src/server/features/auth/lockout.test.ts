import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '#server/security/rate-limits.ts';
import {
  browserRequest,
  sessionTokenOf,
  signUp,
  testPassword,
  uniqueEmail,
} from '#tests/api-support/auth-helpers.ts';
import { createCookieJar, type CookieJar } from '#tests/api-support/cookie-jar.ts';
import { createRecordingMailer } from '#tests/api-support/recording-mailer.ts';
import { useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

/**
 * Decision 009: password guessing stays bounded, but strangers cannot lock the owner
 * out (of signing in, or of resetting the password), and every password check is limited.
 */
const limits = defaultRateLimits;
const wrong = 'not-the-right-password';

function signInFrom(
  t: TestApp,
  address: string,
  credentials: { email: string; password: string },
  browser?: CookieJar,
) {
  return browserRequest(t, {
    method: 'POST',
    url: '/api/auth/signin',
    payload: credentials,
    remoteAddress: address,
    ...(browser ? { cookie: browser.header() } : {}),
  });
}

function expectRateLimited(response: Awaited<ReturnType<typeof signInFrom>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(sessionTokenOf(response)).toBeUndefined();
}

/** Wrong passwords for the account from `count` different addresses (one each). */
async function sprayWrongPasswords(t: TestApp, email: string, count: number, prefix: string) {
  for (let i = 1; i <= count; i += 1) {
    const response = await signInFrom(t, `${prefix}.${i}`, { email, password: wrong });
    expect(response.statusCode).toBe(401);
  }
}

describe('signing in under attack, with the default limits', () => {
  const mailer = createRecordingMailer();
  const t = useTestApp({ rateLimits: limits, mailer });

  it('ten wrong passwords from ten addresses do not lock the owner out', async () => {
    const owner = await signUp(t, { remoteAddress: '10.20.0.1' });
    await sprayWrongPasswords(t, owner.email, 10, '10.20.1');
    // The owner, on a browser that never signed in before, from yet another address.
    const response = await signInFrom(t, '10.20.2.1', owner);
    expect(response.statusCode).toBe(200);
  });

  it('one address guessing one account stops after passwordFailuresPerAccountAndIp', async () => {
    const owner = await signUp(t, { remoteAddress: '10.21.0.1' });
    for (let i = 0; i < limits.passwordFailuresPerAccountAndIp; i += 1) {
      const response = await signInFrom(t, '10.21.1.1', { email: owner.email, password: wrong });
      expect(response.statusCode).toBe(401);
    }
    // Even the right password waits now, from that address, in any letter case.
    expectRateLimited(
      await signInFrom(t, '10.21.1.1', { ...owner, email: owner.email.toUpperCase() }),
    );
    // The address can still sign in to another account, and the owner from elsewhere.
    const other = await signUp(t, { remoteAddress: '10.21.0.2' });
    expect((await signInFrom(t, '10.21.1.1', other)).statusCode).toBe(200);
    expect((await signInFrom(t, '10.21.2.1', owner)).statusCode).toBe(200);
  });

  it("past passwordFailuresPerAccount strangers wait, but the owner's known browser signs in", async () => {
    const ownersBrowser = createCookieJar();
    const owner = await signUp(t, { remoteAddress: '10.22.0.1' });
    const first = await signInFrom(t, '10.22.0.1', owner, ownersBrowser);
    expect(first.statusCode).toBe(200);
    ownersBrowser.store(first);
    expect(ownersBrowser.get('grounded_device')).toBeTruthy();

    await sprayWrongPasswords(t, owner.email, limits.passwordFailuresPerAccount, '10.22.1');
    // A browser that never signed in to this account waits, even with the right password.
    expectRateLimited(await signInFrom(t, '10.22.2.1', owner));
    // The owner's browser is not locked out by strangers, from any address.
    const owners = await signInFrom(t, '10.22.3.1', owner, ownersBrowser);
    expect(owners.statusCode).toBe(200);
    // A made-up or another account's device cookie does not help a stranger.
    const forged = createCookieJar();
    const elsewhere = await signUp(t, { remoteAddress: '10.22.0.2' });
    forged.store(await signInFrom(t, '10.22.4.1', elsewhere, forged));
    expectRateLimited(await signInFrom(t, '10.22.4.1', owner, forged));
  });

  it("a known browser's own wrong passwords count against it alone", async () => {
    const browser = createCookieJar();
    const owner = await signUp(t, { remoteAddress: '10.23.0.1' });
    browser.store(await signInFrom(t, '10.23.0.1', owner, browser));
    for (let i = 0; i < limits.passwordFailuresPerDevice; i += 1) {
      const response = await signInFrom(t, '10.23.0.1', { ...owner, password: wrong }, browser);
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await signInFrom(t, '10.23.0.1', owner, browser));
    // Another browser of the owner's is not affected.
    expect((await signInFrom(t, '10.23.0.2', owner)).statusCode).toBe(200);
  });

  it('an e-mail with no account answers alike and is limited alike (no enumeration)', async () => {
    const nobody = { email: uniqueEmail('nobody'), password: testPassword };
    for (let i = 0; i < limits.passwordFailuresPerAccountAndIp; i += 1) {
      const response = await signInFrom(t, '10.24.0.1', nobody);
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await signInFrom(t, '10.24.0.1', nobody));
  });
});

describe('password reset under attack, with the default limits', () => {
  const mailer = createRecordingMailer();
  const t = useTestApp({ rateLimits: limits, mailer });
  const requestReset = (email: string, address: string, browser?: CookieJar) =>
    browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
      remoteAddress: address,
      ...(browser ? { cookie: browser.header() } : {}),
    });
  const resetMailsTo = async (email: string) => {
    // Mailing happens after the answer; give it a moment to finish.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return mailer.sent.filter((mail) => mail.to === email && /reset/i.test(mail.subject));
  };

  it("five reset requests from five addresses do not block the owner's", async () => {
    const owner = await signUp(t, { remoteAddress: '10.30.0.1' });
    for (let i = 1; i <= 5; i += 1) {
      expect((await requestReset(owner.email, `10.30.1.${i}`)).statusCode).toBe(200);
    }
    const response = await requestReset(owner.email, '10.30.2.1');
    expect(response.statusCode).toBe(200);
    expect(await resetMailsTo(owner.email)).toHaveLength(6);
  });

  it('one address asking for one e-mail again and again waits after resetPerEmailAndIp', async () => {
    const email = uniqueEmail('reset-one-address');
    for (let i = 0; i < limits.resetPerEmailAndIp; i += 1) {
      expect((await requestReset(email, '10.31.0.1')).statusCode).toBe(200);
    }
    expectRateLimited(await requestReset(email, '10.31.0.1'));
    expect((await requestReset(email, '10.31.0.2')).statusCode).toBe(200);
  });

  it('a flood of requests mails at most resetMailsPerEmail links; the links already sent work', async () => {
    const ownersBrowser = createCookieJar();
    const owner = await signUp(t, { remoteAddress: '10.32.0.1' });
    ownersBrowser.store(await signInFrom(t, '10.32.0.1', owner, ownersBrowser));
    for (let i = 1; i <= limits.resetMailsPerEmail + 5; i += 1) {
      expect((await requestReset(owner.email, `10.32.1.${i}`)).statusCode).toBe(200);
    }
    expect(await resetMailsTo(owner.email)).toHaveLength(limits.resetMailsPerEmail);
    // The owner's own browser still gets a fresh link.
    expect((await requestReset(owner.email, '10.32.3.1', ownersBrowser)).statusCode).toBe(200);
    expect(await resetMailsTo(owner.email)).toHaveLength(limits.resetMailsPerEmail + 1);
    // And a link the flood sent works for the owner too.
    const [token] = mailer.tokensFor(owner.email, '/auth/reset-password');
    const reset = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'owner-takes-it-back-3' },
      remoteAddress: '10.32.2.1',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('deleting the account checks the password under the same limits', () => {
  const t = useTestApp({ rateLimits: limits, mailer: createRecordingMailer() });
  const deleteAccount = (cookie: string, password: string, address: string) =>
    browserRequest(t, {
      method: 'DELETE',
      url: '/api/account',
      cookie,
      payload: { password },
      remoteAddress: address,
    });

  it('a stolen session cannot guess the password without limit', async () => {
    const owner = await signUp(t, { remoteAddress: '10.40.0.1' });
    for (let i = 0; i < limits.passwordFailuresPerAccountAndIp; i += 1) {
      const response = await deleteAccount(owner.cookie, `guess-${i}-password`, '10.40.1.1');
      expect(response.statusCode).toBe(401);
    }
    const limited = await deleteAccount(owner.cookie, owner.password, '10.40.1.1');
    expectRateLimited(limited);
    const user = await t.db.selectFrom('users').select('id').where('id', '=', owner.user.id);
    expect(await user.execute()).toHaveLength(1);
  });

  it('wrong passwords at sign-in and at deletion count together', async () => {
    const owner = await signUp(t, { remoteAddress: '10.41.0.1' });
    for (let i = 0; i < limits.passwordFailuresPerAccountAndIp; i += 1) {
      const response = await signInFrom(t, '10.41.1.1', { email: owner.email, password: wrong });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await deleteAccount(owner.cookie, owner.password, '10.41.1.1'));
  });
});
