import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { defaultRateLimits } from '#server/security/rate-limits.ts';
import {
  browserRequest,
  sessionCookie,
  sessionTokenOf,
  sessionUser,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { createRecordingMailer } from '#tests/api-support/recording-mailer.ts';
import { useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;
const confirmPath = '/auth/confirm-email';

describe('e-mail confirmation of password sign-ups', () => {
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
  const confirmWith = (token: string, password: string) =>
    browserRequest(t, {
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token, password },
    });
  const decline = (token: string) =>
    browserRequest(t, {
      method: 'POST',
      url: '/api/auth/confirm-email/decline',
      payload: { token },
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

  it('opening the link only asks who the account is for; nothing is confirmed by it', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const token = await mailer.tokenFor(account.email, confirmPath);
    const asked = (cookie?: string) =>
      browserRequest(t, {
        method: 'POST',
        url: '/api/auth/confirm-email/lookup',
        payload: { token },
        ...(cookie ? { cookie } : {}),
      });
    const signedOut = await asked();
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ email: account.email, signed_in_as: 'nobody' });
    expect((await asked(account.cookie)).json().signed_in_as).toBe('this-account');
    expect((await asked(other.cookie)).json().signed_in_as).toBe('another-account');
    expect(await isVerified(account)).toBe(false);
  });

  it('the link confirms only for the account holder: its password, or signed in as it', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const token = await mailer.tokenFor(account.email, confirmPath);

    // Opened signed out (the old pre-hijack path: the mailbox owner opens a squatter's link).
    const withoutPassword = await confirm(token);
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().message).toBe(
      'Enter the password of this account to confirm that it is yours.',
    );
    // Another account's session never confirms it.
    const otherSession = await confirm(token, other.cookie);
    expect(otherSession.statusCode).toBe(403);
    expect(otherSession.json().message).toMatch(/another Grounded account/);
    const wrong = await confirmWith(token, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('That is not the password of this account.');
    expect(await isVerified(account)).toBe(false);
    expect(await isVerified(other)).toBe(false);

    // The link still works for its account's holder, and signs them in.
    const right = await confirmWith(token, account.password);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: 'Your e-mail is confirmed. Thank you!' });
    const session = sessionTokenOf(right);
    expect(session).toBeDefined();
    expect(await sessionUser(t, sessionCookie(session ?? ''))).toMatchObject({
      id: account.user.id,
      email_verified: true,
    });
    const again = await confirmWith(token, account.password);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
    const proven = await t.db
      .selectFrom('password_credentials')
      .select('proven_at')
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();
    expect(proven.proven_at).not.toBeNull();
  });

  it('signed in as the account, the link confirms at once', async () => {
    const account = await signUp(t);
    const token = await mailer.tokenFor(account.email, confirmPath);
    const response = await confirm(token, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(sessionTokenOf(response)).toBeUndefined();
    expect(await isVerified(account)).toBe(true);
  });

  it('wrong passwords with the link count like sign-in attempts', async () => {
    const account = await signUp(t);
    const token = await mailer.tokenFor(account.email, confirmPath);
    const statuses: number[] = [];
    for (let i = 0; i <= defaultRateLimits.passwordFailuresPerAccountAndIp; i += 1) {
      statuses.push((await confirmWith(token, `guess-${i}`)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await isVerified(account)).toBe(false);
  });

  it('"Not me" removes an account that holds nothing, and frees the address', async () => {
    const squatter = await signUp(t);
    const token = await mailer.tokenFor(squatter.email, confirmPath);
    const response = await decline(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/account made with your address is removed/);
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', squatter.user.id)
      .execute();
    expect(users).toEqual([]);
    expect(await sessionUser(t, squatter.cookie)).toBeNull();
    // The owner can now sign up with their own address.
    const owner = await signUp(t, { email: squatter.email, password: 'the-owners-own-passphrase' });
    expect(owner.user.email).toBe(squatter.email);
    expect((await decline(token)).statusCode).toBe(400);
  });

  it('"Not me" on an account holding something takes its password and sessions, keeps the rest', async () => {
    const squatter = await signUp(t);
    const entry = await browserRequest(t, {
      method: 'POST',
      url: '/api/journal',
      cookie: squatter.cookie,
      payload: { title: null, content: 'Written by whoever signed up', emotion_tags: [] },
    });
    expect(entry.statusCode).toBe(201);
    const token = await mailer.tokenFor(squatter.email, confirmPath);
    const response = await decline(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/can no longer sign in to it with a password/);
    expect(await sessionUser(t, squatter.cookie)).toBeNull();
    const signIn = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(signIn.statusCode).toBe(401);
    const entries = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('user_id', '=', squatter.user.id)
      .execute();
    expect(entries).toHaveLength(1);
    // The link is spent: it neither confirms nor declines again.
    expect((await confirmWith(token, squatter.password)).statusCode).toBe(400);
    expect((await decline(token)).statusCode).toBe(400);
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
    // When to try again, in the message and in Retry-After alike.
    const minutes = Number(/try again in (\d+) minutes?\./.exec(limited.json().message)?.[1]);
    expect(minutes).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBe(String(minutes * 60));
    // Either link works.
    expect((await confirm(first, account.cookie)).statusCode).toBe(200);
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
