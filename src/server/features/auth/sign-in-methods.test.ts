import { describe, expect, it } from 'vitest';
import {
  browserRequest,
  insertSession,
  sessionCookie,
  sessionTokenOf,
  sessionUser,
  signIn,
  signUp,
  signUpConfirmed,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { newIdentity, useMockGoogle } from '#tests/api-support/mock-google.ts';
import { createRecordingMailer } from '#tests/api-support/recording-mailer.ts';

const confirmPath = '/auth/confirm-email';

/**
 * Who holds an account, through each way in: a confirmation link opened by the mailbox's owner
 * never hands the account to whoever signed up with the address; Google joins only an account
 * whose password the address's owner showed; removing a way in ends the sessions it opened and
 * keeps Google from joining again by itself; and two removals at once never leave no way in.
 */
describe('who holds an account, through each way in', () => {
  const mailer = createRecordingMailer();
  const google = useMockGoogle({ mailer });

  const journal = (cookie: string) =>
    browserRequest(google.t, { method: 'GET', url: '/api/journal', cookie });
  const write = (cookie: string, content: string) =>
    browserRequest(google.t, {
      method: 'POST',
      url: '/api/journal',
      cookie,
      payload: { title: null, content, emotion_tags: [] },
    });
  const remove = (cookie: string, method: string) =>
    browserRequest(google.t, { method: 'DELETE', url: `/api/auth/methods/${method}`, cookie });
  const passwordSignIn = (account: SignedIn) =>
    browserRequest(google.t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
    });
  const googleSession = async (who: ReturnType<typeof newIdentity>) => {
    const response = await google.roundTrip(who);
    const token = sessionTokenOf(response);
    expect(token, String(response.headers.location)).toBeDefined();
    return sessionCookie(token ?? '');
  };
  const confirmedAccount = () => signUpConfirmed(google.t, mailer);

  describe('a confirmation link never hands an account to a squatter (pre-hijack)', () => {
    it('the owner opening the squatter’s link confirms nothing; Google then takes the account back', async () => {
      const squatter = await signUp(google.t);
      const token = await mailer.tokenFor(squatter.email, confirmPath);
      // The owner opens the mail, signed out: the page asks, and nothing is confirmed.
      const opened = await browserRequest(google.t, {
        method: 'POST',
        url: '/api/auth/confirm-email',
        payload: { token },
      });
      expect(opened.statusCode).toBe(400);
      expect((await sessionUser(google.t, squatter.cookie))?.email_verified).toBe(false);

      const owner = await googleSession(newIdentity({ email: squatter.email }));
      expect((await write(owner, 'The owner’s own words')).statusCode).toBe(201);
      expect((await sessionUser(google.t, owner))?.providers).toEqual(['google']);
      // Everything the squatter held is gone: the session, the password.
      expect((await journal(squatter.cookie)).statusCode).toBe(401);
      expect((await passwordSignIn(squatter)).statusCode).toBe(401);
    });

    it('Google revokes a password confirmed by a link nobody signed in to, and every session', async () => {
      // What the old link did: anyone who opened it confirmed the address, password unproven.
      const squatter = await signUp(google.t);
      await google.t.db
        .updateTable('users')
        .set({ email_verified: true })
        .where('id', '=', squatter.user.id)
        .execute();
      const owner = await googleSession(newIdentity({ email: squatter.email }));
      expect((await sessionUser(google.t, owner))?.id).toBe(squatter.user.id);
      expect((await write(owner, 'Written after Google joined')).statusCode).toBe(201);
      expect((await journal(squatter.cookie)).statusCode).toBe(401);
      expect((await passwordSignIn(squatter)).statusCode).toBe(401);
      expect((await sessionUser(google.t, owner))?.providers).toEqual(['google']);
    });

    it('Google joins an account whose holder confirmed it with the password, keeping both', async () => {
      const account = await confirmedAccount();
      const viaGoogle = await googleSession(newIdentity({ email: account.email }));
      expect((await sessionUser(google.t, viaGoogle))?.providers).toEqual(['password', 'google']);
      expect((await journal(account.cookie)).statusCode).toBe(200);
      expect((await passwordSignIn(account)).statusCode).toBe(200);
    });
  });

  describe('removing a way in ends the sessions it opened', () => {
    it('removing Google signs its sessions out; Google does not join again until connected from Settings', async () => {
      const account = await confirmedAccount();
      const who = newIdentity({ email: account.email });
      const viaGoogle = await googleSession(who);
      expect((await remove(account.cookie, 'google')).statusCode).toBe(200);
      expect((await journal(viaGoogle)).statusCode).toBe(401);
      expect((await journal(account.cookie)).statusCode).toBe(200);

      // The same Google account, or another one with the same address, is not linked again.
      for (const again of [who, newIdentity({ email: account.email })]) {
        google.expectFailedRedirect(
          await google.roundTrip(again),
          /connect Google again in Settings/,
        );
      }
      expect((await sessionUser(google.t, account.cookie))?.providers).toEqual(['password']);

      // Connected from Settings, signed in: the session stays, and Google signs in again.
      const connected = await google.roundTrip(who, {
        returnTo: '/settings',
        cookie: account.cookie,
        connect: true,
      });
      expect(connected.headers.location).toBe('/settings');
      expect((await sessionUser(google.t, account.cookie))?.providers).toEqual([
        'password',
        'google',
      ]);
      const back = await googleSession(who);
      expect((await sessionUser(google.t, back))?.id).toBe(account.user.id);
    });

    it('removing the password signs out every password session but the one asking', async () => {
      const account = await confirmedAccount();
      const elsewhere = await signIn(google.t, account);
      const viaGoogle = await googleSession(newIdentity({ email: account.email }));
      const fromBefore = await insertSession(google.t, account.user.id);
      expect((await remove(viaGoogle, 'password')).statusCode).toBe(200);
      for (const cookie of [account.cookie, elsewhere.cookie, fromBefore]) {
        expect((await journal(cookie)).statusCode).toBe(401);
      }
      expect((await write(viaGoogle, 'Still here')).statusCode).toBe(201);
      expect((await passwordSignIn(account)).statusCode).toBe(401);
    });

    it('the one asking stays signed in, whichever way they came', async () => {
      const account = await confirmedAccount();
      await googleSession(newIdentity({ email: account.email }));
      expect((await remove(account.cookie, 'password')).statusCode).toBe(200);
      expect((await journal(account.cookie)).statusCode).toBe(200);
    });
  });

  describe('connecting Google from Settings joins only the account that asked', () => {
    it('needs a signed-in browser, and the same account when Google sends it back', async () => {
      const signedOut = await google.startSignIn({ returnTo: '/settings', connect: true });
      expect(signedOut.statusCode).toBe(302);
      expect(String(signedOut.headers.location)).toMatch(/^\/auth\?error=/);

      const account = await confirmedAccount();
      const other = await confirmedAccount();
      google.identity = newIdentity({ email: account.email });
      const start = await google.startSignIn({ cookie: account.cookie, connect: true });
      const back = await google.visitProvider(String(start.headers.location));
      const state = /grounded_oauth_state=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1];
      const response = await google.t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: `grounded_oauth_state=${state}; ${other.cookie}` },
      });
      google.expectFailedRedirect(response, /sign in to the account you are connecting/);
      expect((await sessionUser(google.t, account.cookie))?.providers).toEqual(['password']);
      expect((await sessionUser(google.t, other.cookie))?.providers).toEqual(['password']);
    });

    it('refuses a Google account that uses another address', async () => {
      const account = await confirmedAccount();
      const response = await google.roundTrip(newIdentity(), {
        cookie: account.cookie,
        connect: true,
      });
      google.expectFailedRedirect(response, /Please choose the Google account that uses/);
      expect((await sessionUser(google.t, account.cookie))?.providers).toEqual(['password']);
    });
  });

  it('two removals at once, on two instances, never leave an account without a way in', async () => {
    // On PostgreSQL a second server process is what races; SQLite serves from one process.
    const other =
      google.t.dialect === 'postgres' ? await google.t.startAnotherInstance() : google.t.app;
    for (let run = 0; run < 6; run += 1) {
      const account = await confirmedAccount();
      const viaGoogle = await googleSession(newIdentity({ email: account.email }));
      const [password, googleRemoval] = await Promise.all([
        browserRequest(google.t, {
          method: 'DELETE',
          url: '/api/auth/methods/password',
          cookie: account.cookie,
        }),
        browserRequest(
          { app: other, config: google.t.config },
          { method: 'DELETE', url: '/api/auth/methods/google', cookie: viaGoogle },
        ),
      ]);
      const statuses = [password.statusCode, googleRemoval.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const left = await google.t.db
        .selectFrom('users')
        .leftJoin('password_credentials', 'password_credentials.user_id', 'users.id')
        .leftJoin('oauth_accounts', 'oauth_accounts.user_id', 'users.id')
        .select(['password_credentials.user_id as password', 'oauth_accounts.user_id as google'])
        .where('users.id', '=', account.user.id)
        .executeTakeFirstOrThrow();
      expect([left.password, left.google].filter(Boolean)).toHaveLength(1);
    }
  });
});
