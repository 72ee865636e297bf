import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { createPageCursors } from '#server/db/keyset.ts';
import { highlightPageSchema, highlightSchema } from '#shared/schemas/reading.ts';
import { topicListSchema, topicPageSchema, type TopicItem } from '#shared/schemas/topics.ts';
import { savedVerseSchema } from '#shared/schemas/verses.ts';
import {
  browserRequest,
  sendingAs,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { queriesSent, queryPlan } from '#tests/api-support/query-plan.ts';
import { sharedBible, testRateLimits, useTestApp } from '#tests/api-support/test-app.ts';
import { topicPage } from './topics.service.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

async function highlight(account: SignedIn, book: string, chapter: number, verse: number) {
  const place = { book_name: book, chapter_number: chapter, verse_number: verse };
  const toggled = await send('POST', '/api/highlights/toggle', account, place);
  expect(toggled.statusCode, toggled.body).toBe(200);
  const listed = await send(
    'GET',
    `/api/highlights?book_name=${book}&chapter_number=${chapter}`,
    account,
  );
  const row = highlightPageSchema
    .parse(listed.json())
    .items.find((item) => item.verse_number === verse);
  if (!row) throw new Error('no highlight');
  return row;
}

async function save(account: SignedIn, reference: string, text = `The words of ${reference}.`) {
  const response = await send('POST', '/api/saved-verses', account, {
    reference,
    text,
    theme: 'Bible Reading',
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return savedVerseSchema.parse(response.json());
}

async function note(account: SignedIn, place: Record<string, unknown>, tags: string[]) {
  const response = await send('POST', '/api/notes', account, { ...place, text: 'My note', tags });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function tagHighlight(account: SignedIn, id: string, tags: unknown) {
  return send('PATCH', `/api/highlights/${id}`, account, { tags });
}

async function tagSaved(account: SignedIn, id: string, tags: unknown) {
  return send('PATCH', `/api/saved-verses/${id}`, account, { tags });
}

async function topic(account: SignedIn, tag: string, query = '') {
  const response = await send(
    'GET',
    `/api/topics/${encodeURIComponent(tag)}${query ? `?${query}` : ''}`,
    account,
  );
  expect(response.statusCode, response.body).toBe(200);
  return topicPageSchema.parse(response.json());
}

async function topics(account: SignedIn, query = '') {
  const response = await send('GET', `/api/topics${query ? `?${query}` : ''}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return topicListSchema.parse(response.json());
}

const places = (items: TopicItem[]) => items.map((item) => `${item.kind} ${item.reference}`);

describe('a topic', () => {
  it('gathers notes, highlights and saved verses in Bible order, whatever the case of the tag', async () => {
    const account = await signUp(t);
    // Written out of Bible order on purpose: Ephesians first, Genesis last.
    const ephesians = await save(account, 'Ephesians 2:8', 'For by grace are ye saved.');
    const romans = await highlight(account, 'Romans', 5, 20);
    await note(
      account,
      { book_name: 'John', chapter_number: 1, verse_number: 14, end_verse_number: 16 },
      ['Grace'],
    );
    const genesis = await save(account, 'Genesis 6:8', 'But Noah found grace.');

    const tagged = await tagSaved(account, ephesians.id, ['grace', ' Faith ', 'GRACE']);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(savedVerseSchema.parse(tagged.json()).tags).toEqual(['grace', 'Faith']);
    const lit = await tagHighlight(account, romans.id, ['Grace']);
    expect(lit.statusCode, lit.body).toBe(200);
    expect(highlightSchema.parse(lit.json())).toMatchObject({ id: romans.id, tags: ['Grace'] });
    expect((await tagSaved(account, genesis.id, ['gRaCe'])).statusCode).toBe(200);

    const page = await topic(account, 'grace');
    expect(places(page.items)).toEqual([
      'saved_verse Genesis 6:8',
      'note John 1:14–16',
      'highlight Romans 5:20',
      'saved_verse Ephesians 2:8',
    ]);
    expect(page.next_cursor).toBeNull();
    expect(page.items[1]).toMatchObject({ kind: 'note', text: 'My note', end_verse_number: 16 });
    expect(page.items[2]).toMatchObject({
      kind: 'highlight',
      translation: 'kjv',
      verse_text: expect.stringMatching(/^Moreover the law entered/),
    });
    expect(page.items[3]).toMatchObject({
      verse_text: 'For by grace are ye saved.',
      tags: ['grace', 'Faith'],
    });
    // The same page asked as 'GRACE', and a highlight's words in the translation asked for.
    expect(places((await topic(account, 'GRACE')).items)).toEqual(places(page.items));
    const web = await topic(account, 'grace', 'translation=web');
    expect(web.items[2]).toMatchObject({ kind: 'highlight', translation: 'web' });

    expect((await topics(account)).items).toEqual([
      { tag: 'faith', name: 'Faith', count: 1 },
      // Named by one of the ways it was written.
      { tag: 'grace', name: expect.stringMatching(/^grace$/i), count: 4 },
    ]);
  });

  it('follows the items: new tags replace the old, and a removed item leaves its topics', async () => {
    const account = await signUp(t);
    const saved = await save(account, 'Psalms 23:1');
    const lit = await highlight(account, 'Psalms', 23, 4);
    const written = await note(
      account,
      { book_name: 'Psalms', chapter_number: 23, verse_number: 6 },
      ['comfort'],
    );
    await tagSaved(account, saved.id, ['comfort']);
    await tagHighlight(account, lit.id, ['comfort']);
    expect((await topic(account, 'comfort')).items).toHaveLength(3);

    await tagSaved(account, saved.id, ['shepherd']);
    expect(places((await topic(account, 'comfort')).items)).toEqual([
      'highlight Psalms 23:4',
      'note Psalms 23:6',
    ]);
    // The highlight tapped off, the note deleted, the saved verse deleted.
    await send('POST', '/api/highlights/toggle', account, {
      book_name: 'Psalms',
      chapter_number: 23,
      verse_number: 4,
    });
    expect((await send('DELETE', `/api/notes/${written.id}`, account)).statusCode).toBe(204);
    expect((await topic(account, 'comfort')).items).toEqual([]);
    expect((await send('DELETE', `/api/saved-verses/${saved.id}`, account)).statusCode).toBe(204);
    expect((await topics(account)).items).toEqual([]);
    const left = await t.db
      .selectFrom('topic_items')
      .select('id')
      .where('user_id', '=', account.user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('takes an edited note’s new tags, and keeps its tags when an edit leaves them out', async () => {
    const account = await signUp(t);
    const written = await note(
      account,
      { book_name: 'John', chapter_number: 3, verse_number: 16 },
      ['love'],
    );
    await send('PATCH', `/api/notes/${written.id}`, account, { text: 'Again' });
    expect((await topic(account, 'love')).items).toHaveLength(1);
    await send('PATCH', `/api/notes/${written.id}`, account, { text: 'Again', tags: ['Gift'] });
    expect((await topic(account, 'love')).items).toEqual([]);
    expect(places((await topic(account, 'gift')).items)).toEqual(['note John 3:16']);
  });

  it('pages in Bible order, refusing a cursor of another topic', async () => {
    const account = await signUp(t);
    const saved = [];
    for (let verse = 25; verse >= 1; verse -= 1)
      saved.push(await save(account, `Psalms 119:${verse}`));
    for (const verse of saved) await tagSaved(account, verse.id, ['word', 'law']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await topic(account, 'word', `limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.reference));
      cursor = page.next_cursor;
      if (cursor) {
        const other = await send('GET', `/api/topics/law?limit=10&cursor=${cursor}`, account);
        expect(other.statusCode).toBe(400);
      }
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, index) => `Psalms 119:${index + 1}`));

    const first = await topics(account, 'limit=1');
    expect(first.items).toEqual([{ tag: 'law', name: 'law', count: 25 }]);
    const second = await topics(account, `limit=1&cursor=${first.next_cursor ?? ''}`);
    expect(second).toEqual({
      items: [{ tag: 'word', name: 'word', count: 25 }],
      next_cursor: null,
    });
  });
});

describe('another member', () => {
  it('never sees, tags or lists someone else’s items: 404, and their topics stay their own', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const saved = await save(owner, 'Romans 8:28');
    const lit = await highlight(owner, 'Romans', 8, 1);
    await tagSaved(owner, saved.id, ['hope']);
    await tagHighlight(owner, lit.id, ['hope']);

    const theirs = await tagSaved(stranger, saved.id, ['mine']);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'That saved verse was not found.',
    });
    expect((await tagHighlight(stranger, lit.id, ['mine'])).statusCode).toBe(404);
    expect((await topic(stranger, 'hope')).items).toEqual([]);
    expect((await topics(stranger)).items).toEqual([]);
    // The stranger's own item with the same topic is theirs alone.
    const own = await save(stranger, 'Romans 15:13');
    await tagSaved(stranger, own.id, ['hope']);
    expect(places((await topic(stranger, 'hope')).items)).toEqual(['saved_verse Romans 15:13']);
    expect(places((await topic(owner, 'hope')).items)).toEqual([
      'highlight Romans 8:1',
      'saved_verse Romans 8:28',
    ]);
  });

  it('answers 401 to a visitor on every topic route', async () => {
    for (const [method, url] of [
      ['GET', '/api/topics'],
      ['GET', '/api/topics/grace'],
      ['PATCH', '/api/highlights/0190b4a2-0000-7000-8000-000000000000'],
      ['PATCH', '/api/saved-verses/0190b4a2-0000-7000-8000-000000000000'],
    ] as const) {
      const response = await send(
        method,
        url,
        undefined,
        method === 'PATCH' ? { tags: [] } : undefined,
      );
      expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
    }
  });
});

describe('bad input', () => {
  it('is refused with 400 { error, message } and changes nothing', async () => {
    const account = await signUp(t);
    const saved = await save(account, 'John 1:1');
    const lit = await highlight(account, 'John', 1, 2);
    const long = 'a'.repeat(5_000);
    for (const tags of [
      [long],
      Array.from({ length: 13 }, (_, i) => `t${i}`),
      'grace',
      [''],
      [3],
      null,
    ]) {
      for (const response of [
        await tagSaved(account, saved.id, tags),
        await tagHighlight(account, lit.id, tags),
      ]) {
        expect(response.statusCode, JSON.stringify(tags)).toBe(400);
        expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
      }
    }
    const longTopic = await send('GET', `/api/topics/${long}`, account);
    expect(longTopic.statusCode).toBe(400);
    expect(longTopic.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    const tooLong = await send('GET', `/api/topics/${'a'.repeat(31)}`, account);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    for (const query of ['limit=0', 'limit=1000', 'cursor=nonsense', 'translation=xyz']) {
      const response = await send('GET', `/api/topics/grace?${query}`, account);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await send('GET', '/api/topics?limit=500', account)).statusCode).toBe(400);
    expect(
      (await send('PATCH', '/api/saved-verses/not-an-id', account, { tags: [] })).statusCode,
    ).toBe(404);
    expect((await topics(account)).items).toEqual([]);
  });

  it('refuses a __proto__ key in the body, and keeps "__proto__" as a plain topic', async () => {
    const account = await signUp(t);
    const saved = await save(account, 'John 1:3');
    const poisoned = await browserRequest(t, {
      method: 'PATCH',
      url: `/api/saved-verses/${saved.id}`,
      cookie: account.cookie,
      headers: { 'content-type': 'application/json' },
      payload: `{"tags":["x"],"__proto__":{"user_id":"x"}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect((await tagSaved(account, saved.id, ['__proto__', 'constructor'])).statusCode).toBe(200);
    expect((await topics(account)).items).toEqual([
      { tag: '__proto__', name: '__proto__', count: 1 },
      { tag: 'constructor', name: 'constructor', count: 1 },
    ]);
    expect(places((await topic(account, '__proto__')).items)).toEqual(['saved_verse John 1:3']);
  });

  it('refuses a topic on a saved verse whose reference names no place, keeping its tags as they were', async () => {
    const account = await signUp(t);
    const saved = await save(account, 'A verse of my own');
    const response = await tagSaved(account, saved.id, ['grace']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    const row = await t.db
      .selectFrom('saved_verses')
      .select('tags')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row.tags).toEqual([]);
  });
});

describe('tagging at a script’s pace', () => {
  const limited = useTestApp({ rateLimits: { ...testRateLimits, writesPerMinute: 3 } });

  it('answers 429 past the per-person write limit', async () => {
    const writer = await signUp(limited);
    const sendLimited = sendingAs(limited);
    const saved = await sendLimited('POST', '/api/saved-verses', writer, {
      reference: 'John 1:1',
      text: 'In the beginning was the Word.',
      theme: 'Bible Reading',
    });
    const { id } = savedVerseSchema.parse(saved.json());
    const patch = () => sendLimited('PATCH', `/api/saved-verses/${id}`, writer, { tags: ['word'] });
    // Each write route is counted on its own: three of these a minute.
    for (let i = 0; i < 3; i += 1) expect((await patch()).statusCode).toBe(200);
    const refused = await patch();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  });
});

describe('the topic queries', () => {
  it('read a topic’s page off the (user, tag, verse, id) index, without a sort', async () => {
    const account = await signUp(t);
    const queries = await queriesSent(t.db, (db) =>
      topicPage(
        { db, cursors: createPageCursors(t.db), bible: sharedBible() },
        account.user.id,
        'grace',
        {
          limit: 20,
          translation: 'kjv',
        },
      ),
    );
    const query = queries.find((q) => /topic_items/.test(q.sql));
    if (!query) throw new Error('no topic query');
    const plan = await queryPlan(t.db, t.dialect, query);
    expect(plan).toMatch(/topic_items_user_tag_verse_idx/);
    expect(plan).not.toMatch(/temp b-tree|\bsort\b/i);
  });
});
