import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode, type ErrorCode } from '#shared/errors.ts';
import { screenRendererFile } from '#shared/site-routes.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { serveClient } from '#tests/api-support/serve-client.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { prototypeNames, spellingsOf } from './hostile-values.ts';

/**
 * A book (or a day, a time zone, a reference) named after a property that
 * every object has ('constructor', '__proto__', 'toString', …), in any case and spacing, was
 * answered 500 where the input was looked up in an object literal. It must be an unknown value
 * like any other: a 4xx { error, message } from the API, the app's own page for /read-bible.
 */

const t = useTestApp();
let member: SignedIn;
beforeAll(async () => {
  member = await signUp(t);
});

const encode = encodeURIComponent;

function send(options: Parameters<typeof browserRequest>[1]): Promise<LightMyRequestResponse> {
  return browserRequest(t, { cookie: member.cookie, ...options });
}

function sendJsonText(method: 'POST' | 'PATCH', url: string, text: string) {
  return send({ method, url, payload: text, headers: { 'content-type': 'application/json' } });
}

function expectRefused(response: LightMyRequestResponse, status: number, error: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error, message: expect.any(String) });
}

/** Anything but a server error; a refusal in the API's one shape. */
function expectAnswered(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = response.json<{ error: unknown; message: unknown }>();
  expect(isErrorCode(body.error), response.body).toBe(true);
  expect(body.message, response.body).toEqual(expect.any(String));
}

describe.each(prototypeNames)('the prototype name %s, in any case and spacing', (name) => {
  const spellings = spellingsOf(name);

  it('is no book to bookmark, highlight, mark as read or note: 400', async () => {
    for (const book of spellings) {
      const chapter = { book_name: book, chapter_number: 1 };
      const chapterQuery = `book_name=${encode(book)}&chapter_number=1`;
      const responses = [
        await send({ method: 'POST', url: '/api/bookmarks/toggle', payload: chapter }),
        await send({ method: 'GET', url: `/api/highlights?${chapterQuery}` }),
        await send({ method: 'GET', url: `/api/bookmarks/status?${chapterQuery}` }),
        await send({
          method: 'POST',
          url: '/api/highlights/toggle',
          payload: { ...chapter, verse_number: 1 },
        }),
        await send({ method: 'POST', url: '/api/progress', payload: chapter }),
        await send({ method: 'DELETE', url: `/api/progress?${chapterQuery}` }),
        await send({
          method: 'POST',
          url: '/api/notes',
          payload: { ...chapter, verse_number: 1, text: 'A note.' },
        }),
        await send({ method: 'GET', url: `/api/notes?book=${encode(book)}` }),
        await send({ method: 'GET', url: `/api/notes/chapter/${encode(book)}/1` }),
      ];
      for (const response of responses) {
        expectRefused(response, 400, 'VALIDATION_ERROR');
        expect(response.json<{ message: string }>().message).toBe(
          `There is no book called "${book.trim()}".`,
        );
      }
    }
  });

  it('is no book or chapter of the Bible: 404', async () => {
    for (const spelling of spellings) {
      for (const url of [
        `/api/bible/${encode(spelling)}/1`,
        `/api/bible/John/${encode(spelling)}`,
        `/api/bible/passage?reference=${encode(spelling)}`,
        `/api/bible/passage?reference=${encode(`${spelling} 3:16`)}`,
      ]) {
        expectRefused(await send({ method: 'GET', url }), 404, 'NOT_FOUND');
      }
    }
  });

  it('is no translation: 400', async () => {
    for (const spelling of spellings) {
      for (const url of [
        `/api/bible/John/3?translation=${encode(spelling)}`,
        `/api/bible/passage?reference=John%203:16&translation=${encode(spelling)}`,
        `/api/bible/search?q=love&translation=${encode(spelling)}`,
        `/api/bible/download/verses?translation=${encode(spelling)}`,
        `/api/verses/catalogue?translation=${encode(spelling)}`,
        `/api/verses/daily/1?translation=${encode(spelling)}`,
        `/api/verses/suggestions?mood=anxious&translation=${encode(spelling)}`,
      ]) {
        expectRefused(await send({ method: 'GET', url }), 400, 'VALIDATION_ERROR');
      }
      expectRefused(
        await send({ method: 'PATCH', url: '/api/settings', payload: { translation: spelling } }),
        400,
        'VALIDATION_ERROR',
      );
      expectRefused(
        await send({
          method: 'POST',
          url: '/api/saved-verses',
          payload: {
            text: 'Jesus wept.',
            reference: 'John 11:35',
            theme: 'Comfort',
            translation: spelling,
          },
        }),
        400,
        'VALIDATION_ERROR',
      );
    }
  });

  it('is searched for as words', async () => {
    for (const spelling of spellings) {
      for (const query of [spelling, `${spelling} 3:16`]) {
        const response = await send({ method: 'GET', url: `/api/bible/search?q=${encode(query)}` });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ total: expect.any(Number) });
      }
    }
  });

  it('is no weekday, time zone or day of the year: 400', async () => {
    for (const spelling of spellings) {
      for (const payload of [{ reminder_days: [spelling] }, { reminder_timezone: spelling }]) {
        expectRefused(
          await send({ method: 'PATCH', url: '/api/settings', payload }),
          400,
          'VALIDATION_ERROR',
        );
      }
      expectRefused(
        await send({ method: 'GET', url: `/api/verses/daily/${encode(spelling)}` }),
        400,
        'VALIDATION_ERROR',
      );
    }
  });

  it('is no row id: 404', async () => {
    for (const spelling of spellings) {
      for (const url of [
        `/api/bookmarks/${encode(spelling)}`,
        `/api/saved-verses/${encode(spelling)}`,
        `/api/journal/${encode(spelling)}`,
      ]) {
        expectRefused(await send({ method: 'DELETE', url }), 404, 'NOT_FOUND');
      }
      expectAnswered(
        await send({ method: 'POST', url: `/api/notifications/${encode(spelling)}/read` }),
      );
    }
  });

  it('is kept as plain text in a saved verse and a journal entry', async () => {
    for (const spelling of spellings) {
      const text = spelling.trim();
      const saved = await send({
        method: 'POST',
        url: '/api/saved-verses',
        payload: {
          text: 'Jesus wept.',
          reference: spelling,
          theme: spelling,
          emotion_tag: spelling,
          custom_note: spelling,
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const verse = saved.json<{ id: string }>();
      expect(verse).toMatchObject({ reference: text, theme: text, emotion_tag: text });
      const entry = await send({
        method: 'POST',
        url: '/api/journal',
        payload: { content: spelling, emotion_tags: [spelling], verse_reference: spelling },
      });
      expect(entry.statusCode, entry.body).toBe(201);
      expect(entry.json()).toMatchObject({
        content: text,
        emotion_tags: [text],
        verse_reference: text,
      });
      const entryId = entry.json<{ id: string }>().id;
      for (const url of [`/api/saved-verses/${verse.id}`, `/api/journal/${entryId}`]) {
        expect((await send({ method: 'DELETE', url })).statusCode).toBe(204);
      }
    }
  });

  it('is one more unknown key of a query string or a JSON body', async () => {
    const key = encode(name);
    for (const url of [
      `/api/highlights?book_name=John&chapter_number=3&${key}=1`,
      `/api/bookmarks?${key}=1`,
      `/api/bookmarks?q=${key}`,
      `/api/progress?${key}=1`,
      `/api/notifications?${key}=1`,
      `/api/verses/catalogue?mood=${key}&theme=${key}&${key}=1`,
      `/api/bible/search?q=love&${key}=1`,
    ]) {
      const response = await send({ method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const jsonKey = JSON.stringify(name);
    for (const value of ['1', '{"polluted":true}', '{"prototype":{"polluted":true}}']) {
      expectAnswered(
        await sendJsonText(
          'POST',
          '/api/progress',
          `{"book_name":"John","chapter_number":3,${jsonKey}:${value}}`,
        ),
      );
      expectAnswered(
        await sendJsonText('PATCH', '/api/settings', `{"dark_mode":false,${jsonKey}:${value}}`),
      );
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('after all those requests', () => {
  it("the member's bookmarks, reading and settings hold only what was valid", async () => {
    const bookmarks = await send({ method: 'GET', url: '/api/bookmarks' });
    expect(bookmarks.statusCode, bookmarks.body).toBe(200);
    expect(bookmarks.json()).toEqual({ items: [], next_cursor: null });
    const progress = await send({ method: 'GET', url: '/api/progress?limit=100' });
    expect(progress.statusCode, progress.body).toBe(200);
    const { items } = progress.json<{ items: { book_name: string }[] }>();
    for (const row of items) expect(row.book_name).toBe('John');
    const books = await send({ method: 'GET', url: '/api/progress/books' });
    expect(books.statusCode, books.body).toBe(200);
    expect(
      books.json<{ items: { book_name: string }[] }>().items.map((row) => row.book_name),
    ).toEqual(items.length > 0 ? ['John'] : []);
    const lastPosition = await send({ method: 'GET', url: '/api/progress/last-position' });
    expect(lastPosition.statusCode, lastPosition.body).toBe(200);
    const plan = await send({ method: 'POST', url: '/api/reading-plan' });
    expect(plan.statusCode, plan.body).toBe(201);
    const settings = await send({ method: 'GET', url: '/api/settings' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ reminder_timezone: 'UTC', translation: 'kjv' });
  });
});

describe('the reader page /read-bible with a prototype name', () => {
  // A client build as src/server/delivery/reader-pages.ts needs one: the page, the manifest and a renderer
  // that draws the chapter's reference.
  const template = `<!doctype html><html><head><title>Grounded</title><meta name="description" content="x" /></head><body><div id="root"><!--before-app--><div data-before-app>frame</div><!--/before-app--></div></body></html>`;
  const manifest = {
    'index.html': { file: 'assets/index-1.js' },
    'src/client/features/bible/routes/read-bible-page.tsx': {
      file: 'assets/read-bible-page-1.js',
      imports: ['index.html'],
    },
  };
  const renderer = `export async function renderScreen(url, { chapter }) {
    return { markup: '<main>' + chapter.reference + '</main>', state: {} };
  }`;
  const page = serveClient({
    'index.html': template,
    '.vite/manifest.json': JSON.stringify(manifest),
    [screenRendererFile]: renderer,
  });

  it('draws a real chapter on the server', async () => {
    const response = await page('/read-bible?book=John&chapter=3');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<main>John 3</main>');
  });

  it.each(prototypeNames)('%s as the translation: the chapter in the KJV', async (name) => {
    for (const spelling of spellingsOf(name)) {
      const url = `/read-bible?book=John&chapter=3&translation=${encode(spelling)}`;
      const response = await page(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.body, url).toContain('<main>John 3</main>');
      expect(response.body, url).toContain('John 3 in the King James Version');
    }
  });

  it.each(prototypeNames)(
    '%s as the book or the chapter: 200 with the page the app draws itself',
    async (name) => {
      for (const spelling of spellingsOf(name)) {
        for (const url of [
          `/read-bible?book=${encode(spelling)}&chapter=1`,
          `/read-bible?book=${encode(spelling)}`,
          `/read-bible?book=John&chapter=${encode(spelling)}`,
        ]) {
          const response = await page(url);
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
          expect(response.body, url).toContain('<div data-before-app>frame</div>');
          expect(response.body, url).toContain('<title>Read the Bible · Grounded</title>');
        }
      }
    },
  );
});
