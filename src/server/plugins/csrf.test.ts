import { describe, expect, it } from 'vitest';
import { sessionUser, signUp, testPassword, uniqueEmail } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();
const evil = 'https://evil.example';

function signUpPayload(email: string) {
  return { email, password: testPassword, display_name: 'Mallory Target' };
}

async function userExists(email: string): Promise<boolean> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

function expectRefused(response: {
  statusCode: number;
  json: () => unknown;
  headers: Record<string, unknown>;
}) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe('cross-site requests', () => {
  it('refuses a JSON POST from another origin with 403 JSON, and writes nothing', async () => {
    const email = uniqueEmail('csrf');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: evil },
      payload: signUpPayload(email),
    });
    expectRefused(response);
    expect(await userExists(email)).toBe(false);
  });

  it('refuses a cross-site HTML form post, and writes nothing', async () => {
    const email = uniqueEmail('form');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: evil, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signUpPayload(email)).toString(),
    });
    expectRefused(response);
    expect(await userExists(email)).toBe(false);
  });

  it('refuses a form post even from a browser that sends no Origin (the API takes only JSON)', async () => {
    const email = uniqueEmail('old-browser');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signUpPayload(email)).toString(),
    });
    expect(response.statusCode).toBe(415);
    expect(await userExists(email)).toBe(false);
  });

  it('refuses Sec-Fetch-Site: cross-site (or same-site) without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const email = uniqueEmail('fetch-site');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'sec-fetch-site': site },
        payload: signUpPayload(email),
      });
      expectRefused(response);
      expect(await userExists(email)).toBe(false);
    }
  });

  it('refuses a Referer from another site when there is neither Origin nor Sec-Fetch-Site', async () => {
    const email = uniqueEmail('referer');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { referer: `${evil}/page` },
      payload: signUpPayload(email),
    });
    expectRefused(response);
    expect(await userExists(email)).toBe(false);
  });

  it('refuses a POST to a percent-encoded API path, which routes like the plain one', async () => {
    const email = uniqueEmail('encoded');
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/signup',
      headers: { origin: evil },
      payload: signUpPayload(email),
    });
    expectRefused(response);
    expect(await userExists(email)).toBe(false);
  });

  it("refuses an opaque 'null' Origin (sandboxed frames, data: URLs)", async () => {
    const email = uniqueEmail('null-origin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'null' },
      payload: signUpPayload(email),
    });
    expectRefused(response);
    expect(await userExists(email)).toBe(false);
  });

  it('protects every state-changing method of a signed-in user: PATCH, DELETE, POST', async () => {
    const account = await signUp(t, { display_name: 'Victim' });
    const attacks = [
      { method: 'PATCH' as const, url: '/api/profile', payload: { display_name: 'Pwned' } },
      { method: 'PATCH' as const, url: '/api/settings', payload: { dark_mode: true } },
      { method: 'DELETE' as const, url: '/api/account', payload: { password: account.password } },
      { method: 'POST' as const, url: '/api/auth/signout-all' },
    ];
    for (const attack of attacks) {
      const response = await t.app.inject({
        ...attack,
        headers: { origin: evil, cookie: account.cookie },
      });
      expectRefused(response);
    }
    const user = await sessionUser(t, account.cookie);
    expect(user?.display_name).toBe('Victim');
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { cookie: account.cookie },
    });
    expect(settings.json().dark_mode).toBe(false);
  });
});

describe('same-site requests', () => {
  it('allows a POST with our own Origin', async () => {
    const email = uniqueEmail('same');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: t.config.publicUrl },
      payload: signUpPayload(email),
    });
    expect(response.statusCode).toBe(201);
    expect(await userExists(email)).toBe(true);
  });

  it('allows Sec-Fetch-Site: same-origin, and clients that send no browser headers at all', async () => {
    const viaFetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: signUpPayload(uniqueEmail('fetch-same')),
    });
    expect(viaFetchSite.statusCode).toBe(201);
    const plainClient = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signUpPayload(uniqueEmail('curl')),
    });
    expect(plainClient.statusCode).toBe(201);
  });

  it('does not check GET requests, which change nothing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: evil },
    });
    expect(response.statusCode).toBe(200);
  });
});
