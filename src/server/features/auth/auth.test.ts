import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { sessionCookieName } from '#server/security/sessions.ts';
import { hashToken } from '#server/security/tokens.ts';
import { weekdays } from '#shared/schemas/settings.ts';
import {
  browserRequest,
  sessionCookie,
  sessionTokenOf,
  sessionUser,
  signIn,
  signUp,
  testPassword,
  uniqueEmail,
} from '#tests/api-support/auth-helpers.ts';
import { responseCookie } from '#tests/api-support/cookie-jar.ts';
import { useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;

function postSignUp(t: TestApp, payload: Record<string, unknown>) {
  return browserRequest(t, { method: 'POST', url: '/api/auth/signup', payload });
}

function postSignIn(t: TestApp, payload: Record<string, unknown>) {
  return browserRequest(t, { method: 'POST', url: '/api/auth/signin', payload });
}

async function countUsers(t: TestApp, email: string): Promise<number> {
  const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
  return rows.length;
}

describe('sign-up', () => {
  const t = useTestApp();

  it.each([
    ['a missing e-mail', { password: testPassword, display_name: 'Ann' }, /e-mail/i],
    [
      'an invalid e-mail',
      { email: 'not-an-email', password: testPassword, display_name: 'Ann' },
      /valid e-mail/i,
    ],
    ['a missing display name', { email: 'nameless@example.com', password: testPassword }, /name/i],
    [
      'a blank display name',
      { email: 'blank@example.com', password: testPassword, display_name: '   ' },
      /name/i,
    ],
    [
      'a password under 6 characters',
      { email: 'short@example.com', password: 'abc12', display_name: 'Ann' },
      /at least 6 characters/,
    ],
    [
      'a password over 128 characters',
      { email: 'long@example.com', password: 'x'.repeat(129), display_name: 'Ann' },
      /at most 128 characters/,
    ],
    [
      "a common password ('password1')",
      { email: 'common1@example.com', password: 'password1', display_name: 'Ann' },
      /common password/i,
    ],
    [
      "a common password ('iloveyou')",
      { email: 'common2@example.com', password: 'iloveyou', display_name: 'Ann' },
      /common password/i,
    ],
  ])('refuses %s with 400 and a clear message, creating nobody', async (_, payload, message) => {
    const response = await postSignUp(t, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(body.message).toMatch(message);
    expect(response.headers['set-cookie']).toBeUndefined();
    if ('email' in payload) expect(await countUsers(t, payload.email)).toBe(0);
  });

  it('accepts a password of exactly 6 and of exactly 128 characters', async () => {
    await signUp(t, { password: 'k7#qz!' });
    await signUp(t, { password: 'k7#qz!'.repeat(21) + 'ab' });
  });

  it('answers 201 with the user and an httpOnly, SameSite=Lax session cookie for 30 days', async () => {
    const response = await postSignUp(t, {
      email: 'ruth@example.com',
      password: testPassword,
      display_name: 'Ruth',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      user: {
        id: expect.any(String),
        email: 'ruth@example.com',
        display_name: 'Ruth',
        profile_image_url: null,
        has_password: true,
        providers: ['password'],
        email_verified: false,
        is_moderator: false,
      },
    });
    const cookie = responseCookie(response, sessionCookieName);
    expect(cookie).toBeDefined();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const lifetimeDays = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / dayMs;
    expect(lifetimeDays).toBeGreaterThan(29.9);
    expect(lifetimeDays).toBeLessThanOrEqual(30);

    const user = await sessionUser(t, sessionCookie(cookie?.value ?? ''));
    expect(user).toEqual(response.json().user);
  });

  it('creates the profile (named as signed up) and the default settings', async () => {
    const { user, cookie } = await signUp(t, { display_name: '  Boaz  ' });
    expect(user.display_name).toBe('Boaz');

    const profile = await browserRequest(t, { method: 'GET', url: '/api/profile', cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      user_id: user.id,
      email: user.email,
      display_name: 'Boaz',
      profile_image_url: null,
    });

    const settings = await browserRequest(t, { method: 'GET', url: '/api/settings', cookie });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      user_id: user.id,
      daily_verse_notifications: true,
      journal_reminders: true,
      dark_mode: false,
      reminder_days: [...weekdays],
      reminder_time: '09:00:00',
      reminder_timezone: 'UTC',
    });
    expect(weekdays).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
  });

  it('normalises the e-mail (trim, lower case), so signing in with the plain form works', async () => {
    const { user } = await signUp(t, { email: ' Ann@Example.COM ' });
    expect(user.email).toBe('ann@example.com');
    const signedIn = await signIn(t, { email: 'ann@example.com', password: testPassword });
    expect(signedIn.user.id).toBe(user.id);
    const again = await signIn(t, { email: 'ANN@example.com ', password: testPassword });
    expect(again.user.id).toBe(user.id);
  });

  it('refuses an e-mail that already has an account, in any case, with 409', async () => {
    const email = uniqueEmail('dup');
    const first = await signUp(t, { email });
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
      const response = await postSignUp(t, {
        email: variant,
        password: 'another-password-77',
        display_name: 'Someone Else',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'CONFLICT', message: expect.any(String) });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await countUsers(t, email)).toBe(1);
    // The first account's password still works, the attempted one does not.
    await signIn(t, { email, password: first.password });
    const taken = await postSignIn(t, { email, password: 'another-password-77' });
    expect(taken.statusCode).toBe(401);
  });
});

describe('sign-up, twice at once with one e-mail', () => {
  const t = useTestApp();

  it('creates one account: one answer is 201, the other 409', async () => {
    const email = uniqueEmail('race');
    const payload = { email, password: testPassword, display_name: 'Twin' };
    const responses = await Promise.all([postSignUp(t, payload), postSignUp(t, payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await countUsers(t, email)).toBe(1);
  });
});

describe('behind HTTPS', () => {
  const t = useTestApp({ config: { publicUrl: 'https://grounded.example' } });

  it('marks the session cookie Secure', async () => {
    const response = await postSignUp(t, {
      email: uniqueEmail('https'),
      password: testPassword,
      display_name: 'Secure',
    });
    expect(response.statusCode).toBe(201);
    expect(responseCookie(response, sessionCookieName)?.secure).toBe(true);
  });
});

describe('sign-in', () => {
  const t = useTestApp();

  it('returns the user and a new session id on every sign-in, each of them valid', async () => {
    const account = await signUp(t, { display_name: 'Naomi' });
    const first = await signIn(t, account);
    const second = await signIn(t, account);
    expect(first.user).toEqual(account.user);
    expect(second.user).toEqual(account.user);
    expect(new Set([account.token, first.token, second.token]).size).toBe(3);
    for (const session of [account, first, second]) {
      expect((await sessionUser(t, session.cookie))?.id).toBe(account.user.id);
    }
  });

  it('answers a wrong password and an unknown e-mail alike: 401 "Invalid e-mail or password."', async () => {
    const account = await signUp(t);
    const wrong = await postSignIn(t, { email: account.email, password: 'not-the-password' });
    const unknown = await postSignIn(t, { email: uniqueEmail('ghost'), password: testPassword });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'UNAUTHORIZED',
        message: 'Invalid e-mail or password.',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a missing password with 400', async () => {
    const response = await postSignIn(t, { email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('stores an argon2id hash, never the password, and no raw session id', async () => {
    const account = await signUp(t);
    const credential = await t.db
      .selectFrom('password_credentials')
      .select('password_hash')
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();
    expect(credential.password_hash).toMatch(/^\$argon2id\$/);
    expect(credential.password_hash).not.toContain(account.password);

    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', account.user.id)
      .execute();
    expect(sessions.map((session) => session.id)).toEqual([hashToken(account.token)]);
  });
});

describe('sessions', () => {
  const clock = fixedClock(new Date('2025-01-01T08:00:00.000Z'));
  const t = useTestApp({ clock });

  it('a visitor has no user; a garbage or unknown cookie is a visitor too, not an error', async () => {
    expect(await sessionUser(t, undefined)).toBeNull();
    for (const cookie of [
      sessionCookie('garbage'),
      sessionCookie('%E0%A4%A'),
      sessionCookie('x'.repeat(5000)),
      `${sessionCookieName}=`,
      'grounded_session',
    ]) {
      const response = await browserRequest(t, { method: 'GET', url: '/api/auth/session', cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
      const profile = await browserRequest(t, { method: 'GET', url: '/api/profile', cookie });
      expect(profile.statusCode).toBe(401);
    }
  });

  it('sign-out revokes the session: the old cookie is a visitor and the API answers 401', async () => {
    const account = await signUp(t);
    const other = await signIn(t, account);
    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signout',
      cookie: account.cookie,
    });
    expect(response.statusCode).toBe(204);
    const cleared = responseCookie(response, sessionCookieName);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBe(0);

    expect(await sessionUser(t, account.cookie)).toBeNull();
    const profile = await browserRequest(t, {
      method: 'GET',
      url: '/api/profile',
      cookie: account.cookie,
    });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    // Signing out on one device leaves the others signed in.
    expect((await sessionUser(t, other.cookie))?.id).toBe(account.user.id);
  });

  it('sign-out without a session is harmless', async () => {
    const response = await browserRequest(t, { method: 'POST', url: '/api/auth/signout' });
    expect(response.statusCode).toBe(204);
  });

  it("sign-out everywhere revokes every session of that user and nobody else's", async () => {
    const ann = await signUp(t);
    const annPhone = await signIn(t, ann);
    const annTablet = await signIn(t, ann);
    const bob = await signUp(t);
    const now = new Date().toISOString();
    for (const [index, user] of [ann.user, bob.user].entries()) {
      await t.db
        .insertInto('push_subscriptions')
        .values({
          id: crypto.randomUUID(),
          user_id: user.id,
          endpoint: `https://push.example/${index}`,
          p256dh: 'key',
          auth: 'secret',
          created_at: now,
        })
        .execute();
    }

    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signout-all',
      cookie: annPhone.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(sessionTokenOf(response)).toBeUndefined();
    for (const session of [ann, annPhone, annTablet]) {
      expect(await sessionUser(t, session.cookie)).toBeNull();
    }
    expect((await sessionUser(t, bob.cookie))?.id).toBe(bob.user.id);
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ann.user.id)
      .execute();
    expect(left).toEqual([]);
    // No browser keeps receiving Ann's pushes; Bob's subscription stays.
    const subscriptions = await t.db.selectFrom('push_subscriptions').select('user_id').execute();
    expect(subscriptions).toEqual([{ user_id: bob.user.id }]);
  });

  it('sign-out everywhere needs a session', async () => {
    const response = await browserRequest(t, { method: 'POST', url: '/api/auth/signout-all' });
    expect(response.statusCode).toBe(401);
  });

  it('a session unused for 30 days expires', async () => {
    const account = await signUp(t);
    clock.advance(30 * dayMs - 60_000);
    // Not used since sign-up: still valid a minute before the end (this use slides it, so…)
    const fresh = await signIn(t, account);
    clock.advance(60_000);
    expect(await sessionUser(t, account.cookie)).toBeNull();
    const profile = await browserRequest(t, {
      method: 'GET',
      url: '/api/profile',
      cookie: account.cookie,
    });
    expect(profile.statusCode).toBe(401);
    // …the session started later is unaffected.
    expect((await sessionUser(t, fresh.cookie))?.id).toBe(account.user.id);
  });

  it('an expired cookie is cleared and its row deleted', async () => {
    const account = await signUp(t);
    clock.advance(30 * dayMs + 1000);
    const response = await browserRequest(t, {
      method: 'GET',
      url: '/api/auth/session',
      cookie: account.cookie,
    });
    expect(response.json()).toEqual({ user: null });
    expect(responseCookie(response, sessionCookieName)?.value).toBe('');
    const row = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', hashToken(account.token))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('using a session slides its expiry: used on day 20 and day 40, it still works on day 45', async () => {
    const start = clock.now().getTime();
    const account = await signUp(t);

    clock.advance(20 * dayMs);
    const day20 = await browserRequest(t, {
      method: 'GET',
      url: '/api/profile',
      cookie: account.cookie,
    });
    expect(day20.statusCode).toBe(200);
    // The browser is told the new expiry too, 30 days from this use.
    const renewed = responseCookie(day20, sessionCookieName);
    expect(renewed?.value).toBe(account.token);
    expect(renewed?.expires?.getTime()).toBe(start + 50 * dayMs);
    expect(renewed?.httpOnly).toBe(true);

    clock.advance(20 * dayMs);
    expect((await sessionUser(t, account.cookie))?.id).toBe(account.user.id);

    clock.advance(5 * dayMs);
    expect((await sessionUser(t, account.cookie))?.id).toBe(account.user.id);

    // Unused from day 45, it ends on day 75.
    clock.advance(30 * dayMs);
    expect(await sessionUser(t, account.cookie)).toBeNull();
  });

  it('a session of a deleted user is a visitor', async () => {
    const account = await signUp(t);
    await t.db.deleteFrom('users').where('id', '=', account.user.id).execute();
    expect(await sessionUser(t, account.cookie)).toBeNull();
  });
});
