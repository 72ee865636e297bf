import { describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../security/rate-limits.ts';
import { fixedClock } from '../../clock.ts';
import {
  browserRequest,
  sessionCookie,
  sessionTokenOf,
  sessionUser,
  signUp,
  type SignedIn,
} from '../../../../tests/api-support/auth-helpers.ts';
import { createRecordingMailer } from '../../../../tests/api-support/recording-mailer.ts';
import { useTestApp, type TestApp } from '../../../../tests/api-support/test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;
const confirmPath = '/auth/confirm-email';

describe('e-mail confirmation of password sign-ups (issue 20, item 1)', () => {
  const mailer = createRecordingMailer();
  const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
  const t: TestApp = useTestApp({ mailer, clock, rateLimits: defaultRateLimits });

  const confirm = (token: unknown, cookie?: string) =>
    browserRequest(t, {
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
      ...(cookie ? { cookie } : {}),
    });
  const resend = (cookie?: string) =>
    browserRequest(t, {
      method: 'POST',
      url: '/api/auth/confirm-email/resend',
      ...(cookie ? { cookie } : {}),
    });
  const isVerified = async (account: SignedIn) =>
    (await sessionUser(t, account.cookie))?.email_verified;

  it('sign-up mails a confirmation link; the account works at once, unconfirmed', async () => {
    const account = await signUp(t);
    expect(account.user.email_verified).toBe(false);
    const token = await mailer.tokenFor(account.email, confirmPath);
    const mail = mailer.sent.find((sent) => sent.to === account.email);
    expect(mail?.subject).toBe('Confirm your e-mail for Grounded');
    expect(mail?.html).toContain(`${t.config.publicUrl}${confirmPath}?token=`);
    expect(token.length).toBeGreaterThan(30);
    // Nothing waits for the confirmation: the journal takes an entry right away.
    const entry = await browserRequest(t, {
      method: 'POST',
      url: '/api/journal',
      cookie: account.cookie,
      payload: { title: null, content: 'Day one', emotion_tags: [] },
    });
    expect(entry.statusCode).toBe(201);
    // Only a hash of the token is stored.
    const rows = await t.db
      .selectFrom('email_confirmation_tokens')
      .select(['token_hash', 'email'])
      .where('user_id', '=', account.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(token);
    expect(rows[0]?.email).toBe(account.email);
  });

  it('the link confirms the address once, signed out or in another browser', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const token = await mailer.tokenFor(account.email, confirmPath);
    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your e-mail is confirmed. Thank you!' });
    // Confirming signs nobody in.
    expect(sessionTokenOf(response)).toBeUndefined();
    expect(await isVerified(account)).toBe(true);
    expect(await isVerified(other)).toBe(false);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('a made-up, malformed or expired link answers 400 and confirms nothing', async () => {
    const account = await signUp(t);
    const token = await mailer.tokenFor(account.email, confirmPath);
    for (const bad of ['made-up-token', '', 42, null, 'x'.repeat(500)]) {
      const response = await confirm(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    clock.advance(3 * dayMs + 1);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/invalid or has expired/);
    expect(await isVerified(account)).toBe(false);
  });

  it('a new link can be asked for while signed in, a few times an hour', async () => {
    expect((await resend()).statusCode).toBe(401);
    const account = await signUp(t);
    const first = await mailer.tokenFor(account.email, confirmPath);
    const response = await resend(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(account.email);
    const second = await mailer.tokenFor(account.email, confirmPath);
    expect(second).not.toBe(first);
    for (let i = 0; i < 2; i += 1) expect((await resend(account.cookie)).statusCode).toBe(200);
    const limited = await resend(account.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('RATE_LIMITED');
    // Either link works.
    expect((await confirm(first)).statusCode).toBe(200);
    const done = await resend(account.cookie);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Your e-mail is already confirmed.');
  });

  it('setting a new password through a mailed reset link confirms the address too', async () => {
    const account = await signUp(t);
    await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: account.email },
    });
    const token = await mailer.tokenFor(account.email, '/auth/reset-password');
    const reset = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'a-new-and-long-password-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionUser(t, sessionCookie(sessionTokenOf(reset) ?? ''))).toMatchObject({
      id: account.user.id,
      email_verified: true,
    });
  });
});
