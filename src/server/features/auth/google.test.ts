import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { sessionCookieName } from '#server/security/sessions.ts';
import { hashToken } from '#server/security/tokens.ts';
import {
  browserRequest,
  sessionCookie,
  sessionTokenOf,
  sessionUser,
  signIn,
  signUp,
  signUpConfirmed,
} from '#tests/api-support/auth-helpers.ts';
import { responseCookie } from '#tests/api-support/cookie-jar.ts';
import {
  fetchPublic,
  smallPictureUrl,
  uploadPicture,
} from '#tests/api-support/fixtures/pictures.ts';
import {
  googleClientId,
  googlePublicUrl,
  googleStateCookieName,
  newIdentity,
  useMockGoogle,
  type Identity,
} from '#tests/api-support/mock-google.ts';
import { createRecordingMailer } from '#tests/api-support/recording-mailer.ts';
import { useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const publicUrl = googlePublicUrl;
const stateCookieName = googleStateCookieName;
const clientId = googleClientId;

describe('Google sign-in (OpenID Connect against a mock provider)', () => {
  const clock = fixedClock(new Date());
  const mailer = createRecordingMailer();
  const mockGoogle = useMockGoogle({ clock, mailer });
  const { visitProvider, callback, expectFailedRedirect } = mockGoogle;
  let t: TestApp;
  beforeAll(() => {
    t = mockGoogle.t;
  });
  const startSignIn = (returnTo = '/journal') => mockGoogle.startSignIn({ returnTo });
  const roundTrip = (who: Identity, returnTo = '/journal') =>
    mockGoogle.roundTrip(who, { returnTo });

  async function oauthAccountsOf(userId: string) {
    return t.db
      .selectFrom('oauth_accounts')
      .select(['provider', 'provider_user_id'])
      .where('user_id', '=', userId)
      .execute();
  }

  async function usersWithEmail(email: string) {
    return t.db.selectFrom('users').select('id').where('email', '=', email).execute();
  }

  it('is listed as an available provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: true });
  });

  it('starts with a redirect to the provider carrying PKCE (S256), state and nonce, and a state cookie', async () => {
    const response = await startSignIn('/journal');
    expect(response.statusCode).toBe(302);
    const url = new URL(String(response.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${mockGoogle.issuerUrl}/authorize`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(clientId);
    expect(params.get('redirect_uri')).toBe(`${publicUrl}/api/auth/google/callback`);
    expect(params.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const state = params.get('state');
    expect(state).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const cookie = responseCookie(response, stateCookieName);
    expect(cookie?.value).toBe(state);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/api/auth/google');
    expect(cookie?.maxAge).toBe(600);

    // The server keeps the verifier under a hash of the state, never the raw state.
    const pending = await t.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', hashToken(state ?? ''))
      .executeTakeFirst();
    expect(pending).toMatchObject({ nonce: params.get('nonce'), return_to: '/journal' });
  });

  it('signs a new person up: back to return_to, signed in, named and pictured as at Google', async () => {
    const who = newIdentity({ email: `Lydia-${randomUUID().slice(0, 6)}@Example.COM` });
    const response = await roundTrip(who, '/journal');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/journal');
    expect(responseCookie(response, stateCookieName)?.value).toBe('');

    const token = sessionTokenOf(response);
    expect(token).toBeDefined();
    const cookie = sessionCookie(token ?? '');
    const user = await sessionUser({ app: t.app, config: t.config }, cookie);
    expect(user).toEqual({
      id: expect.any(String),
      email: who.email.toLowerCase(),
      display_name: 'Lydia of Thyatira',
      profile_image_url: who.picture,
      has_password: false,
      providers: ['google'],
      email_verified: true,
      is_moderator: false,
    });

    const profile = await browserRequest(t, { method: 'GET', url: '/api/profile', cookie });
    expect(profile.json()).toMatchObject({
      display_name: 'Lydia of Thyatira',
      profile_image_url: who.picture,
    });
    const settings = await browserRequest(t, { method: 'GET', url: '/api/settings', cookie });
    expect(settings.json()).toMatchObject({ reminder_time: '09:00:00', reminder_timezone: 'UTC' });
    expect(await oauthAccountsOf(user?.id ?? '')).toEqual([
      { provider: 'google', provider_user_id: who.sub },
    ]);
    const row = await t.db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', user?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(true);
  });

  it('gives a Google-only account no password to sign in with', async () => {
    const who = newIdentity();
    await roundTrip(who);
    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: who.email, password: 'any-password-at-all' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid e-mail or password.');
  });

  it('signs the same Google account into the same user next time', async () => {
    const who = newIdentity();
    const first = await roundTrip(who);
    const firstUser = await sessionUser(t, sessionCookie(sessionTokenOf(first) ?? ''));
    const second = await roundTrip(who, '/settings');
    expect(second.headers.location).toBe('/settings');
    const secondToken = sessionTokenOf(second);
    expect(secondToken).not.toBe(sessionTokenOf(first));
    const secondUser = await sessionUser(t, sessionCookie(secondToken ?? ''));
    expect(secondUser?.id).toBe(firstUser?.id);
    expect(await usersWithEmail(who.email)).toHaveLength(1);
  });

  const confirmedAccount = (displayName: string) =>
    signUpConfirmed(t, mailer, { display_name: displayName });

  it('links an existing password account whose owner confirmed the e-mail', async () => {
    const account = await confirmedAccount('Priscilla');
    const who = newIdentity({ email: account.email, email_verified: true, name: 'P. at Google' });
    const response = await roundTrip(who);
    expect(response.headers.location).toBe('/journal');
    const user = await sessionUser(t, sessionCookie(sessionTokenOf(response) ?? ''));
    expect(user).toMatchObject({
      id: account.user.id,
      has_password: true,
      providers: ['password', 'google'],
      email_verified: true,
      // The name the person chose here is kept.
      display_name: 'Priscilla',
    });
    expect(await oauthAccountsOf(account.user.id)).toHaveLength(1);
    // The password and the earlier session still work too: it is one person.
    await signIn(t, account);
    expect((await sessionUser(t, account.cookie))?.id).toBe(account.user.id);
  });

  // The Google picture fills a profile that has none, never over one's own.
  it('gives a confirmed password account without a picture the Google picture when it links', async () => {
    const account = await confirmedAccount('Phoebe');
    const who = newIdentity({
      email: account.email,
      picture: 'https://lh3.googleusercontent.com/a/phoebe.png',
    });
    const response = await roundTrip(who);
    const user = await sessionUser(t, sessionCookie(sessionTokenOf(response) ?? ''));
    expect(user).toMatchObject({ id: account.user.id, profile_image_url: who.picture });
  });

  it('keeps the picture a person uploaded when they link Google', async () => {
    const account = await confirmedAccount('Junia');
    const own = await uploadPicture(t, account);
    const who = newIdentity({ email: account.email });
    const response = await roundTrip(who);
    const user = await sessionUser(t, sessionCookie(sessionTokenOf(response) ?? ''));
    expect(user).toMatchObject({ id: account.user.id, profile_image_url: own });
    expect((await fetchPublic(t, own)).statusCode).toBe(200);
    // And at every later Google sign-in.
    const again = await roundTrip(who);
    expect(
      (await sessionUser(t, sessionCookie(sessionTokenOf(again) ?? '')))?.profile_image_url,
    ).toBe(own);
  });

  it('does not bring back a Google picture the person removed', async () => {
    const who = newIdentity();
    const first = await roundTrip(who);
    const cookie = sessionCookie(sessionTokenOf(first) ?? '');
    expect((await sessionUser(t, cookie))?.profile_image_url).toBe(who.picture);
    const removed = await browserRequest(t, {
      method: 'DELETE',
      url: '/api/profile/picture',
      cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await roundTrip(who);
    const user = await sessionUser(t, sessionCookie(sessionTokenOf(again) ?? ''));
    expect(user?.profile_image_url).toBeNull();
  });

  it('gives an unconfirmed password account to the Google user who proves its e-mail (pre-hijack)', async () => {
    // Someone signs up with the victim's address before the victim ever comes, and stays signed in.
    const attacker = await signUp(t, { display_name: 'Not Tabitha' });
    // Their browser also asked for push reminders of this account.
    await t.db
      .insertInto('push_subscriptions')
      .values({
        id: randomUUID(),
        user_id: attacker.user.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
        p256dh: 'BPublicKey',
        auth: 'authSecret',
        created_at: clock.now().toISOString(),
      })
      .execute();
    // And they chose a picture (decision 017).
    const squattersPicture = await uploadPicture(t, attacker);
    // Then the victim, whose address it is, continues with Google.
    const victim = newIdentity({ email: attacker.email, email_verified: true, name: 'Tabitha' });
    const response = await roundTrip(victim);
    expect(response.headers.location).toBe('/journal');
    const victimCookie = sessionCookie(sessionTokenOf(response) ?? '');
    expect(await sessionUser(t, victimCookie)).toMatchObject({
      id: attacker.user.id,
      has_password: false,
      providers: ['google'],
      email_verified: true,
      display_name: 'Tabitha',
      profile_image_url: victim.picture,
    });
    // The squatter's picture is gone, files and all.
    for (const url of [squattersPicture, smallPictureUrl(squattersPicture)]) {
      expect((await fetchPublic(t, url)).statusCode).toBe(404);
    }
    const files = await t.db
      .selectFrom('stored_files')
      .select('path')
      .where('user_id', '=', attacker.user.id)
      .execute();
    expect(files).toEqual([]);
    // The attacker's session, password and push subscription are gone.
    expect(await sessionUser(t, attacker.cookie)).toBeNull();
    const withPassword = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: attacker.email, password: attacker.password },
    });
    expect(withPassword.statusCode).toBe(401);
    const journal = await browserRequest(t, {
      method: 'GET',
      url: '/api/journal',
      cookie: attacker.cookie,
    });
    expect(journal.statusCode).toBe(401);
    const subscriptions = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', attacker.user.id)
      .execute();
    expect(subscriptions).toEqual([]);
    // The link mailed at the attacker's sign-up is void: the address is the Google user's now.
    const [link] = mailer.tokensFor(attacker.email, '/auth/confirm-email');
    const confirm = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: link },
    });
    expect(confirm.statusCode).toBe(400);
    expect(await oauthAccountsOf(attacker.user.id)).toHaveLength(1);
  });

  it('refuses a Google identity whose e-mail Google has not verified, creating and linking nothing', async () => {
    const account = await signUp(t, { display_name: 'Aquila' });
    for (const who of [
      newIdentity({ email: account.email, email_verified: false }),
      newIdentity({ email_verified: false }),
    ]) {
      const response = await roundTrip(who);
      expectFailedRedirect(response, /not verified/);
      const linked = await t.db
        .selectFrom('oauth_accounts')
        .select('user_id')
        .where('provider_user_id', '=', who.sub)
        .execute();
      expect(linked).toEqual([]);
      expect(await usersWithEmail(who.email)).toHaveLength(who.email === account.email ? 1 : 0);
    }
    // The password account is untouched.
    await signIn(t, account);
  });

  it('lists sign-in methods and removes one, never the last', async () => {
    const account = await confirmedAccount('Lois');
    const remove = (method: string, cookie: string) =>
      browserRequest(t, { method: 'DELETE', url: `/api/auth/methods/${method}`, cookie });
    // Only a password: it cannot be removed.
    const last = await remove('password', account.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/only way to sign in/);
    expect((await remove('google', account.cookie)).statusCode).toBe(404);
    expect((await remove('__proto__', account.cookie)).statusCode).toBe(404);
    expect((await remove('password', '')).statusCode).toBe(401);

    const who = newIdentity({ email: account.email });
    const google = sessionCookie(sessionTokenOf(await roundTrip(who)) ?? '');
    expect((await sessionUser(t, google))?.providers).toEqual(['password', 'google']);
    // Someone else's request removes nothing of this account.
    const stranger = await signUp(t);
    expect((await remove('google', stranger.cookie)).statusCode).toBe(404);

    const withoutGoogle = await remove('google', account.cookie);
    expect(withoutGoogle.statusCode).toBe(200);
    expect(withoutGoogle.json().user).toMatchObject({
      providers: ['password'],
      has_password: true,
    });
    expect(await oauthAccountsOf(account.user.id)).toEqual([]);

    // Connected again from Settings, then the password goes: Google alone signs in.
    await mockGoogle.roundTrip(who, {
      returnTo: '/settings',
      cookie: account.cookie,
      connect: true,
    });
    const withoutPassword = await remove('password', account.cookie);
    expect(withoutPassword.statusCode).toBe(200);
    expect(withoutPassword.json().user).toMatchObject({
      providers: ['google'],
      has_password: false,
    });
    const signInWithPassword = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
    });
    expect(signInWithPassword.statusCode).toBe(401);
    expect((await remove('google', account.cookie)).statusCode).toBe(409);
  });

  it('refuses a callback whose state cookie is missing or different, signing nobody in', async () => {
    mockGoogle.identity = newIdentity();
    const start = await startSignIn();
    const back = await visitProvider(String(start.headers.location));
    expectFailedRedirect(await callback(back, undefined));
    expectFailedRedirect(await callback(back, 'some-other-state'));
    expect(await usersWithEmail(mockGoogle.identity.email)).toEqual([]);
  });

  it('refuses to replay a finished callback', async () => {
    const who = newIdentity();
    mockGoogle.identity = who;
    const start = await startSignIn();
    const stateCookie = responseCookie(start, stateCookieName)?.value;
    const back = await visitProvider(String(start.headers.location));
    expect(sessionTokenOf(await callback(back, stateCookie))).toBeDefined();
    expectFailedRedirect(await callback(back, stateCookie));
  });

  it('refuses an ID token minted for another sign-in (nonce mismatch)', async () => {
    const who = newIdentity({ nonce: 'a-nonce-from-somewhere-else' });
    const response = await roundTrip(who);
    expectFailedRedirect(response);
    expect(await usersWithEmail(who.email)).toEqual([]);
  });

  it('refuses a sign-in that took more than ten minutes', async () => {
    mockGoogle.identity = newIdentity();
    const start = await startSignIn();
    const back = await visitProvider(String(start.headers.location));
    clock.advance(10 * 60 * 1000 + 1000);
    const response = await callback(back, responseCookie(start, stateCookieName)?.value);
    expectFailedRedirect(response, /too long/);
    expect(await usersWithEmail(mockGoogle.identity.email)).toEqual([]);
  });

  it('says so when the person cancels at Google', async () => {
    const start = await startSignIn();
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const response = await callback(
      new URL(`${publicUrl}/api/auth/google/callback?error=access_denied&state=${state}`),
      responseCookie(start, stateCookieName)?.value,
    );
    expectFailedRedirect(response, /cancelled/);
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash trick', '/\\evil.example/phish'],
    ['a tab that browsers strip', '/\t/evil.example/phish'],
    ['a newline that browsers strip', '/\n/evil.example/phish'],
  ])('never sends the browser to %s after signing in', async (_, returnTo) => {
    const response = await roundTrip(newIdentity(), returnTo);
    expect(response.statusCode).toBe(302);
    expect(sessionTokenOf(response)).toBeDefined();
    // Resolved the way a browser resolves Location (WHATWG URL: tabs and newlines removed).
    const target = new URL(String(response.headers.location), publicUrl);
    expect(target.origin).toBe(publicUrl);
  });

  it('lets a Google-only account be deleted by typing DELETE, not with a made-up password', async () => {
    const who = newIdentity();
    const response = await roundTrip(who);
    const cookie = sessionCookie(sessionTokenOf(response) ?? '');
    const userId = (await sessionUser(t, cookie))?.id ?? '';

    const withPassword = await browserRequest(t, {
      method: 'DELETE',
      url: '/api/account',
      cookie,
      payload: { password: 'anything-at-all' },
    });
    expect(withPassword.statusCode).toBe(400);
    expect(await usersWithEmail(who.email)).toHaveLength(1);

    const deleted = await browserRequest(t, {
      method: 'DELETE',
      url: '/api/account',
      cookie,
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await usersWithEmail(who.email)).toEqual([]);
    expect(await oauthAccountsOf(userId)).toEqual([]);
    // Signing in with Google again starts a fresh account.
    const again = await roundTrip(who);
    const newUser = await sessionUser(t, sessionCookie(sessionTokenOf(again) ?? ''));
    expect(newUser?.id).not.toBe(userId);
  });
});

describe('Google sign-in when it is not configured', () => {
  const t = useTestApp({
    config: { googleClientId: undefined, googleClientSecret: undefined },
  });

  it('is not listed, and its start answers 404 JSON', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: false });
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google?return_to=/journal' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect(responseCookie(start, stateCookieName)).toBeUndefined();
  });

  it('sends a stray callback back to the sign-in page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=x&state=y',
    });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/^\/auth\?error=/);
    expect(responseCookie(response, sessionCookieName)).toBeUndefined();
  });
});
