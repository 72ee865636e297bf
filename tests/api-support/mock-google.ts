import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Events, OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { sessionCookieName } from '#server/security/sessions.ts';
import { sessionTokenOf, uniqueEmail } from './auth-helpers.ts';
import { createCookieJar } from './cookie-jar.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export const googlePublicUrl = 'http://localhost:3999';
export const googleStateCookieName = 'grounded_oauth_state';
export const googleClientId = 'grounded-test-client';

/** What the mock Google says about the person signing in (claims of the ID token). */
export type Identity = {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
  /** Only to simulate a token minted for another sign-in; the mock copies the right one. */
  nonce?: string;
};

export function newIdentity(overrides: Partial<Identity> = {}): Identity {
  return {
    sub: `google-${randomUUID()}`,
    email: uniqueEmail('google'),
    email_verified: true,
    name: 'Lydia of Thyatira',
    picture: 'https://lh3.googleusercontent.com/a/lydia.png',
    ...overrides,
  };
}

/** How a round trip starts: signed in (a session cookie), and from Settings' "Connect Google". */
export type RoundTripOptions = { returnTo?: string; cookie?: string; connect?: boolean };

export type MockGoogle = {
  /** The app, set up against the mock provider (after beforeAll). */
  readonly t: TestApp;
  readonly issuerUrl: string;
  /** Who the provider signs in next. */
  identity: Identity;
  startSignIn: (options?: RoundTripOptions) => Promise<LightMyRequestResponse>;
  /** The browser's visit to the provider: the redirect back to our callback, with code and state. */
  visitProvider: (authorizeUrl: string) => Promise<URL>;
  callback: (url: URL, stateCookie: string | undefined) => Promise<LightMyRequestResponse>;
  /** The whole round trip as a browser makes it, cookies and all; returns the callback's answer. */
  roundTrip: (who: Identity, options?: RoundTripOptions) => Promise<LightMyRequestResponse>;
  /** A redirect to /auth with an error (matching `message`) and no session. */
  expectFailedRedirect: (response: LightMyRequestResponse, message?: RegExp) => void;
};

/**
 * A mock Google (OpenID Connect) provider on loopback and an app configured for it, started
 * before the file's tests and stopped after them.
 */
export function useMockGoogle(options: TestAppOptions = {}): MockGoogle {
  const provider = new OAuth2Server();
  let app: TestApp | undefined;

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    // Both tokens of a code exchange are signed through here; the ID token carries the claims.
    provider.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
      Object.assign(token.payload, mock.identity);
    });
    app = await createTestApp({
      ...options,
      config: {
        publicUrl: googlePublicUrl,
        googleClientId,
        googleClientSecret: 'grounded-test-secret',
        googleIssuer: provider.issuer.url ?? '',
        ...options.config,
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await provider.stop();
  });

  const mock: MockGoogle = {
    get t() {
      if (!app) throw new Error('the mock Google app is not started yet');
      return app;
    },
    get issuerUrl() {
      return provider.issuer.url ?? '';
    },
    identity: newIdentity(),

    startSignIn({ returnTo = '/journal', cookie, connect } = {}) {
      return mock.t.app.inject({
        method: 'GET',
        url: `/api/auth/google?return_to=${encodeURIComponent(returnTo)}${connect ? '&connect=1' : ''}`,
        headers: cookie ? { cookie } : {},
      });
    },

    async visitProvider(authorizeUrl) {
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = response.headers.get('location');
      if (!location) throw new Error('the provider sent no redirect');
      return new URL(location);
    },

    callback(url, stateCookie) {
      expect(`${url.origin}${url.pathname}`).toBe(`${googlePublicUrl}/api/auth/google/callback`);
      return mock.t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers:
          stateCookie === undefined ? {} : { cookie: `${googleStateCookieName}=${stateCookie}` },
      });
    },

    async roundTrip(who, options = {}) {
      mock.identity = who;
      const browser = createCookieJar();
      const cookies = () => [options.cookie, browser.header()].filter(Boolean).join('; ');
      const start = await mock.startSignIn(options);
      expect(start.statusCode).toBe(302);
      browser.store(start);
      const back = await mock.visitProvider(String(start.headers.location));
      const response = await mock.t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: cookies() },
      });
      browser.store(response);
      // The state cookie is spent either way; a new session cookie is left only on success.
      expect(browser.get(googleStateCookieName)).toBeUndefined();
      expect(browser.get(sessionCookieName)).toBe(sessionTokenOf(response));
      return response;
    },

    expectFailedRedirect(response, message) {
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location), googlePublicUrl);
      expect(location.pathname).toBe('/auth');
      expect(location.searchParams.get('error')).toMatch(message ?? /./);
      expect(sessionTokenOf(response)).toBeUndefined();
    },
  };
  return mock;
}
