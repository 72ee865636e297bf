import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '#server/mailer.ts';
import {
  browserRequest,
  sessionTokenOf,
  signIn,
  signUp,
  uniqueEmail,
} from '#tests/api-support/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const blankMessage = 'password: Your password cannot be only spaces.';

/** Blank to a person: spaces, tabs, no-break and ideographic spaces, line breaks. */
const blankPasswords = [
  ['six spaces', '      '],
  ['tabs', '\t\t\t\t\t\t'],
  ['no-break spaces', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'],
  ['ideographic spaces', '\u3000\u3000\u3000\u3000\u3000\u3000'],
  ['a mix of blank characters', ' \t\u00a0\u3000\u2003\n\u202f\u2028'],
] as const;

/** A password of six spaces was once accepted while 'abcdef' was refused. */
describe('passwords that are only spaces', () => {
  const mail: Mail[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      mail.push(message);
    },
    describe: () => 'memory',
  };
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ mailer });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function usersWithEmail(email: string) {
    return t.db.selectFrom('users').select('id').where('email', '=', email).execute();
  }

  /** The token of the reset link mailed to this address, if one was. */
  function mailedResetToken(email: string, since: number): string | undefined {
    for (const message of mail.slice(since)) {
      const token = /\/auth\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(message.text)?.[1];
      if (message.to === email && token) return decodeURIComponent(token);
    }
    return undefined;
  }

  /** Asks for a reset link and reads its token out of the e-mail (sent after the answer). */
  async function resetToken(email: string): Promise<string> {
    const since = mail.length;
    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const token = mailedResetToken(email, since);
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reset link was mailed to ${email}`);
  }

  function confirmReset(token: string, password: string) {
    return browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });
  }

  it.each(blankPasswords)('refuses to sign up with a password of %s', async (_, password) => {
    const email = uniqueEmail('blank');
    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password, display_name: 'Ann' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: blankMessage });
    expect(sessionTokenOf(response)).toBeUndefined();
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('keeps spaces around a real password as typed, at sign-up', async () => {
    const password = '  quiet harbour lamp  ';
    const account = await signUp(t, { password });
    await signIn(t, { email: account.email, password });
    const trimmed = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: password.trim() },
    });
    expect(trimmed.statusCode).toBe(401);
  });

  it.each(blankPasswords)(
    'refuses a new password of %s at reset, and the link still works',
    async (_, password) => {
      const account = await signUp(t);
      const token = await resetToken(account.email);

      const refused = await confirmReset(token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'VALIDATION_ERROR', message: blankMessage });
      expect(sessionTokenOf(refused)).toBeUndefined();
      // The old password still works; nothing was changed.
      await signIn(t, account);

      const accepted = await confirmReset(token, '\u3000fresh meadow river 9\u3000');
      expect(accepted.statusCode, accepted.body).toBe(200);
      await signIn(t, { email: account.email, password: '\u3000fresh meadow river 9\u3000' });
    },
  );
});
