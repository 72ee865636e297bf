import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserRequest,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';
import {
  diffSnapshots,
  listTables,
  takeSnapshot,
  type DatabaseSnapshot,
} from './database-snapshot.ts';
import { hostileProbes, sqlInjectionProbes } from './hostile-values.ts';

/**
 * SQL-injection and stored-XSS probes in every text field a user can save (docs/reliability.md):
 * what is accepted comes back byte for byte from the read endpoints (stored as data, never run
 * as SQL or markup), every table is still there, and nothing but the intended row changed.
 * Fields with a closed set of values (time zones, book names) refuse the probes with a 4xx and
 * write nothing. How the screens show these texts is checked in tests/e2e/hostile-content.test.ts.
 */
const moderatorEmail = 'probe-moderator@example.com';

let t: TestApp;
let tables: string[];
let author: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ config: { moderatorEmails: [moderatorEmail] } });
  tables = await listTables(t.db, t.dialect);
  author = await signUp(t, { display_name: 'Probe Author' });
  moderator = await signUp(t, { email: moderatorEmail, display_name: 'Probe Moderator' });
});
afterAll(async () => {
  await t?.close();
});

/**
 * The probe if it fits the field, else its first `max` characters. Fields are trimmed on save,
 * so a cut that ends in a space loses it here, and what is sent is what must come back.
 */
function fit(probe: string, max: number): string {
  return probe.slice(0, max).trim();
}

function send(
  account: SignedIn | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) {
  return browserRequest(t, {
    method,
    url,
    ...(account ? { cookie: account.cookie } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function read<T>(account: SignedIn | undefined, url: string): Promise<T> {
  const response = await send(account, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The newest page of a list (decision 012: every list answers { items, next_cursor }). */
async function readList(account: SignedIn | undefined, url: string) {
  const page = await read<{ items: Record<string, unknown>[] }>(account, `${url}?limit=100`);
  return page.items;
}

/**
 * Runs a write and checks that only `changed` tables differ afterwards, and that every table
 * (users above all) is still there.
 */
async function expectOnlyChanged(changed: string[], write: () => Promise<void>): Promise<void> {
  const before: DatabaseSnapshot = await takeSnapshot(t.db, tables);
  await write();
  expect(await listTables(t.db, t.dialect)).toEqual(tables);
  const after = await takeSnapshot(t.db, tables);
  expect(diffSnapshots(before, after).map((change) => change.table)).toEqual(changed);
}

/**
 * The tables a new journal entry changes: the entry, and with the day's first one the day of
 * the author's streak (decision 016; the author's time zone is UTC).
 */
async function journalEntryChanges(): Promise<string[]> {
  const counted = await t.db
    .selectFrom('streak_days')
    .select('local_date')
    .where('user_id', '=', author.user.id)
    .where('local_date', '=', new Date().toISOString().slice(0, 10))
    .executeTakeFirst();
  return counted ? ['journal_entries'] : ['journal_entries', 'streak_days'];
}

describe.each(hostileProbes.map((probe) => [probe]))('the probe %s', (probe) => {
  it('is stored and read back verbatim in a journal entry, then in its edit', async () => {
    const entry = {
      title: fit(probe, 120),
      content: probe,
      emotion_tags: [fit(probe, 30)],
      verse_reference: fit(probe, 100),
    };
    let id = '';
    await expectOnlyChanged(await journalEntryChanges(), async () => {
      const response = await send(author, 'POST', '/api/journal', entry);
      expect(response.statusCode, response.body).toBe(201);
      id = response.json<{ id: string }>().id;
    });
    const listed = await readList(author, '/api/journal');
    expect(listed.find((row) => row.id === id)).toMatchObject(entry);

    const edit = { title: fit(`${probe} edited`, 120), content: `${probe}\n${probe}` };
    await expectOnlyChanged(['journal_entries'], async () => {
      const response = await send(author, 'PATCH', `/api/journal/${id}`, edit);
      expect(response.statusCode, response.body).toBe(200);
    });
    const edited = await readList(author, '/api/journal');
    expect(edited.find((row) => row.id === id)).toMatchObject(edit);
  });

  it('is stored and read back verbatim in a note on a verse, then in its edit', async () => {
    const place = { book_name: 'John', chapter_number: 3, verse_number: 16 };
    const note = { text: probe, tags: [fit(probe, 30)] };
    let id = '';
    await expectOnlyChanged(['topic_items', 'verse_notes'], async () => {
      const response = await send(author, 'POST', '/api/notes', { ...place, ...note });
      expect(response.statusCode, response.body).toBe(201);
      id = response.json<{ id: string }>().id;
    });
    const listed = await readList(author, '/api/notes');
    expect(listed.find((row) => row.id === id)).toMatchObject(note);

    const edit = { text: `${probe}\n${probe}`, tags: [fit(`${probe} edited`, 30)] };
    await expectOnlyChanged(['topic_items', 'verse_notes'], async () => {
      const response = await send(author, 'PATCH', `/api/notes/${id}`, edit);
      expect(response.statusCode, response.body).toBe(200);
    });
    const edited = await send(author, 'GET', `/api/notes/${id}`);
    expect(edited.json()).toMatchObject(edit);
  });

  it('is stored and read back verbatim in a saved verse', async () => {
    const verse = {
      text: probe,
      reference: fit(probe, 100),
      theme: fit(probe, 60),
      emotion_tag: fit(probe, 60),
      custom_note: probe,
    };
    let id = '';
    await expectOnlyChanged(['saved_verses'], async () => {
      const response = await send(author, 'POST', '/api/saved-verses', verse);
      expect(response.statusCode, response.body).toBe(201);
      id = response.json<{ id: string }>().id;
    });
    const listed = await readList(author, '/api/saved-verses');
    expect(listed.find((row) => row.id === id)).toMatchObject(verse);
  });

  it('is stored and read back verbatim in a testimony, by its author, the moderator and everyone', async () => {
    const testimony = {
      feeling: probe,
      god_reminded: probe,
      is_anonymous: false,
      author_name: fit(probe, 80),
    };
    let id = '';
    await expectOnlyChanged(['testimonies'], async () => {
      const response = await send(author, 'POST', '/api/testimonies', testimony);
      expect(response.statusCode, response.body).toBe(201);
      id = response.json<{ id: string }>().id;
    });
    const mine = await readList(author, '/api/testimonies/mine');
    expect(mine.find((row) => row.id === id)).toMatchObject(testimony);
    const pending = await readList(moderator, '/api/moderation/testimonies');
    expect(pending.find((row) => row.id === id)).toMatchObject(testimony);

    const approval = await send(moderator, 'POST', `/api/moderation/testimonies/${id}/approve`);
    expect(approval.statusCode, approval.body).toBe(200);
    const published = await readList(undefined, '/api/testimonies');
    expect(published.find((row) => row.id === id)).toMatchObject(testimony);
  });

  it('is stored and read back verbatim as a display name', async () => {
    const displayName = fit(probe, 80);
    await expectOnlyChanged(['profiles'], async () => {
      const response = await send(author, 'PATCH', '/api/profile', { display_name: displayName });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(await read(author, '/api/profile')).toMatchObject({ display_name: displayName });
    expect(await read(author, '/api/auth/session')).toMatchObject({
      user: { display_name: displayName },
    });
  });

  it('is refused (400, nothing written) where only a known value fits: time zone, time, book', async () => {
    const refusals: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }[] = [
      { method: 'PATCH', url: '/api/settings', payload: { reminder_timezone: probe } },
      { method: 'PATCH', url: '/api/settings', payload: { reminder_time: probe } },
      { method: 'PATCH', url: '/api/settings', payload: { reminder_days: [probe] } },
      {
        method: 'POST',
        url: '/api/bookmarks/toggle',
        payload: { book_name: probe, chapter_number: 1 },
      },
      {
        method: 'POST',
        url: '/api/highlights/toggle',
        payload: { book_name: probe, chapter_number: 1, verse_number: 1 },
      },
      { method: 'POST', url: '/api/progress', payload: { book_name: probe, chapter_number: 1 } },
      {
        method: 'GET',
        url: `/api/highlights?book_name=${encodeURIComponent(probe)}&chapter_number=1`,
      },
      {
        method: 'GET',
        url: `/api/bookmarks/status?book_name=${encodeURIComponent(probe)}&chapter_number=1`,
      },
    ];
    await expectOnlyChanged([], async () => {
      for (const { method, url, payload } of refusals) {
        const response = await send(author, method, url, payload as Record<string, unknown>);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
      }
    });
  });

  it('is searched for as text, and echoed back verbatim', async () => {
    const query = fit(probe, 200);
    const response = await send(
      undefined,
      'GET',
      `/api/bible/search?q=${encodeURIComponent(query)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ query });
  });

  it("is searched for as text in one's own lists: bookmarks, journal, saved verses and notes", async () => {
    const q = encodeURIComponent(fit(probe, 200));
    await expectOnlyChanged([], async () => {
      for (const url of [
        `/api/bookmarks?q=${q}`,
        `/api/journal?q=${q}`,
        `/api/saved-verses?q=${q}`,
        `/api/notes?q=${q}`,
        `/api/notes?tag=${encodeURIComponent(fit(probe, 30))}`,
      ]) {
        const response = await send(author, 'GET', url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(response.json()).toMatchObject({ items: expect.any(Array) });
      }
    });
  });
});

describe('probes in account fields', () => {
  it('signs up with probes as the name and the password, and signs in with the same password', async () => {
    for (const probe of sqlInjectionProbes) {
      // A password needs six characters; the probe stays at its start, where it would break out.
      const password = `${probe}${'-pad-42'.slice(0, Math.max(0, 6 - probe.length))}`;
      const email = uniqueEmail('probe');
      await expectOnlyChanged(
        [
          'email_confirmation_tokens',
          'known_devices',
          'notifications',
          'password_credentials',
          'profiles',
          'sessions',
          'user_settings',
          'users',
        ],
        async () => {
          const account = await signUp(t, { email, password, display_name: fit(probe, 80) });
          expect(account.user.display_name).toBe(fit(probe, 80));
        },
      );
      const again = await signIn(t, { email, password });
      expect(again.user.email).toBe(email);
      const wrong = await send(undefined, 'POST', '/api/auth/signin', {
        email,
        password: `${password}x`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    // Three password hashings per probe (argon2id, deliberately slow).
  }, 60_000);
});
