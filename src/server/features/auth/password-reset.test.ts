import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { hashToken } from '#server/security/tokens.ts';
import {
  browserRequest,
  sessionCookie,
  sessionTokenOf,
  sessionUser,
  signIn,
  signUp,
  uniqueEmail,
} from '#tests/api-support/auth-helpers.ts';
import {
  resetLinkIn,
  startSmtpCapture,
  type SmtpCapture,
} from '#tests/api-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const hourMs = 60 * 60 * 1000;
const newPassword = 'fresh-meadow-river-9';
/** Sign-ups mail a confirmation link too; these tests wait for the reset e-mail. */
const resetMail = /^Subject: Reset your Grounded password/m;

function requestReset(t: TestApp, email: string) {
  return browserRequest(t, { method: 'POST', url: '/api/auth/password-reset', payload: { email } });
}

function confirmReset(t: TestApp, token: string, password: string) {
  return browserRequest(t, {
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });
}

function attemptSignIn(t: TestApp, email: string, password: string) {
  return browserRequest(t, {
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
  });
}

describe('password reset through a real SMTP server', () => {
  const clock = fixedClock(new Date());
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ clock, config: { smtpUrl: smtp.url } });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Asks for a link by API and reads it out of the e-mail the SMTP server received. */
  async function mailedToken(email: string): Promise<string> {
    const arrival = smtp.nextMessageTo(email, resetMail);
    const response = await requestReset(t, email);
    expect(response.statusCode).toBe(200);
    return resetLinkIn((await arrival).raw).token;
  }

  it('answers an existing and an unknown e-mail identically, and mails only the existing one', async () => {
    const account = await signUp(t);
    const unknown = uniqueEmail('nobody');
    const before = smtp.messages.length;

    const forUnknown = await requestReset(t, unknown);
    const arrival = smtp.nextMessageTo(account.email, resetMail);
    const forExisting = await requestReset(t, account.email);
    await arrival;

    expect(forExisting.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(forExisting.statusCode);
    expect(forUnknown.body).toBe(forExisting.body);
    expect(forExisting.json()).toEqual({ message: expect.stringMatching(/if an account exists/i) });
    expect(sessionTokenOf(forExisting)).toBeUndefined();
    const recipients = smtp.messages
      .slice(before)
      .filter((mail) => resetMail.test(mail.raw))
      .flatMap((mail) => mail.to);
    expect(recipients).toEqual([account.email]);
  });

  it('mails a one-hour link from our address, and stores only a hash of its token', async () => {
    const account = await signUp(t);
    const arrival = smtp.nextMessageTo(account.email, resetMail);
    await requestReset(t, ` ${account.email.toUpperCase()} `);
    const mail = await arrival;
    expect(mail.to).toEqual([account.email]);
    expect(mail.from).toBe('no-reply@grounded.app');
    expect(mail.raw).toMatch(/^Subject: Reset your Grounded password/m);
    const { link, token } = resetLinkIn(mail.raw);
    expect(link.startsWith(`${t.config.publicUrl}/auth/reset-password?token=`)).toBe(true);

    const rows = await t.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', account.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Date.parse(rows[0]?.expires_at ?? '') - clock.now().getTime()).toBe(hourMs);
  });

  it('the link sets a new password, signs in, and signs out every other session', async () => {
    const account = await signUp(t, { display_name: 'Martha' });
    const laptop = await signIn(t, account);
    const token = await mailedToken(account.email);

    const response = await confirmReset(t, token, newPassword);
    expect(response.statusCode).toBe(200);
    // The link reached the mailbox: the address counts as confirmed now.
    expect(response.json()).toEqual({ user: { ...account.user, email_verified: true } });
    const newToken = sessionTokenOf(response);
    expect(newToken).toBeDefined();
    expect((await sessionUser(t, sessionCookie(newToken ?? '')))?.id).toBe(account.user.id);

    for (const old of [account, laptop]) expect(await sessionUser(t, old.cookie)).toBeNull();
    expect((await attemptSignIn(t, account.email, account.password)).statusCode).toBe(401);
    expect((await attemptSignIn(t, account.email, newPassword)).statusCode).toBe(200);
  });

  it('a link works once: the same token again answers 400', async () => {
    const account = await signUp(t);
    const token = await mailedToken(account.email);
    expect((await confirmReset(t, token, newPassword)).statusCode).toBe(200);

    const again = await confirmReset(t, token, 'yet-another-secret-5');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringMatching(/invalid or has expired/),
    });
    expect(sessionTokenOf(again)).toBeUndefined();
    expect((await attemptSignIn(t, account.email, 'yet-another-secret-5')).statusCode).toBe(401);
    expect((await attemptSignIn(t, account.email, newPassword)).statusCode).toBe(200);
  });

  it('checking a link answers valid without using it up, and the used or expired link invalid', async () => {
    const check = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token } });
    const invalid = {
      error: 'VALIDATION_ERROR',
      message: 'This reset link is invalid or has expired. Please request a new one.',
    };
    const account = await signUp(t);
    const token = await mailedToken(account.email);
    for (let look = 0; look < 2; look += 1) {
      const valid = await check(token);
      expect(valid.statusCode).toBe(200);
      // Nothing about whose link it is: no user, no session.
      expect(valid.json()).toEqual({ valid: true });
      expect(sessionTokenOf(valid)).toBeUndefined();
    }
    // Still usable after the checks.
    expect((await confirmReset(t, token, newPassword)).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual(invalid);
    // A made-up token and an expired one answer exactly as a used one.
    expect((await check('made-up-token')).json()).toEqual(invalid);
    const later = await mailedToken(account.email);
    clock.advance(hourMs + 1000);
    expect((await check(later)).json()).toEqual(invalid);
    expect((await check('')).statusCode).toBe(400);
  });

  it('a link used twice at once works only once', async () => {
    const account = await signUp(t);
    const token = await mailedToken(account.email);
    const responses = await Promise.all([
      confirmReset(t, token, newPassword),
      confirmReset(t, token, 'yet-another-secret-5'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const winner = responses[0]?.statusCode === 200 ? newPassword : 'yet-another-secret-5';
    const loser = winner === newPassword ? 'yet-another-secret-5' : newPassword;
    expect((await attemptSignIn(t, account.email, winner)).statusCode).toBe(200);
    expect((await attemptSignIn(t, account.email, loser)).statusCode).toBe(401);
  });

  it('using one link voids the other links sent before it', async () => {
    const account = await signUp(t);
    const first = await mailedToken(account.email);
    const second = await mailedToken(account.email);
    expect(first).not.toBe(second);
    expect((await confirmReset(t, second, newPassword)).statusCode).toBe(200);
    expect((await confirmReset(t, first, 'yet-another-secret-5')).statusCode).toBe(400);
  });

  it('a link older than one hour answers 400 and changes nothing', async () => {
    const account = await signUp(t);
    const token = await mailedToken(account.email);
    clock.advance(hourMs + 1000);
    const response = await confirmReset(t, token, newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/invalid or has expired/);
    expect((await attemptSignIn(t, account.email, account.password)).statusCode).toBe(200);
    expect((await sessionUser(t, account.cookie))?.id).toBe(account.user.id);
  });

  it('a link just under one hour old still works', async () => {
    const account = await signUp(t);
    const token = await mailedToken(account.email);
    clock.advance(hourMs - 1000);
    expect((await confirmReset(t, token, newPassword)).statusCode).toBe(200);
  });

  it('refuses a weak new password with 400 and keeps the link usable', async () => {
    const account = await signUp(t);
    const token = await mailedToken(account.email);
    const common = await confirmReset(t, token, 'iloveyou');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/common password/i);
    const short = await confirmReset(t, token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 6 characters/);
    expect((await confirmReset(t, token, newPassword)).statusCode).toBe(200);
  });

  it('refuses a made-up token with 400', async () => {
    const response = await confirmReset(t, 'made-up-token', newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('refuses an invalid e-mail with 400', async () => {
    const response = await requestReset(t, 'not an e-mail');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });
});

describe('password reset without SMTP (the outbox)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { smtpUrl: undefined } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('writes the e-mail as an .eml file in <dataDir>/outbox, with a link that works', async () => {
    const account = await signUp(t);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const response = await requestReset(t, account.email);
    expect(response.statusCode).toBe(200);

    // Sending happens after the answer (its timing must not tell whether the account exists);
    // wait for a complete file.
    const raw = await vi.waitFor(() => {
      const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      // The sign-up's confirmation e-mail, and the reset e-mail.
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/\.eml$/);
      const texts = names.map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
      const text = texts.find((mail) => resetMail.test(mail));
      resetLinkIn(text ?? '');
      return text ?? '';
    });
    expect(raw).toMatch(new RegExp(`^To: ${account.email}`, 'm'));
    const { token } = resetLinkIn(raw);
    expect((await confirmReset(t, token, newPassword)).statusCode).toBe(200);
    expect((await attemptSignIn(t, account.email, newPassword)).statusCode).toBe(200);
  });
});
