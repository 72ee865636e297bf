import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { journalEntrySchema } from '../../../shared/schemas/journal.ts';
import { fixedClock } from '../../clock.ts';
import { sendingAs, signUp, type SignedIn } from '../../../../tests/api-support/auth-helpers.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });

const entryRequired = 'Please write something before saving your entry.';

const send = sendingAs(t);

async function create(account: SignedIn, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/journal', account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return journalEntrySchema.parse(response.json());
}

async function list(account: SignedIn) {
  const response = await send('GET', '/api/journal', account);
  expect(response.statusCode, response.body).toBe(200);
  return journalEntrySchema.array().parse(response.json());
}

function rowsOf(userId: string) {
  return t.db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

describe('POST /api/journal', () => {
  it('saves an entry (201) with trimmed fields, tags and both timestamps', async () => {
    const account = await signUp(t);
    const entry = await create(account, {
      title: '  Morning  ',
      content: '  Felt calm today.  ',
      emotion_tags: ['Peaceful', 'Grateful', 'Peaceful'],
      verse_reference: 'Psalm 23:1',
    });
    expect(entry).toEqual({
      id: expect.any(String),
      title: 'Morning',
      content: 'Felt calm today.',
      emotion_tags: ['Peaceful', 'Grateful'],
      verse_reference: 'Psalm 23:1',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const rows = await rowsOf(account.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: entry.id, user_id: account.user.id, title: 'Morning' });
  });

  it('stores an empty title as null and defaults tags and verse reference', async () => {
    const account = await signUp(t);
    const entry = await create(account, { title: '', content: 'Just words' });
    expect(entry).toMatchObject({ title: null, emotion_tags: [], verse_reference: null });
    const whitespace = await create(account, { title: '   ', content: 'More words' });
    expect(whitespace.title).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['missing', undefined],
  ])('refuses %s content with 400 and the spec message', async (_label, content) => {
    const account = await signUp(t);
    const response = await send('POST', '/api/journal', account, {
      title: 'Nothing',
      ...(content === undefined ? {} : { content }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining(entryRequired),
    });
    expect(await rowsOf(account.user.id)).toHaveLength(0);
  });

  it('ignores a user_id in the body: the owner comes from the session', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await create(owner, { content: 'Mine', user_id: other.user.id });
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect(await rowsOf(other.user.id)).toHaveLength(0);
  });

  it('stores markup verbatim', async () => {
    const account = await signUp(t);
    const content = '<script>alert("x")</script> & <b>bold</b>';
    const entry = await create(account, { content });
    expect(entry.content).toBe(content);
    expect((await list(account))[0]?.content).toBe(content);
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('POST', '/api/journal', undefined, { content: 'Hello' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });
});

describe('GET /api/journal', () => {
  it('lists only the user’s own entries, newest first', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const first = await create(account, { content: 'First' });
    clock.advance(60_000);
    const second = await create(account, { content: 'Second' });
    await create(other, { content: 'Not yours' });
    const entries = await list(account);
    expect(entries.map((entry) => entry.id)).toEqual([second.id, first.id]);
  });

  it('lists entries written in the same moment last written first', async () => {
    const account = await signUp(t);
    const written = [];
    for (const content of ['One', 'Two', 'Three', 'Four', 'Five']) {
      written.push((await create(account, { content })).content);
    }
    expect((await list(account)).map((entry) => entry.content)).toEqual(written.reverse());
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('GET', '/api/journal');
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/journal/:id', () => {
  it('updates title and content and sets updated_at', async () => {
    const account = await signUp(t);
    const entry = await create(account, {
      title: 'Old',
      content: 'Old text',
      emotion_tags: ['Hopeful'],
    });
    clock.advance(5 * 60_000);
    const response = await send('PATCH', `/api/journal/${entry.id}`, account, {
      title: '',
      content: '  New text ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = journalEntrySchema.parse(response.json());
    expect(updated).toEqual({
      ...entry,
      title: null,
      content: 'New text',
      updated_at: clock.now().toISOString(),
    });
    expect(updated.created_at).toBe(entry.created_at);
    expect((await list(account))[0]).toEqual(updated);
  });

  it('refuses empty content with 400 and leaves the entry as it was', async () => {
    const account = await signUp(t);
    const entry = await create(account, { title: 'Keep', content: 'Keep me' });
    const response = await send('PATCH', `/api/journal/${entry.id}`, account, {
      title: 'Gone',
      content: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(entryRequired);
    expect((await list(account))[0]).toEqual(entry);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const account = await signUp(t);
    for (const id of [randomUUID(), 'not-a-uuid', '42']) {
      const response = await send('PATCH', `/api/journal/${id}`, account, { content: 'x' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('PATCH', `/api/journal/${randomUUID()}`, undefined, {
      content: 'x',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/journal/:id', () => {
  it('deletes the user’s entry (204)', async () => {
    const account = await signUp(t);
    const keep = await create(account, { content: 'Keep' });
    const gone = await create(account, { content: 'Gone' });
    const response = await send('DELETE', `/api/journal/${gone.id}`, account);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(account)).map((entry) => entry.id)).toEqual([keep.id]);
    const again = await send('DELETE', `/api/journal/${gone.id}`, account);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a malformed id and 401 to a visitor', async () => {
    const account = await signUp(t);
    expect((await send('DELETE', '/api/journal/nope', account)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/journal/${randomUUID()}`)).statusCode).toBe(401);
  });
});

describe('another user’s journal', () => {
  it('cannot be read, edited or deleted: 404 and the rows stay unchanged', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const entry = await create(owner, { title: 'Private', content: 'My secret prayer' });
    const before = await rowsOf(owner.user.id);

    expect(await list(intruder)).toEqual([]);

    const edit = await send('PATCH', `/api/journal/${entry.id}`, intruder, {
      title: 'Hacked',
      content: 'Hacked',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ error: 'NOT_FOUND' });

    const remove = await send('DELETE', `/api/journal/${entry.id}`, intruder);
    expect(remove.statusCode).toBe(404);

    expect(await rowsOf(owner.user.id)).toEqual(before);
    expect(await list(owner)).toEqual([entry]);
  });
});
