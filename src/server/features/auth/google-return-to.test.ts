import { randomUUID } from 'node:crypto';
import { Events, OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '#server/security/sessions.ts';
import { hashToken } from '#server/security/tokens.ts';
import { sessionTokenOf, uniqueEmail } from '#tests/api-support/auth-helpers.ts';
import { createCookieJar } from '#tests/api-support/cookie-jar.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const publicUrl = 'http://localhost:3999';
const stateCookieName = 'grounded_oauth_state';

/**
 * An open redirect after Google sign-in, now closed. `return_to=/..//evil.example/phish`
 * was kept as '//evil.example/phish' and sent back as the Location of the callback.
 */
const hostileReturns = [
  '/..//evil.example/phish',
  '/.//evil.example/phish',
  '/./..//evil.example/phish',
  '/%2e%2e//evil.example/phish',
  '/%2E%2E//evil.example/phish',
  '/.%2e//evil.example/phish',
  '/%2E%2E%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%5cevil.example',
  '//evil.example/phish',
  '///evil.example/phish',
  '/\\evil.example/phish',
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  '\\\\evil.example/phish',
  'https://evil.example/phish',
  'javascript:alert(1)',
  '/auth',
  '/auth?x',
  '/auth/reset-password?token=abc',
  '/no-such-screen',
  `/journal?q=${'a'.repeat(2100)}`,
];

describe('where Google sign-in returns to', () => {
  const provider = new OAuth2Server();
  let t: TestApp;

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    // Every sign-in is a new person whose address Google has verified.
    provider.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
      Object.assign(token.payload, {
        sub: `google-${randomUUID()}`,
        email: uniqueEmail('return-to'),
        email_verified: true,
        name: 'Phoebe of Cenchreae',
      });
    });
    t = await createTestApp({
      config: {
        publicUrl,
        googleClientId: 'grounded-test-client',
        googleClientSecret: 'grounded-test-secret',
        googleIssuer: provider.issuer.url ?? '',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await provider.stop();
  });

  async function storedReturnTo(state: string | null): Promise<string | undefined> {
    const row = await t.db
      .selectFrom('oauth_states')
      .select('return_to')
      .where('state_hash', '=', hashToken(state ?? ''))
      .executeTakeFirst();
    return row?.return_to;
  }

  /**
   * Starts Google sign-in with this query string, checks what the server kept for the way back,
   * then finishes it as a browser would; returns the callback's Location.
   */
  async function signInReturningTo(query: string, expected: string): Promise<string> {
    const browser = createCookieJar();
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/google?${query}` });
    expect(start.statusCode, start.body).toBe(302);
    browser.store(start);
    expect(browser.get(stateCookieName)).toBeDefined();
    const authorize = new URL(String(start.headers.location));
    expect(await storedReturnTo(authorize.searchParams.get('state'))).toBe(expected);

    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(String(atProvider.headers.get('location')));
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browser.header() },
    });
    browser.store(callback);
    expect(callback.statusCode).toBe(302);
    expect(sessionTokenOf(callback), 'the person is signed in').toBeDefined();
    expect(browser.get(sessionCookieName)).toBeDefined();
    return String(callback.headers.location);
  }

  /** What a browser does with the Location: it must stay on this site. */
  function expectSameSitePath(location: string): void {
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(location).not.toMatch(/[\t\n\r]/);
    expect(new URL(location, publicUrl).origin).toBe(publicUrl);
  }

  it.each(hostileReturns)(
    'keeps "/" for return_to=%j and sends the browser home',
    async (value) => {
      const location = await signInReturningTo(`return_to=${encodeURIComponent(value)}`, '/');
      expect(location).toBe('/');
      expectSameSitePath(location);
    },
  );

  // As a link would carry them, not encoded again: the server's query parser decodes them once.
  it.each([
    'return_to=/..//evil.example/phish',
    'return_to=/.//evil.example/phish',
    'return_to=/%2e%2e//evil.example/phish',
    'return_to=/%252e%252e//evil.example/phish',
    'return_to=%2F%2E%2E%2F%2Fevil.example%2Fphish',
    'return_to=/%5C%5Cevil.example',
    'return_to=/%09/evil.example',
    'return_to=//evil.example',
    'return_to=/journal&return_to=//evil.example',
  ])('sends the browser home for the raw query %j', async (query) => {
    const location = await signInReturningTo(query, '/');
    expect(location).toBe('/');
    expectSameSitePath(location);
  });

  it.each([
    ['/journal', '/journal'],
    ['/read-bible?book=John&chapter=3', '/read-bible?book=John&chapter=3'],
    ['/journal?verse=1%20John%204%3A18', '/journal?verse=1%20John%204%3A18'],
    ['/settings/', '/settings'],
  ])('brings the person back to the screen %j', async (value, expected) => {
    const location = await signInReturningTo(`return_to=${encodeURIComponent(value)}`, expected);
    expect(location).toBe(expected);
    expectSameSitePath(location);
  });

  it('sends the person home when no return_to is given', async () => {
    expect(await signInReturningTo('', '/')).toBe('/');
  });
});
