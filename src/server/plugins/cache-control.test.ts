import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '#server/security/sessions.ts';
import { screenRendererFile } from '#shared/site-routes.ts';
import { browserRequest, signUp, testPassword } from '#tests/api-support/auth-helpers.ts';
import { createTestApp, testRateLimits, type TestApp } from '#tests/api-support/test-app.ts';
import { injectOptions, paramTables, validRequest } from '#tests/hostile/hostile-request.ts';
import {
  createHostileWorld,
  moderatorEmail,
  type HostileWorld,
} from '#tests/hostile/hostile-world.ts';
import { hostileRoutes, routeKey, type HostileRoute } from '#tests/hostile/route-catalogue.ts';

/**
 * Answers that depend on who is signed in must never be stored by a browser or
 * a proxy. Only the Bible and the verse lists, the same for everyone and served without looking
 * at the session, keep the long-lived caching their routes give them.
 */
const immutable = 'public, max-age=31536000, immutable';
const publicCaching: Record<string, string> = {
  'GET /api/bible/books': immutable,
  'GET /api/bible/:book/:chapter': immutable,
  'GET /api/bible/download': immutable,
  'GET /api/bible/download/verses': immutable,
  'GET /api/bible/passage': 'public, max-age=86400',
  'GET /api/bible/search': 'public, max-age=3600',
  'GET /api/bible/translations': 'public, max-age=86400',
  'GET /api/study/:book/:chapter/:verse/cross-references': 'public, max-age=86400',
  'GET /api/study/:book/:chapter': immutable,
  'GET /api/study/:book/:chapter/:verse/context': 'public, max-age=86400',
  'GET /api/study/strongs/:number': 'public, max-age=86400',
  'GET /api/study/download': immutable,
  'GET /api/study/dictionary': immutable,
  'GET /api/verses/catalogue': 'public, max-age=86400',
  'GET /api/verses/suggestions': 'public, max-age=86400',
  'GET /api/verses/daily/:day': 'public, max-age=86400',
  'GET /api/plans': 'public, max-age=3600',
};

const routes = hostileRoutes({ email: moderatorEmail, password: testPassword });

describe('Cache-Control of every /api route', () => {
  let world: HostileWorld;

  // Two accounts with a row in every table: a while on a busy PostgreSQL.
  beforeAll(async () => {
    world = await createHostileWorld();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  /** The route's valid request from the signed-in moderator, or from a visitor. */
  async function send(route: HostileRoute, identity: 'member' | 'visitor', method?: 'HEAD') {
    await world.ensureSignedIn();
    await world.ensureRows(paramTables(route));
    const request = validRequest(route);
    const response = await world.t.app.inject(
      injectOptions(world, route, {
        ...request,
        method: method ?? request.method,
        cookie: identity === 'member' ? { kind: 'session' } : { kind: 'none' },
      }),
    );
    await world.refresh();
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    return response;
  }

  /** Every /api route the server registered, as 'METHOD /url' (HEAD beside each GET left out). */
  function registeredRoutes(): string[] {
    return world.routes
      .filter((route) => route.url.startsWith('/api'))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((key) => !key.startsWith('HEAD '));
  }

  it('knows the public routes it lets keep their caching', () => {
    expect(registeredRoutes()).toEqual(expect.arrayContaining(Object.keys(publicCaching)));
  });

  // The catalogue lists every route (hostile-input.test.ts fails otherwise); a route added since
  // is still walked here, with a bare request.
  it('says no-store on a route the catalogue does not list yet', async () => {
    const listed = new Set(routes.map(routeKey));
    for (const key of registeredRoutes().filter((route) => !listed.has(route))) {
      const [method = 'GET', url = '/'] = key.split(' ');
      const route: HostileRoute = { method: method as HostileRoute['method'], url };
      for (const identity of ['member', 'visitor'] as const) {
        const response = await send(route, identity);
        const expected = publicCaching[key] ?? 'no-store';
        expect(response.headers['cache-control'], `${key} ${response.statusCode}`).toBe(expected);
      }
    }
  });

  describe.each(['member', 'visitor'] as const)('as a %s', (identity) => {
    it.each(routes.map((route) => [routeKey(route), route] as const))(
      '%s',
      async (key, route) => {
        const expected = publicCaching[key] ?? 'no-store';
        const response = await send(route, identity);
        expect(response.headers['cache-control'], `${response.statusCode}`).toBe(expected);
        if (route.method === 'GET') {
          const head = await send(route, identity, 'HEAD');
          expect(head.headers['cache-control'], `HEAD ${head.statusCode}`).toBe(expected);
        }
      },
      30_000,
    );
  });

  it('says no-store on the private answers the review named, with their data in them', async () => {
    for (const url of [
      '/api/journal',
      '/api/profile',
      '/api/settings',
      '/api/notifications',
      '/api/testimonies/mine',
      '/api/moderation/testimonies',
      // The lists read in pages (decision 012), and their pages.
      '/api/bookmarks?q=ruth&limit=5',
      '/api/highlights',
      '/api/progress?limit=5',
      '/api/progress/books',
      '/api/notifications?limit=1',
      '/api/notes?q=seeded&limit=5',
      '/api/notes/chapter/Ruth/1',
    ]) {
      await world.ensureSignedIn();
      const response = await browserRequest(world.t, {
        method: 'GET',
        url,
        cookie: world.account.cookie,
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it.each([
    ['an unknown API address (404)', 'GET', '/api/no-such-thing', true],
    ['a private list without a session (401)', 'GET', '/api/journal', false],
    ['an unknown id (404)', 'DELETE', '/api/journal/00000000-0000-4000-8000-000000000000', true],
    ['a broken %-escape (400, before routing)', 'GET', '/api/journal/%zz', true],
    ['a chapter that does not exist (404)', 'GET', '/api/bible/Nowhere/1', true],
    ['a search without words (400)', 'GET', '/api/bible/search?q=', true],
    ['a day out of range (400)', 'GET', '/api/verses/daily/999', true],
  ] as const)('says no-store on %s', async (_, method, url, isSignedIn) => {
    await world.ensureSignedIn();
    const response = await browserRequest(world.t, {
      method,
      url,
      ...(isSignedIn ? { cookie: world.account.cookie } : {}),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says no-store on a request refused as cross-site (403)', async () => {
    await world.ensureSignedIn();
    const response = await world.t.app.inject({
      method: 'POST',
      url: '/api/journal',
      headers: { cookie: world.account.cookie, origin: 'https://evil.example' },
      payload: { content: 'Nope.' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the year of caching on a chapter asked for with a session, and on its 304', async () => {
    await world.ensureSignedIn();
    const first = await browserRequest(world.t, {
      method: 'GET',
      url: '/api/bible/John/3',
      cookie: world.account.cookie,
    });
    expect(first.headers['cache-control']).toBe(immutable);
    const again = await browserRequest(world.t, {
      method: 'GET',
      url: '/api/bible/John/3',
      cookie: world.account.cookie,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(immutable);
  });
});

describe('Cache-Control of a refusal for too many requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { ...testRateLimits, signInPerIp: 1 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('says no-store on a 429', async () => {
    const account = await signUp(t);
    const signIn = () =>
      browserRequest(t, {
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: account.email, password: account.password },
      });
    expect((await signIn()).statusCode).toBe(200);
    const limited = await signIn();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['cache-control']).toBe('no-store');
  });
});

describe("Cache-Control of the reader's page drawn for a request with a session", () => {
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /></head><body><div id="root"><!--before-app--><div data-before-app>frame</div><!--/before-app--></div></body></html>`;
  const renderer = `
    export async function renderScreen(url, { chapter, signedOut }) {
      return { markup: '<main data-signed-out="' + signedOut + '">' + chapter.reference + '</main>', state: {} };
    }`;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-cache-control-'));
    const files = {
      'index.html': template,
      '.vite/manifest.json': JSON.stringify({ 'index.html': { file: 'assets/index-1.js' } }),
      [screenRendererFile]: renderer,
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    t = await createTestApp({ config: { clientDir: dir } });
  });

  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/read-bible?book=Ruth&chapter=1',
      headers: cookie ? { cookie } : {},
    });

  it('is kept out of shared caches when drawn for a session, and revalidated either way', async () => {
    const member = await page(`${sessionCookieName}=some-session; theme=dark`);
    expect(member.body).toContain('data-signed-out="false"');
    expect(member.headers['cache-control']).toBe('private, no-cache');

    const visitor = await page('theme=dark');
    expect(visitor.body).toContain('data-signed-out="true"');
    expect(visitor.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the other screens, the same for everyone, as they were', async () => {
    const settings = await t.app.inject({
      method: 'GET',
      url: '/settings',
      headers: { cookie: `${sessionCookieName}=some-session` },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-cache');
    // The journal is drawn for each request now (decision 011): with a session, never shared.
    const journal = await t.app.inject({
      method: 'GET',
      url: '/journal',
      headers: { cookie: `${sessionCookieName}=some-session` },
    });
    expect(journal.statusCode).toBe(200);
    expect(journal.headers['cache-control']).toMatch(/^(private, no-cache|no-store)$/);
  });
});
