import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimits } from '#shared/rules/files.ts';
import { testPassword } from '#tests/api-support/auth-helpers.ts';
import {
  cookieChoice,
  extraHeaders,
  hostileString,
  originChoice,
  uploadPicture,
  type BodyChoice,
} from './arbitraries.ts';
import { diffSnapshots, rowsOwnedBy } from './database-snapshot.ts';
import {
  expectClientError,
  hostileRequest,
  injectOptions,
  isCrossSite,
  paramTables,
  validRequest,
  withTextInput,
  type HostileRequest,
} from './hostile-request.ts';
import { percentEncode, prototypeNames, textOf, toHostileJson } from './hostile-values.ts';
import { createHostileWorld, moderatorEmail, type HostileWorld } from './hostile-world.ts';
import { hostileFilePath, hostileRoutes, routeKey, type HostileRoute } from './route-catalogue.ts';

/**
 * Property-based attack on every API route (docs/reliability.md): random and malformed bodies,
 * query strings, path parameters, content types, cookies and origins, signed out and signed in.
 * Whatever arrives, the server never answers 5xx, every refusal is a 4xx { error, message }, a
 * refused request writes nothing, and no request touches another user's rows.
 *
 * The seed is fixed so that a run is repeatable; fast-check prints the seed and the smallest
 * failing request. HOSTILE_SEED and HOSTILE_RUNS (runs per route and identity) explore further.
 */
const baseSeed = Number(process.env.HOSTILE_SEED ?? 20_260_808);
const numRuns = Number(process.env.HOSTILE_RUNS ?? 40);

const routes = hostileRoutes({ email: moderatorEmail, password: testPassword });
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let world: HostileWorld;
// Two accounts with a row in every table: a while on a busy PostgreSQL.
beforeAll(async () => {
  world = await createHostileWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

async function attack(route: HostileRoute, request: HostileRequest): Promise<void> {
  await world.ensureSignedIn();
  await world.ensureRows(paramTables(route));
  const before = world.snapshot;
  const options = injectOptions(world, route, request);
  const response = await world.t.app.inject(options);
  const after = await world.refresh();
  const summary = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, summary).toBeLessThan(500);
  if (isCrossSite(request)) expect(response.statusCode, summary).toBeGreaterThanOrEqual(400);
  // Two parameters sent as '%2e%2e' climb out of /api as a browser resolves them
  // ('/api/study/%2e%2e/%2e%2e/16/context' is '/16/context'): that is a page's address, answered
  // as pages are, not with { error, message }. Nothing may be written either way.
  const isApi = /^\/api(\/|$)/.test(new URL(String(options.url), 'http://localhost').pathname);
  if (response.statusCode >= 400) {
    if (isApi) expectClientError(response, request.method);
    // A refused password counts against the account (security/attempt-counters.ts): that is the
    // one write a refusal makes.
    const writes = diffSnapshots(before, after).filter(
      (change) => change.table !== 'attempt_counters',
    );
    expect(writes, 'a refused request wrote to the database').toEqual([]);
  } else {
    const neighbourId = world.neighbour.user.id;
    expect(rowsOwnedBy(after, neighbourId, route.changesOthers)).toEqual(
      rowsOwnedBy(before, neighbourId, route.changesOthers),
    );
  }
}

describe('route coverage', () => {
  it('attacks every /api route the server registers, and only those', () => {
    const registered = new Set<string>();
    for (const route of world.routes) {
      if (!route.url.startsWith('/api')) continue;
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    }
    // Fastify adds a HEAD route beside each GET; the GET's attacks send HEAD too.
    for (const key of [...registered]) {
      if (key.startsWith('HEAD ') && registered.has(key.replace(/^HEAD /, 'GET '))) {
        registered.delete(key);
      }
    }
    expect([...registered].sort()).toEqual(routes.map(routeKey).sort());
  });
});

describe.each(['visitor', 'member'] as const)('hostile requests from a %s', (identity) => {
  it.each(routes.map((route, index) => [routeKey(route), route, index] as const))(
    '%s never fails with a 5xx',
    async (_key, route, index) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, identity), (request) => attack(route, request)),
        {
          seed: baseSeed + index * 2 + (identity === 'member' ? 1 : 0),
          numRuns: Math.min(numRuns, route.runs ?? numRuns),
        },
      );
    },
    120_000,
  );
});

// A book named 'constructor' or '__proto__' answered 500 where the name was looked up
// in an object literal. The generators above send these names too, at random; this sends each,
// as it is and in other case and spacing, in every text input of every route.
describe('prototype names in every text input', () => {
  const spellings = prototypeNames.flatMap((name) => [name, ` ${name.toUpperCase()} `]);
  const routesWithText = routes.filter((route) => withTextInput(route, '').length > 0);

  it.each(routesWithText.map((route) => [routeKey(route), route] as const))(
    '%s takes each as an unknown value, never with a 5xx',
    async (_key, route) => {
      for (const value of spellings) {
        for (const request of withTextInput(route, value)) await attack(route, request);
      }
    },
    120_000,
  );
});

describe('addresses that are not routes', () => {
  const unknownRequest = fc.record({
    method: fc.constantFrom(
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
      'TRACE',
      'PROPFIND',
      'SEARCH',
    ),
    segments: fc.array(
      fc
        .oneof(hostileString.map(percentEncode), fc.constantFrom('%2f', 'journal', '%00', '%zz'))
        // A dot segment ('..', '%2e%2e') is resolved by inject() as by a browser: '/api/..' is
        // '/', the SPA's address, not the API's.
        .filter((segment) => !/^(\.|%2e)+$/i.test(segment)),
      { maxLength: 4 },
    ),
    cookie: cookieChoice(true),
    origin: originChoice,
  });

  it('answer 4xx { error, message } and write nothing, whatever the method and path', async () => {
    await fc.assert(
      fc.asyncProperty(unknownRequest, async ({ method, segments, cookie, origin }) => {
        const route: HostileRoute = { method: 'GET', url: `/api/${segments.join('/')}` };
        // Unknown addresses: only the method, path, cookie and origin vary.
        await attack(route, {
          method,
          params: {},
          query: { kind: 'none' },
          body: { kind: 'none' },
          contentType: undefined,
          cookie,
          origin,
          headers: [],
        });
      }),
      { seed: baseSeed - 1, numRuns: numRuns * 4 },
    );
  }, 120_000);
});

/** The route's valid request with some parts changed, and the tables it changed. */
async function sendValidExcept(route: HostileRoute, changes: Partial<HostileRequest>) {
  await world.ensureSignedIn();
  await world.ensureRows(paramTables(route));
  const before = world.snapshot;
  const request = { ...validRequest(route), ...changes };
  const response = await world.t.app.inject(injectOptions(world, route, request));
  return { response, written: diffSnapshots(before, await world.refresh()) };
}

const writeRoutes = routes
  .filter((route) => bodyMethods.has(route.method))
  .map((route) => [routeKey(route), route] as const);

// Once per route: JSON over 1 MB, or a picture over 5 MB to an upload route (decision 017).
describe('bodies over their limit', () => {
  it.each(writeRoutes)('%s answers 413 { error, message } and writes nothing', async (_, route) => {
    const body: BodyChoice = route.isUpload
      ? {
          kind: 'bytes',
          bytes: Buffer.concat([uploadPicture, Buffer.alloc(fileLimits.maxUploadBytes)]),
        }
      : { kind: 'json', value: toHostileJson({ ...route.body, padding: 'x'.repeat(1024 * 1024) }) };
    const { response, written } = await sendValidExcept(route, { body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect(written).toEqual([]);
  });
});

// Decision 017: a stored file's public address, outside /api and open to everyone.
describe('public file addresses', () => {
  const segment = fc.oneof(
    hostileString.map(percentEncode),
    fc.constantFrom('hostile', 'picture.png', '__proto__', '%2f', '%00', '%zz', '%5c', '~'),
  );
  const fileRequest = fc.record({
    method: fc.constantFrom('GET', 'HEAD'),
    owner: fc.constantFrom('member', 'neighbour', 'nobody'),
    segments: fc
      .array(segment, { maxLength: 5 })
      // A dot segment is resolved by inject() (see 'addresses that are not routes').
      .map((parts) => parts.filter((part) => !/^(\.|%2e)+$/i.test(part))),
    cookie: cookieChoice(true),
    headers: extraHeaders,
  });

  it('answer the file or 4xx { error, message }, and write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fileRequest, async ({ method, owner, segments, cookie, headers }) => {
        await world.ensureSignedIn();
        const before = world.snapshot;
        const folder =
          owner === 'member'
            ? [world.account.user.id]
            : owner === 'neighbour'
              ? [world.neighbour.user.id]
              : [];
        const path = [...folder, ...segments].join('/');
        // The bare prefix is no file's address: the site's own 404 page answers it.
        if (path.replaceAll('/', '') === '') return;
        const cookieHeader =
          cookie.kind === 'session'
            ? world.account.cookie
            : cookie.kind === 'header'
              ? textOf(cookie.value)
              : undefined;
        const response = await world.t.app.inject({
          method,
          url: `/files/user-content/${path}`,
          headers: {
            ...Object.fromEntries(headers),
            ...(cookieHeader === undefined ? {} : { cookie: cookieHeader }),
          },
        });
        const summary = `${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, summary).toBeLessThan(500);
        if (response.statusCode >= 400) expectClientError(response, method);
        else {
          expect(response.headers['x-content-type-options']).toBe('nosniff');
          expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
          if (response.statusCode === 200) {
            expect(response.headers['content-type']).toBe('image/webp');
          }
        }
        expect(diffSnapshots(before, await world.refresh())).toEqual([]);
      }),
      { seed: baseSeed - 2, numRuns: numRuns * 2 },
    );
  }, 120_000);

  it("serve the neighbour's file, which no request of the member removed", async () => {
    const url = `/files/user-content/${world.neighbour.user.id}/${hostileFilePath}`;
    const response = await world.t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
  });
});

describe('requests from another site', () => {
  it.each(writeRoutes)(
    '%s answers 403 { error, message } to a signed-in user and writes nothing',
    async (_, route) => {
      const { response, written } = await sendValidExcept(route, {
        origin: { kind: 'header', name: 'origin', value: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
      expect(written).toEqual([]);
    },
  );
});

// Found by the properties above: the router answered these itself, in Fastify's own shape
// ({ error: 'Bad Request', code, message echoing the whole URL, statusCode }).
describe('addresses the router refuses', () => {
  it.each([
    ['a broken %-escape in a path parameter', '/api/journal/%zz'],
    ['an over-long UTF-8 escape', '/api/verses/daily/%E0%A4%A'],
    ['a path parameter over 100 characters', `/api/bible/John/${'1'.repeat(5000)}`],
  ])('%s: 400 { error, message }, without the address echoed', async (_name, url) => {
    const response = await world.t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: expect.any(String) });
    expect(response.body).not.toContain(url.slice(5, 30));
  });
});

// Decision 012: a page cursor is opaque and signed. Whatever comes back as one (random text, a real
// cursor cut or changed, another list's cursor, nonsense signed with the server's own key),
// every list answers 400 { error, message } and writes nothing.
describe('page cursors', () => {
  const listRoutes = routes.filter((route) => route.isPaged);
  let realCursor = '';
  let cursorKey = Buffer.alloc(0);

  /** Signed as db/keyset.ts signs: base64url JSON, '.', the first 16 bytes of its HMAC. */
  function signed(value: unknown): string {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    const mac = createHmac('sha256', cursorKey).update(payload).digest().subarray(0, 16);
    return `${payload}.${mac.toString('base64url')}`;
  }

  beforeAll(async () => {
    await world.ensureSignedIn();
    // Two notifications at least, so that a page of one has a next_cursor.
    for (let count = 0; count < 2; count += 1) {
      await world.t.app.inject({
        method: 'POST',
        url: '/api/notifications/test',
        headers: { cookie: world.account.cookie, origin: world.t.config.publicUrl },
      });
    }
    const page = await world.t.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=1',
      headers: { cookie: world.account.cookie },
    });
    realCursor = String(page.json<{ next_cursor: string | null }>().next_cursor);
    const key = await world.t.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'cursor-key')
      .executeTakeFirstOrThrow();
    cursorKey = Buffer.from(key.value, 'base64url');
    await world.refresh();
  });

  const changedCursor = fc
    .tuple(fc.nat(), fc.constantFrom(...'AZaz09-_.=%'))
    .map(([at, char]) => {
      const index = at % realCursor.length;
      return `${realCursor.slice(0, index)}${char}${realCursor.slice(index + 1)}`;
    })
    .filter((cursor) => cursor !== realCursor);
  const cursorChoice = fc.oneof(
    hostileString,
    changedCursor,
    fc.nat().map((length) => realCursor.slice(0, length % realCursor.length)),
    fc.jsonValue().map((value) => signed(value)),
    fc
      .tuple(fc.jsonValue(), fc.jsonValue(), fc.string(), fc.string())
      .map((parts) => signed([1, ...parts])),
  );

  it.each(listRoutes.map((route) => [routeKey(route), route] as const))(
    '%s refuses each with 400',
    async (key, route) => {
      await fc.assert(
        fc.asyncProperty(cursorChoice, async (cursor) => {
          // The member's own notifications cursor is valid on that list alone.
          if (key === 'GET /api/notifications' && cursor === realCursor) return;
          const before = world.snapshot;
          const pairs = Object.entries({ ...route.query, cursor });
          const response = await world.t.app.inject(
            injectOptions(world, route, {
              ...validRequest(route),
              query: { kind: 'pairs', pairs },
            }),
          );
          expect(response.statusCode, `${cursor}: ${response.body}`).toBe(400);
          expectClientError(response, 'GET');
          expect(diffSnapshots(before, await world.refresh())).toEqual([]);
        }),
        { seed: baseSeed + 7, numRuns },
      );
    },
    120_000,
  );

  it.each(
    listRoutes
      .filter((route) => route.url !== '/api/notifications')
      .map((route) => [routeKey(route), route] as const),
  )("%s refuses the member's notifications cursor with 400", async (_key, route) => {
    const response = await world.t.app.inject(
      injectOptions(world, route, {
        ...validRequest(route),
        query: { kind: 'pairs', pairs: Object.entries({ ...route.query, cursor: realCursor }) },
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^cursor: /),
    });
  });
});
