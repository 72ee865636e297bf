import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserRequest, sessionTokenOf, signUp } from '#tests/api-support/auth-helpers.ts';
import { mailedLinkIn, resetLinkIn } from '#tests/api-support/smtp-capture.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    lines.push(chunk.toString('utf8'));
    callback();
  },
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'debug', smtpUrl: undefined }, logStream });
});

afterAll(async () => {
  await t?.close();
});

describe('the log', () => {
  it('never holds a password, a session id, a reset token, an OAuth code or a Set-Cookie value', async () => {
    const password = 'first-secret-Pa55word';
    const wrongPassword = 'wrong-secret-Gu3ss';
    const newPassword = 'second-secret-N3wPass';
    const secrets: string[] = [password, wrongPassword, newPassword];

    // Sign up, sign in, a wrong sign-in, and some use of the session.
    const account = await signUp(t, { password, display_name: 'Logged Person' });
    secrets.push(account.token);
    const signIn = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password },
    });
    secrets.push(sessionTokenOf(signIn) ?? 'missing');
    const wrong = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: wrongPassword },
    });
    expect(wrong.statusCode).toBe(401);
    const tooShort = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'short@example.com', password: 'Sh0rt', display_name: 'x' },
    });
    expect(tooShort.statusCode).toBe(400);
    secrets.push('Sh0rt');
    expect(
      (await browserRequest(t, { method: 'GET', url: '/api/profile', cookie: account.cookie }))
        .statusCode,
    ).toBe(200);
    await browserRequest(t, {
      method: 'PATCH',
      url: '/api/settings',
      cookie: account.cookie,
      payload: { dark_mode: true },
    });

    // A reset request, the e-mail (outbox), the browser opening the link, and the new password.
    await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: account.email },
    });
    const outbox = path.join(t.config.dataDir, 'outbox');
    // Mailing happens after the answer; the outbox logs once the file is complete.
    // The outbox holds the sign-up's confirmation e-mail and the reset e-mail.
    const mails = await vi.waitFor(() => {
      // Both written in full: each logs once its file is complete.
      expect(lines.join('').split('e-mail written to the outbox')).toHaveLength(3);
      const names = fs.readdirSync(outbox);
      expect(names).toHaveLength(2);
      return names.map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
    });
    const { link, token } = resetLinkIn(
      mails.find((mail) => mail.includes('reset-password')) ?? '',
    );
    secrets.push(token);
    await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    // The confirmation link is opened in the browser, which posts its token.
    const confirmation = mailedLinkIn(
      mails.find((mail) => mail.includes('confirm-email')) ?? '',
      '/auth/confirm-email',
    );
    secrets.push(confirmation.token);
    await t.app.inject({ method: 'GET', url: `/auth/confirm-email?token=${confirmation.token}` });
    await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: confirmation.token },
    });
    const confirmed = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: newPassword },
    });
    expect(confirmed.statusCode).toBe(200);
    const newSession = sessionTokenOf(confirmed) ?? 'missing';
    secrets.push(newSession);

    // A Google callback carries a one-time code and the state in its query string.
    const code = 'oauth-code-Zq81kd02';
    const state = 'oauth-state-Hh27sl99';
    secrets.push(code, state);
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?code=${code}&state=${state}`,
      headers: { cookie: `grounded_oauth_state=${state}` },
    });

    // Deleting the account with a wrong password, then signing out.
    const wrongDelete = 'delete-secret-Wr0ng';
    secrets.push(wrongDelete);
    await browserRequest(t, {
      method: 'DELETE',
      url: '/api/account',
      cookie: `grounded_session=${newSession}`,
      payload: { password: wrongDelete },
    });
    await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signout',
      cookie: `grounded_session=${newSession}`,
    });

    const log = lines.join('');
    // The log did record these requests, so its silence about the secrets means something.
    expect(log).toContain('/api/auth/signin');
    expect(log).toContain('/api/auth/password-reset/confirm');
    expect(log).toContain('/auth/reset-password');
    expect(log).toContain('/api/auth/google/callback');
    for (const secret of secrets)
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    expect(log.toLowerCase()).not.toContain('set-cookie');
    expect(log).not.toContain('grounded_session=');
  });
  it('never holds the words a person searched their own journal or saved verses for', async () => {
    const account = await signUp(t, { display_name: 'Searching Person' });
    const words = 'unmistakable-grief-word';
    for (const url of [
      `/api/journal?q=${words}`,
      `/api/saved-verses?q=${words}&theme=peace`,
      `/api/bookmarks?q=${words}`,
      `/journal-entries?q=${words}`,
      `/saved-verses?theme=hope&q=${words}`,
    ]) {
      await browserRequest(t, { method: 'GET', url, cookie: account.cookie });
    }
    // A search of the Bible is not personal: its words stay, for whoever runs the server.
    await browserRequest(t, { method: 'GET', url: '/api/bible/search?q=shepherd' });
    await vi.waitFor(() => expect(lines.join('')).toContain('q=shepherd'));
    const log = lines.join('');
    expect(log).not.toContain(words);
    expect(log).toContain('/api/journal?q=[redacted]');
    expect(log).toContain('/saved-verses?theme=hope&q=[redacted]');
  });
});
