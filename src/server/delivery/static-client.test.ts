import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { chapterResponseSchema, type ChapterResponse } from '#shared/schemas/bible.ts';
import type { PlanDaysResponse } from '#shared/schemas/plans.ts';
import { handedOverStateId, prerenderedFile, screenRendererFile } from '#shared/site-routes.ts';
import { sendingAs, signUp } from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { randomRowId } from '#tests/api-support/page-contract.ts';
import { serveClient } from '#tests/api-support/serve-client.ts';
import { chapterPageText } from './reader-pages.ts';
import { testimonyPageMaxAgeMs } from './testimony-pages.ts';

const indexHtml = '<!doctype html><html><body><div id="root"></div>test index</body></html>';
const appJs = 'console.log("grounded");';
const appJsMap = '{"version":3,"sources":["../../src/client/secret-source.tsx"]}';
const themeJs = 'document.documentElement.dataset.theme = "light";';

const get = serveClient({
  'index.html': indexHtml,
  'assets/app-abc123.js': appJs,
  // A source map left in the build by mistake (vite.config.ts builds none).
  'assets/app-abc123.js.map': appJsMap,
  'theme-init.js': themeJs,
});

describe('the built client', () => {
  it.each(['/', '/feeling', '/read-bible?book=John&chapter=3', '/journal/'])(
    'serves index.html with 200 for the screen %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
      // No inline script in this page, so none is allowed.
      expect(scriptSrc(response.headers)).toBe("script-src 'self'");
    },
  );

  it('serves index.html with 404 for a path that is not a screen, so the SPA shows its 404 page', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(indexHtml);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(appJs);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves files outside assets/ (not hashed) with a cache that revalidates', async () => {
    const response = await get('/theme-init.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(themeJs);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, not the index', async () => {
    const response = await get('/assets/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it.each([
    '/assets/app-abc123.js.map',
    '/assets/app-abc123.js.map?v=1',
    '/assets/app-abc123.js.m%61p',
    '/assets/app-abc123.js.MAP',
    '/assets/./app-abc123.js.map',
  ])('never serves a source map, even one on disk: %s is a plain 404', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret-source');
      expect(response.body).not.toContain('<div id="root">');
      expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
    }
  });

  it('answers an unknown API path with 404 JSON, not the index', async () => {
    const response = await get('/api/x');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it('does not serve index.html for a POST to a screen path', async () => {
    const response = await get({ method: 'POST', url: '/feeling' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });
});

/** The script-src directive of a response's Content-Security-Policy. */
function scriptSrc(headers: Record<string, unknown>): string | undefined {
  return String(headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '));
}

describe('each screen’s head, for crawlers and a faster first load', () => {
  const themeScript = `
      document.documentElement.classList.toggle('dark', true);
    `;
  const themeScriptHash = createHash('sha256').update(themeScript).digest('base64');
  const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <title>Grounded: Stay Grounded in God's Word</title>
    <script>${themeScript}</script>
    <meta
      name="description"
      content="The product line."
    />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;
  // The shape of Vite's build manifest (.vite/manifest.json).
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      imports: ['_shared-1.js'],
      css: ['assets/index-1.css'],
    },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    '_card-1.js': {
      file: 'assets/card-1.js',
      imports: ['_shared-1.js'],
      css: ['assets/card-1.css'],
    },
    'src/client/features/feeling/routes/feeling-page.tsx': {
      file: 'assets/feeling-page-1.js',
      imports: ['index.html', '_card-1.js'],
    },
    'src/client/features/misc/routes/not-found-page.tsx': {
      file: 'assets/not-found-page-1.js',
      imports: ['index.html'],
    },
    'src/client/features/bookmarks/routes/bookmarks-page.tsx': {
      file: 'assets/bookmarks-page-1.js',
      imports: ['index.html'],
    },
    'src/client/app/require-auth.tsx': {
      file: 'assets/require-auth-1.js',
      imports: ['index.html'],
    },
  };

  const page = serveClient({
    'index.html': builtIndex,
    '.vite/manifest.json': JSON.stringify(manifest),
    'assets/index-1.js': 'export {};',
  });

  it('gives every screen its own title and description, escaped', async () => {
    const feeling = await page('/feeling');
    expect(feeling.body).toContain('<title>How Are You Feeling? · Grounded</title>');
    expect(feeling.body).toMatch(
      /<meta name="description" content="Share what&#39;s on your heart[^"]+" \/>/,
    );
    expect(feeling.body).not.toContain('The product line.');

    const prayer = await page('/prayer');
    expect(prayer.body).toContain('<title>Prayer &amp; Meditation · Grounded</title>');

    const landing = await page('/');
    expect(landing.body).toContain('<title>Grounded: Stay Grounded in God&#39;s Word</title>');
    expect(landing.body).toContain('Grounded is a free Christian companion');
  });

  it("preloads the screen's chunks that index.html does not already load", async () => {
    const { body } = await page('/feeling?mood=anxious');
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/feeling-page-1.js">',
    );
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/card-1.js">');
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/card-1.css">');
    expect(body.match(/shared-1\.js/g)).toHaveLength(1);
    expect(body).not.toContain('href="/assets/index-1.js"');
  });

  it('preloads the sign-in check with a screen only for someone signed in, and only there', async () => {
    const bookmarks = await page('/bookmarks');
    expect(bookmarks.body).toContain('href="/assets/bookmarks-page-1.js"');
    expect(bookmarks.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/require-auth-1.js">',
    );
    expect((await page('/feeling')).body).not.toContain('require-auth');
  });

  it('marks the 404 page noindex, with its own title', async () => {
    const response = await page('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page not found · Grounded</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain('href="/assets/not-found-page-1.js"');
  });

  it("allows exactly index.html's inline theme script, by its hash, on every page", async () => {
    for (const url of ['/', '/read-bible?book=John&chapter=3', '/no-such-page', '/index.html']) {
      const response = await page(url);
      expect(response.body).toContain(themeScript);
      expect(scriptSrc(response.headers)).toBe(`script-src 'self' 'sha256-${themeScriptHash}'`);
    }
  });

  it('keeps the strict policy without inline scripts for everything else', async () => {
    // An API answer is data: nothing at all may run or load from it.
    const api = await page('/api/health');
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const asset = await page('/assets/index-1.js');
    expect(asset.statusCode).toBe(200);
    expect(scriptSrc(asset.headers)).toBe("script-src 'self'");
  });

  it('keeps the build manifest to itself', async () => {
    const response = await page('/.vite/manifest.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('feeling-page');
  });
});

describe('prerendered screens', () => {
  const frame =
    '<div id="root">\n  <!-- note -->\n  <!--before-app--><div data-before-app>frame</div><!--/before-app-->\n</div>';
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /><link rel="modulepreload" crossorigin href="/assets/index-1.js"><script>start()</script></head><body>${frame}</body></html>`;
  const manifest = {
    'index.html': { file: 'assets/index-1.js' },
    'src/client/features/prayer/routes/prayer-page.tsx': {
      file: 'assets/prayer-page-1.js',
      imports: ['index.html'],
    },
    'src/client/features/journal/routes/journal-page.tsx': {
      file: 'assets/journal-page-1.js',
      imports: ['index.html'],
    },
  };
  const prayerMarkup = `<div class="flex"><main><h1>Prayer &amp; Meditation</h1><p>${'Be still. '.repeat(200)}</p></main></div>`;
  const page = serveClient({
    'index.html': template,
    '.vite/manifest.json': JSON.stringify(manifest),
    [prerenderedFile]: JSON.stringify({ '/prayer': prayerMarkup }),
  });

  it("puts the screen's markup, and nothing else, in #root, marked for hydration", async () => {
    const { body } = await page('/prayer');
    expect(body).toContain(`<div id="root" data-prerendered>${prayerMarkup}</div></body>`);
    expect(body).not.toContain('frame');
    expect(body).toContain('<title>Prayer &amp; Meditation · Grounded</title>');
  });

  it('sends a page compressed in the encoding the browser prefers', async () => {
    const plain = await page('/prayer');
    for (const [acceptEncoding, decode] of [
      ['gzip', gunzipSync],
      ['br, gzip', brotliDecompressSync],
    ] as const) {
      const response = await page({
        method: 'GET',
        url: '/prayer',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.headers['content-encoding']).toBe(acceptEncoding.split(',')[0]);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('preloads no script on a prerendered page, and keeps the preloads elsewhere', async () => {
    const prayer = await page('/prayer');
    expect(prayer.body).not.toContain('modulepreload');
    expect(prayer.body).toContain('<script>start()</script>');

    const journal = await page('/journal');
    expect(journal.body).toContain(frame);
    expect(journal.body).not.toContain('data-prerendered');
    expect(journal.body).toContain('href="/assets/index-1.js"');
    expect(journal.body).toContain('href="/assets/journal-page-1.js"');
  });
});

describe("the reader's chapters, drawn by the server", () => {
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /><link rel="modulepreload" crossorigin href="/assets/index-1.js"></head><body><div id="root"><!--before-app--><div data-before-app>frame</div><!--/before-app--></div></body></html>`;
  const manifest = {
    'index.html': { file: 'assets/index-1.js' },
    'src/client/features/bible/routes/read-bible-page.tsx': {
      file: 'assets/read-bible-page-1.js',
      imports: ['index.html'],
    },
  };
  // Stands in for the build's renderer (src/client/prerender.tsx): it says what it was given,
  // counts its renders, and fails for Jude. The data carries markup that must stay JSON.
  const renderer = `
    let renders = 0;
    export async function renderScreen(url, { chapter, signedOut }) {
      renders += 1;
      if (chapter.book === 'Jude') throw new Error('The renderer broke');
      return {
        markup: '<main data-renders="' + renders + '" data-signed-out="' + signedOut + '"><h2>' + chapter.reference + '</h2><p>' + chapter.verses[15].text + '</p><p>' + url.replace('&', '&amp;') + '</p></main>',
        state: { mutations: [], queries: [{ queryKey: ['bible', 'chapter', chapter.book_index, chapter.chapter], state: { data: { note: '</script><script>alert(1)</script>' } } }] },
      };
    }`;
  const page = serveClient({
    'index.html': template,
    '.vite/manifest.json': JSON.stringify(manifest),
    [screenRendererFile]: renderer,
  });

  function handedOver(body: string): unknown {
    const json = new RegExp(
      `<script type="application/json" id="${handedOverStateId}">([^<]*)</script>`,
    ).exec(body)?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  }

  it("puts the chapter's markup in #root, and the data it was drawn with before it", async () => {
    const response = await page('/read-bible?book=John&chapter=3');
    expect(response.statusCode).toBe(200);
    const { body } = response;
    expect(body).toMatch(
      /<\/script><div id="root" data-prerendered><main data-renders="\d+" data-signed-out="true"><h2>John 3<\/h2><p>For God so loved the world/,
    );
    // Rendered at the address as the app writes it.
    expect(body).toContain('<p>/read-bible?book=John&amp;chapter=3</p>');
    expect(body).not.toContain('frame');
    expect(body).not.toContain('modulepreload');
    expect(handedOver(body)).toEqual({
      mutations: [],
      queries: [
        {
          queryKey: ['bible', 'chapter', 42, 3],
          state: { data: { note: '</script><script>alert(1)</script>' } },
        },
      ],
    });
    // The data cannot end its element: only the page's own scripts are elements.
    expect(body).not.toContain('<script>alert(1)');
  });

  it('titles the page for the chapter, with its opening words as the description', async () => {
    const { body } = await page('/read-bible?book=John&chapter=3');
    expect(body).toContain('<title>John 3 · Read the Bible · Grounded</title>');
    expect(body).toContain(
      '<meta name="description" content="John 3 in the King James Version: There was a man of the Pharisees, named Nicodemus, a ruler of the Jews:" />',
    );
  });

  it('renders a chapter once, however the address spells it', async () => {
    const renders = async (url: string) => /data-renders="(\d+)"/.exec((await page(url)).body)?.[1];
    const first = await renders('/read-bible?book=Genesis&chapter=50');
    expect(first).toBeDefined();
    expect(await renders('/read-bible?book=genesis&chapter=50')).toBe(first);
    expect(await renders('/read-bible?chapter=50&book=GENESIS')).toBe(first);
    const [a, b] = await Promise.all([
      renders('/read-bible?book=Exodus&chapter=2'),
      renders('/read-bible?book=Exodus&chapter=2'),
    ]);
    expect(a).toBe(b);
  });

  it('draws it as a visitor sees it without a session cookie, and leaves who is there open with one', async () => {
    const url = '/read-bible?book=Ruth&chapter=2';
    const drawn = async (cookie?: string) => {
      const response = await page({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.headers.vary).toBe('cookie, accept-encoding');
      const main = /<main data-renders="(\d+)" data-signed-out="(\w+)">/.exec(response.body);
      return { renders: main?.[1], signedOut: main?.[2] };
    };
    const visitor = await drawn();
    expect(visitor.signedOut).toBe('true');
    const member = await drawn('grounded_session=some-session');
    expect(member.signedOut).toBe('false');
    expect(member.renders).not.toBe(visitor.renders);
    // Another cookie is not a session; each form is drawn once and kept.
    expect(await drawn('theme=dark')).toEqual(visitor);
    expect(await drawn('grounded_session=another; theme=dark')).toEqual(member);
  });

  it('draws the chapter in the translation the address names, each kept apart', async () => {
    const main = (body: string) =>
      /<main data-renders="(\d+)" data-signed-out="true"><h2>([^<]*)<\/h2><p>([^<]*)<\/p><p>([^<]*)<\/p>/.exec(
        body,
      );
    const webChapter = chapterResponseSchema.parse(
      (await page('/api/bible/John/3?translation=web')).json(),
    );
    const web = await page('/read-bible?book=John&chapter=3&translation=web');
    expect(web.statusCode).toBe(200);
    const drawn = main(web.body);
    expect(drawn?.[2]).toBe('John 3');
    expect(drawn?.[3]).toBe(webChapter.verses[15]?.text);
    expect(drawn?.[3]).toMatch(/^For God so loved the world, that he gave his one and only Son/);
    // Rendered at the address as the app writes it, naming the translation.
    expect(drawn?.[4]).toBe('/read-bible?book=John&amp;chapter=3&translation=web');
    expect(web.body).toContain(
      `<meta name="description" content="John 3 in the World English Bible: ${webChapter.verses[0]?.text}" />`,
    );
    expect(web.body).toContain('<title>John 3 · Read the Bible · Grounded</title>');

    const asv = main((await page('/read-bible?translation=asv&book=john&chapter=3')).body);
    expect(asv?.[3]).toMatch(/whosoever believeth on him/);
    expect(asv?.[4]).toBe('/read-bible?book=John&amp;chapter=3&translation=asv');
    const kjv = main((await page('/read-bible?book=John&chapter=3')).body);
    expect(kjv?.[3]).toMatch(/whosoever believeth in him should not perish, but have everlasting/);
    expect(new Set([drawn?.[1], asv?.[1], kjv?.[1]]).size).toBe(3);

    // Named as people write it, in capitals: the same page, at the address the app writes.
    const typed = main((await page('/read-bible?book=John&chapter=3&translation=WEB')).body);
    expect(typed?.[3]).toBe(drawn?.[3]);
    expect(typed?.[4]).toBe('/read-bible?book=John&amp;chapter=3&translation=web');

    // Each kept once per translation; the KJV's address may name it or not.
    expect(main((await page('/read-bible?book=John&chapter=3&translation=web')).body)?.[1]).toBe(
      drawn?.[1],
    );
    expect(main((await page('/read-bible?book=John&chapter=3&translation=kjv')).body)?.[1]).toBe(
      kjv?.[1],
    );
    // A translation we do not have is the KJV, as the app reads it.
    for (const translation of ['niv', '__proto__', 'constructor', '']) {
      const url = `/read-bible?book=John&chapter=3&translation=${encodeURIComponent(translation)}`;
      const other = main((await page(url)).body);
      expect(other?.[1], translation).toBe(kjv?.[1]);
      expect(other?.[4], translation).toBe('/read-bible?book=John&amp;chapter=3');
    }
  });

  it('leaves the page to the app without a valid chapter, or when rendering fails', async () => {
    for (const url of [
      '/read-bible',
      '/read-bible?translation=web',
      '/read-bible?book=Nowhere&chapter=3',
      '/read-bible?book=John&chapter=99&translation=web',
      '/read-bible?book=Jude&chapter=1',
      '/read-bible?book=Jude&chapter=1&translation=asv',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div data-before-app>frame</div>');
      expect(response.body, url).toContain('href="/assets/read-bible-page-1.js"');
      expect(handedOver(response.body), url).toBeUndefined();
      expect(response.body, url).toContain('<title>Read the Bible · Grounded</title>');
    }
  });
});

describe('the testimony wall, drawn by the server', () => {
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /></head><body><div id="root"><!--before-app--><div data-before-app>frame</div><!--/before-app--></div></body></html>`;
  // Stands in for the build's renderer: it lists the testimonies it was given and counts its
  // renders; it fails while a testimony asks it to.
  const renderer = `
    let renders = 0;
    export async function renderScreen(url, { testimonies, signedOut }) {
      renders += 1;
      if (testimonies.items.some((item) => item.god_reminded === 'break the renderer')) throw new Error('broken');
      return {
        markup: '<main data-renders="' + renders + '" data-signed-out="' + signedOut + '" data-url="' + url + '">' + testimonies.items.map((item) => '<p>' + item.god_reminded + '</p>').join('') + '</main>',
        state: { mutations: [], queries: [] },
      };
    }`;
  const clock = fixedClock(new Date('2026-11-26T08:00:00.000Z'));
  const page = serveClient({ 'index.html': template, [screenRendererFile]: renderer }, { clock });
  let minute = 0;

  async function addTestimony(godReminded: string, status: 'approved' | 'pending' = 'approved') {
    const { db } = page.testApp();
    const userId = randomRowId();
    const now = new Date(Date.UTC(2026, 10, 26, 7, (minute += 1))).toISOString();
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.com`,
        email_verified: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('testimonies')
      .values({
        id: randomRowId(),
        user_id: userId,
        feeling: 'Alone',
        god_reminded: godReminded,
        author_name: null,
        is_anonymous: true,
        is_approved: status === 'approved',
        status,
        moderated_at: status === 'approved' ? now : null,
        created_at: now,
      })
      .execute();
  }

  const drawn = async (cookie?: string) => {
    const response = await page({
      method: 'GET',
      url: '/testimony',
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toBe('cookie, accept-encoding');
    const main =
      /<main data-renders="(\d+)" data-signed-out="(\w+)" data-url="([^"]*)">(.*?)<\/main>/.exec(
        response.body,
      );
    return {
      renders: main?.[1],
      signedOut: main?.[2],
      url: main?.[3],
      shown: [...(main?.[4] ?? '').matchAll(/<p>([^<]*)<\/p>/g)].map(([, text]) => text),
      body: response.body,
    };
  };

  it('draws the newest approved testimonies into the page, never a pending one', async () => {
    await addTestimony('He is near');
    await addTestimony('Still waiting', 'pending');
    await addTestimony('His mercies are new');
    const visitor = await drawn();
    expect(visitor.url).toBe('/testimony');
    expect(visitor.signedOut).toBe('true');
    expect(visitor.shown).toEqual(['His mercies are new', 'He is near']);
    expect(visitor.body).not.toContain('frame');
    expect(visitor.body).toContain('data-prerendered');
  });

  it('keeps the drawing while the wall is the same, and draws again once it changes or a minute has passed', async () => {
    const first = await drawn();
    expect((await drawn()).renders).toBe(first.renders);
    // Another person's approval shows on the next visit.
    await addTestimony('A new morning');
    const changed = await drawn();
    expect(changed.renders).not.toBe(first.renders);
    expect(changed.shown[0]).toBe('A new morning');
    clock.advance(testimonyPageMaxAgeMs - 1);
    expect((await drawn()).renders).toBe(changed.renders);
    clock.advance(1);
    expect((await drawn()).renders).not.toBe(changed.renders);
  });

  it('draws it as a visitor sees it without a session cookie, and leaves who is there open with one', async () => {
    expect((await drawn()).signedOut).toBe('true');
    expect((await drawn('grounded_session=some-session')).signedOut).toBe('false');
  });

  it('leaves the wall to the app when drawing fails', async () => {
    await addTestimony('break the renderer');
    const response = await page('/testimony');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div data-before-app>frame</div>');
    expect(response.body).not.toContain('data-prerendered');
  });
});

describe("a person's own lists, drawn for them", () => {
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /></head><body><div id="root"><!--before-app--><div data-before-app>frame</div><!--/before-app--></div></body></html>`;
  // Stands in for the build's renderer: it writes down who it drew for and what it was given.
  const renderer = `
    export async function renderScreen(url, data) {
      const items = (data.journalEntries ?? data.savedVerses ?? data.notes ?? data.prayers ?? data.groupPosts)?.items ?? [];
      const heading = data.group ? '<h1>' + data.group.name + '</h1>' : '';
      return {
        markup: '<main data-url="' + url + '" data-user="' + (data.user?.email ?? '') + '" data-signed-out="' + Boolean(data.signedOut) + '">' + heading + items.map((item) => '<p>' + (item.title ?? item.text ?? item.reference) + '</p>').join('') + '</main>',
        state: { mutations: [], queries: [] },
      };
    }`;
  const page = serveClient({ 'index.html': template, [screenRendererFile]: renderer });

  async function member(name: string) {
    const t = page.testApp();
    const account = await signUp(t);
    const send = sendingAs(t);
    for (const n of [1, 2]) {
      const created = await send('POST', '/api/journal', account, {
        title: `${name} ${n}`,
        content: 'words',
      });
      expect(created.statusCode).toBe(201);
    }
    const saved = await send('POST', '/api/saved-verses', account, {
      reference: 'Psalm 23:1',
      text: 'The LORD is my shepherd; I shall not want.',
      theme: 'Peace',
    });
    expect(saved.statusCode).toBe(201);
    const note = await send('POST', '/api/notes', account, {
      book_name: 'John',
      chapter_number: 3,
      verse_number: 16,
      text: `${name}'s note`,
    });
    expect(note.statusCode).toBe(201);
    for (const title of [`${name}'s open prayer`, `${name}'s answered prayer`]) {
      const prayer = await send('POST', '/api/prayers', account, { title });
      expect(prayer.statusCode).toBe(201);
      if (title.includes('answered')) {
        const { id } = prayer.json<{ id: string }>();
        const answered = await send('POST', `/api/prayers/${id}/answered`, account, {});
        expect(answered.statusCode).toBe(200);
      }
    }
    return account;
  }

  const drawn = async (url: string, cookie?: string) => {
    const response = await page({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    const main =
      /<main data-url="([^"]*)" data-user="([^"]*)" data-signed-out="(\w+)">(?:<h1>([^<]*)<\/h1>)?(.*?)<\/main>/.exec(
        response.body,
      );
    return {
      cacheControl: response.headers['cache-control'],
      vary: response.headers.vary,
      noindex: response.body.includes('<meta name="robots" content="noindex">'),
      url: main?.[1],
      user: main?.[2],
      signedOut: main?.[3],
      group: main?.[4],
      shown: main
        ? [...(main[5] ?? '').matchAll(/<p>([^<]*)<\/p>/g)].map(([, text]) => text)
        : undefined,
    };
  };

  it("draws each member's newest entries, saved verses, notes and open prayers for them alone, never to be stored", async () => {
    const amy = await member('Amy');
    const ben = await member('Ben');
    for (const [account, name] of [
      [amy, 'Amy'],
      [ben, 'Ben'],
    ] as const) {
      const journal = await drawn('/journal-entries', account.cookie);
      expect(journal).toMatchObject({
        noindex: false,
        cacheControl: 'private, no-store',
        vary: 'cookie, accept-encoding',
        url: '/journal-entries',
        user: account.email,
        shown: [`${name} 2`, `${name} 1`],
      });
      const verses = await drawn('/saved-verses', account.cookie);
      expect(verses).toMatchObject({
        cacheControl: 'private, no-store',
        user: account.email,
        shown: ['The LORD is my shepherd; I shall not want.'],
      });
      expect(await drawn('/notes', account.cookie)).toMatchObject({
        cacheControl: 'private, no-store',
        user: account.email,
        shown: [`${name}'s note`],
      });
      // The prayer list as it opens: the open requests, not the answered ones.
      expect(await drawn('/prayer', account.cookie)).toMatchObject({
        cacheControl: 'private, no-store',
        user: account.email,
        shown: [`${name}'s open prayer`],
      });
    }
  });

  it("draws a group's page with its wall for its members, and for nobody else", async () => {
    const t = page.testApp();
    const send = sendingAs(t);
    const [owner, member, stranger] = [await signUp(t), await signUp(t), await signUp(t)];
    const groupId = await insertGroup(
      t.db,
      owner.user.id,
      [{ userId: member.user.id }],
      'Tuesday group',
    );
    for (const text of ['For my mother', 'For the new job']) {
      const shared = await send('POST', `/api/groups/${groupId}/posts`, owner, { text });
      expect(shared.statusCode, shared.body).toBe(201);
    }
    for (const account of [owner, member]) {
      expect(await drawn(`/groups/${groupId}`, account.cookie)).toMatchObject({
        cacheControl: 'private, no-store',
        url: `/groups/${groupId}`,
        user: account.email,
        group: 'Tuesday group',
        shown: ['For the new job', 'For my mother'],
        // Drawn for a member, still nobody's to index.
        noindex: true,
      });
    }
    // Someone outside the group, an id that is no group's: drawn with who is there, and no group.
    for (const path of [`/groups/${groupId}`, '/groups/not-a-group']) {
      expect(await drawn(path, stranger.cookie)).toMatchObject({
        cacheControl: 'private, no-store',
        user: stranger.email,
        group: undefined,
        shown: [],
      });
    }
    // A removed member is a stranger at once.
    const removed = await send('DELETE', `/api/groups/${groupId}/members/${member.user.id}`, owner);
    expect(removed.statusCode).toBe(204);
    expect(await drawn(`/groups/${groupId}`, member.cookie)).toMatchObject({
      group: undefined,
      shown: [],
    });
    // A visitor is sent the sign-in page, where the app sends them, never the group's.
    expect(await drawn(`/groups/${groupId}`)).toMatchObject({
      url: '/auth',
      signedOut: 'true',
      group: undefined,
      shown: [],
      noindex: true,
    });
  });

  it('leaves a search in the address to the app, drawing who is there', async () => {
    const amy = await member('Cleo');
    const searched = await drawn('/journal-entries?q=Cleo%201', amy.cookie);
    expect(searched).toMatchObject({
      cacheControl: 'private, no-store',
      url: '/journal-entries?q=Cleo%201',
      user: amy.email,
      shown: [],
    });
  });

  it('draws nothing personal without a live session', async () => {
    // A visitor: saved verses are drawn as a visitor sees them (the examples), and kept.
    expect(await drawn('/saved-verses')).toMatchObject({
      cacheControl: 'no-cache',
      signedOut: 'true',
      user: '',
    });
    // The screens only for someone signed in: the sign-in page, where the app sends a visitor.
    for (const path of ['/journal-entries', '/notes']) {
      expect(await drawn(path), path).toMatchObject({ url: '/auth', user: '', shown: [] });
    }
    // /prayer is everyone's page: a visitor's is drawn with nobody's list, and kept.
    expect(await drawn('/prayer')).toMatchObject({
      cacheControl: 'no-cache',
      signedOut: 'true',
      user: '',
      shown: [],
    });
    // A cookie that names no session: nobody's page, and the cookie is cleared.
    const response = await page({
      method: 'GET',
      url: '/journal-entries',
      headers: { cookie: 'grounded_session=made-up' },
    });
    expect(response.body).not.toContain('<main');
    expect(response.headers['cache-control']).not.toContain('no-store');
    expect(String(response.headers['set-cookie'])).toMatch(/grounded_session=;/);
  });
});

describe('/auth, /journal and the verse of the day, drawn by the server', () => {
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /></head><body><div id="root"><!--before-app--><div data-before-app>frame</div><!--/before-app--></div></body></html>`;
  // Stands in for the build's renderer: it writes down what it was given, and counts its renders.
  const renderer = `
    let renders = 0;
    export async function renderScreen(url, data) {
      renders += 1;
      const daily = data.dailyVerse;
      return {
        markup: '<main data-renders="' + renders + '" data-url="' + url + '" data-signed-out="' + Boolean(data.signedOut) + '" data-google="' + (data.authProviders?.google ?? '') + '" data-date="' + (daily?.date ?? '') + '" data-translation="' + (daily?.verse.translation ?? '') + '">' + (daily ? '<p>' + daily.verse.reference + '</p>' : '') + '</main>',
        state: { mutations: [], queries: [] },
      };
    }`;
  // Midday, so that the server's day is the 26th in any time zone the tests may run in.
  const clock = fixedClock(new Date('2026-11-26T12:00:00.000Z'));
  const page = serveClient({ 'index.html': template, [screenRendererFile]: renderer }, { clock });

  const drawn = async (url: string, cookie?: string) => {
    const response = await page({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    const main =
      /<main data-renders="(\d+)" data-url="([^"]*)" data-signed-out="(\w+)" data-google="(\w*)" data-date="([^"]*)" data-translation="(\w*)">(?:<p>([^<]*)<\/p>)?<\/main>/.exec(
        response.body,
      );
    return {
      vary: response.headers.vary,
      cacheControl: response.headers['cache-control'],
      title: /<title>([^<]*)<\/title>/.exec(response.body)?.[1],
      renders: main?.[1],
      url: main?.[2],
      signedOut: main?.[3],
      google: main?.[4],
      date: main?.[5],
      translation: main?.[6],
      reference: main?.[7],
    };
  };

  it("draws the verse of the server's day, kept for the day, in the translation the cookie names", async () => {
    const first = await drawn('/verse-of-day');
    // Day 330 of 2026 (November 26).
    const verse = (await page('/api/verses/daily/330')).json<{ reference: string }>();
    expect(first).toMatchObject({
      url: '/verse-of-day',
      date: '2026-11-26',
      translation: 'kjv',
      reference: verse.reference,
      signedOut: 'true',
      vary: 'cookie, accept-encoding',
      cacheControl: 'no-cache',
      title: 'Verse of the Day · Grounded',
    });
    expect((await drawn('/verse-of-day')).renders).toBe(first.renders);
    // The device reads the WEB: its cookie says so. An unknown one is the KJV's.
    const web = await drawn('/verse-of-day', 'grounded-translation=web');
    expect(web).toMatchObject({ translation: 'web', reference: verse.reference });
    expect(web.renders).not.toBe(first.renders);
    expect((await drawn('/verse-of-day', 'grounded-translation=nope')).renders).toBe(first.renders);
    // Someone who may be signed in: room kept for either answer.
    expect((await drawn('/verse-of-day', 'grounded_session=x')).signedOut).toBe('false');
    // The next day, the next verse.
    clock.advance(24 * 60 * 60 * 1000);
    const next = await drawn('/verse-of-day');
    expect(next.date).toBe('2026-11-27');
    expect(next.reference).toBe(
      (await page('/api/verses/daily/331')).json<{ reference: string }>().reference,
    );
  });

  it('draws /auth once, with the sign-in providers this server offers', async () => {
    const first = await drawn('/auth');
    expect(first).toMatchObject({ url: '/auth', google: 'false', signedOut: 'true' });
    expect((await drawn('/auth?error=denied')).renders).toBe(first.renders);
    expect((await drawn('/auth', 'grounded_session=x')).signedOut).toBe('false');
  });

  it('draws the sign-in page for a visitor at a screen only for someone signed in', async () => {
    const auth = await drawn('/auth');
    for (const path of ['/memorize', '/topics', '/groups', '/settings', '/groups/abc']) {
      // The very page /auth is for a visitor, kept once (the app moves the address to /auth).
      expect(await drawn(path), path).toMatchObject({
        url: '/auth',
        signedOut: 'true',
        title: 'Sign In · Grounded',
        vary: 'cookie, accept-encoding',
        cacheControl: 'no-cache',
      });
    }
    expect((await drawn('/memorize')).renders).toBe(auth.renders);
    // A group's address stays out of search engines, sign-in page or not.
    const group = await page('/groups/abc');
    expect(group.body).toContain('<meta name="robots" content="noindex">');
    expect((await page('/memorize')).body).not.toContain('noindex');
    // Someone who may be signed in: the app asks who, and draws the screen or sends them on.
    const withCookie = await page({
      method: 'GET',
      url: '/memorize',
      headers: { cookie: 'grounded_session=x' },
    });
    expect(withCookie.body).not.toContain('<main');
  });

  it("draws /plans and a library plan's page once each, for a visitor or whoever may be signed in", async () => {
    const library = await drawn('/plans');
    expect(library).toMatchObject({
      url: '/plans',
      signedOut: 'true',
      title: 'Reading Plans · Grounded',
      vary: 'cookie, accept-encoding',
      cacheControl: 'no-cache',
    });
    expect((await drawn('/plans')).renders).toBe(library.renders);
    expect((await drawn('/plans', 'grounded_session=x')).signedOut).toBe('false');
    const { plan } = (await page('/api/plans/gospels-30/days')).json<PlanDaysResponse>();
    const gospels = await drawn('/plans?plan=gospels-30');
    expect(gospels).toMatchObject({
      url: '/plans?plan=gospels-30',
      signedOut: 'true',
      title: `${plan.title} · Grounded`,
    });
    // The screen reads only the plan from the address: the same page, drawn once.
    expect((await drawn('/plans?plan=gospels-30&ref=news')).renders).toBe(gospels.renders);
    // No such plan in the library (or one made from a feeling, its owner's): the app's to draw.
    const unknown = await page('/plans?plan=nope');
    expect(unknown.body).not.toContain('<main');
    expect(unknown.body).toContain('<div data-before-app>frame</div>');
  });

  it("draws a visitor's /journal, with the verse its address names", async () => {
    expect(await drawn('/journal')).toMatchObject({ url: '/journal', signedOut: 'true' });
    expect(await drawn('/journal?verse=John%203%3A16')).toMatchObject({
      url: '/journal?verse=John%203%3A16',
      signedOut: 'true',
      cacheControl: 'no-cache',
    });
  });
});

describe('chapterPageText', () => {
  const chapter = (text: string, translation = 'kjv') =>
    ({ translation, reference: 'Esther 8', verses: [{ text }] }) as unknown as ChapterResponse;

  it('keeps a short opening whole', () => {
    expect(chapterPageText(chapter('On that day.'))).toEqual({
      title: 'Esther 8 · Read the Bible',
      description: 'Esther 8 in the King James Version: On that day.',
    });
  });

  it('names the translation the chapter is in', () => {
    expect(chapterPageText(chapter('On that day.', 'web')).description).toBe(
      'Esther 8 in the World English Bible: On that day.',
    );
    expect(chapterPageText(chapter('On that day.', 'asv')).description).toBe(
      'Esther 8 in the American Standard Version: On that day.',
    );
  });

  it("writes one psalm as the reader's heading does: 'Psalm 23'", () => {
    const psalm = {
      translation: 'kjv',
      reference: 'Psalms 23',
      verses: [{ text: 'The LORD is my shepherd; I shall not want.' }],
    } as unknown as ChapterResponse;
    expect(chapterPageText(psalm)).toEqual({
      title: 'Psalm 23 · Read the Bible',
      description: 'Psalm 23 in the King James Version: The LORD is my shepherd; I shall not want.',
    });
  });

  it('cuts a long opening at a word, within 160 characters', () => {
    const { description } = chapterPageText(chapter('word '.repeat(60).trim()));
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/ word…$/);
  });
});
