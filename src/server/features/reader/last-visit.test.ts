import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import { referenceVerse } from '#shared/bible/reference-verse.ts';
import { lastVisitSchema } from '#shared/schemas/last-visit.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);
const hour = 3_600_000;

async function read(account: SignedIn, book: string, chapter: number) {
  const response = await send('POST', '/api/progress', account, {
    book_name: book,
    chapter_number: chapter,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function lastVisit(account: SignedIn, book = 'John', chapter: number | string = 3) {
  const response = await send('GET', `/api/reader/last-visit/${book}/${chapter}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return lastVisitSchema.parse(response.json());
}

async function ok(account: SignedIn, method: 'POST', url: string, body: unknown) {
  const response = await send(method, url, account, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('GET /api/reader/last-visit/:book/:chapter', () => {
  it('is nothing for a chapter never read, and the visit before this sitting once read', async () => {
    const member = await signUp(t);
    expect(await lastVisit(member)).toEqual({
      book_name: 'John',
      chapter_number: 3,
      last_visit_at: null,
      highlights: { count: 0, verses: [] },
      notes: { count: 0, verses: [] },
      memorizing: { count: 0, verses: [] },
      prayers: { count: 0, verses: [] },
      journal: { count: 0, verses: [] },
    });

    // The first visit: asked before or after the reader's save, still nothing to show.
    await read(member, 'John', 3);
    expect((await lastVisit(member)).last_visit_at).toBeNull();
    const firstVisit = clock.now().toISOString();

    // Back three days later: the first visit, whether the save of this one came first or not.
    clock.advance(72 * hour);
    expect((await lastVisit(member)).last_visit_at).toBe(firstVisit);
    await read(member, 'John', 3);
    expect((await lastVisit(member)).last_visit_at).toBe(firstVisit);

    // Turning away and back within the sitting, or reloading, is still the same visit.
    clock.advance(10 * 60_000);
    await read(member, 'John', 3);
    expect((await lastVisit(member)).last_visit_at).toBe(firstVisit);

    // The next day, the last visit is the one three days after the first.
    const secondVisit = clock.now().toISOString();
    clock.advance(24 * hour);
    await read(member, 'John', 3);
    expect((await lastVisit(member)).last_visit_at).toBe(secondVisit);
  });

  it("counts the member's highlights, notes and verses learnt in the chapter, first verses first", async () => {
    const member = await signUp(t);
    await read(member, 'John', 3);
    for (const verse of [21, 16, 3, 5]) {
      await ok(member, 'POST', '/api/highlights/toggle', {
        book_name: 'John',
        chapter_number: 3,
        verse_number: verse,
      });
    }
    // A highlight in the next chapter is not this one's.
    await ok(member, 'POST', '/api/highlights/toggle', {
      book_name: 'John',
      chapter_number: 4,
      verse_number: 1,
    });
    for (const [verse, end] of [
      [16, 17],
      [16, 16],
      [2, 2],
    ] as const) {
      await ok(member, 'POST', '/api/notes', {
        book_name: 'John',
        chapter_number: 3,
        verse_number: verse,
        end_verse_number: end,
        text: 'Loved.',
      });
    }
    await ok(member, 'POST', '/api/notes', {
      book_name: 'John',
      chapter_number: 2,
      verse_number: 25,
      end_verse_number: 25,
      text: 'Not this chapter.',
    });
    for (const reference of ['John 3:16', 'John 3:3', 'John 13:34', 'John 1:1']) {
      await ok(member, 'POST', '/api/memory-cards', { reference });
    }
    for (const verse of ['John 3:21', 'Genesis 3:1', null]) {
      await ok(member, 'POST', '/api/journal', {
        content: 'Read tonight.',
        verse_reference: verse,
      });
    }
    for (const verse of ['jn 3.17', 'John 3:16', 'John 13:34', null]) {
      await ok(member, 'POST', '/api/prayers', { title: 'For my brother', verse_reference: verse });
    }

    clock.advance(48 * hour);
    const visit = await lastVisit(member, 'john', '3');
    expect(visit.book_name).toBe('John');
    expect(visit.highlights).toEqual({ count: 4, verses: [3, 5, 16] });
    expect(visit.notes).toEqual({ count: 3, verses: [2, 16] });
    expect(visit.memorizing).toEqual({ count: 2, verses: [3, 16] });
    expect(visit.prayers).toEqual({ count: 2, verses: [16, 17] });
    expect(visit.journal).toEqual({ count: 1, verses: [21] });
  });

  it('finds an entry or a prayer on the chapter however many were written after it, and follows an edited verse', async () => {
    const member = await signUp(t);
    await read(member, 'John', 3);
    await ok(member, 'POST', '/api/journal', {
      content: 'The first night.',
      verse_reference: 'John 3:16',
    });
    // Then 1,200 entries on other chapters (written straight into the database, as the API would).
    const later = Array.from({ length: 1_200 }, (_, i) => {
      const at = new Date(clock.now().getTime() + (i + 1) * 60_000).toISOString();
      return {
        id: newRowId(),
        user_id: member.user.id,
        title: null,
        content: `Another night (${i + 1}).`,
        emotion_tags: [],
        verse_reference: 'Genesis 1:1',
        reference_verse: referenceVerse('Genesis 1:1'),
        created_at: at,
        updated_at: at,
      };
    });
    for (let start = 0; start < later.length; start += 200) {
      await t.db
        .insertInto('journal_entries')
        .values(later.slice(start, start + 200))
        .execute();
    }
    const prayer = await send('POST', '/api/prayers', member, {
      title: 'For my neighbour',
      verse_reference: 'Romans 8:28',
    });
    expect(prayer.statusCode, prayer.body).toBe(201);
    const { id } = prayer.json<{ id: string }>();

    clock.advance(48 * hour);
    expect((await lastVisit(member)).journal).toEqual({ count: 1, verses: [16] });
    expect((await lastVisit(member)).prayers).toEqual({ count: 0, verses: [] });
    const moved = await send('PATCH', `/api/prayers/${id}`, member, { verse_reference: 'jn 3.5' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await lastVisit(member)).prayers).toEqual({ count: 1, verses: [5] });
    expect((await lastVisit(member, 'Romans', 8)).prayers).toEqual({ count: 0, verses: [] });
  });

  it('shows each member only their own visits and what they left', async () => {
    const [ann, ben] = [await signUp(t), await signUp(t)];
    await read(ann, 'Psalms', 23);
    await ok(ann, 'POST', '/api/highlights/toggle', {
      book_name: 'Psalms',
      chapter_number: 23,
      verse_number: 1,
    });
    await ok(ann, 'POST', '/api/memory-cards', { reference: 'Psalm 23:1' });
    clock.advance(5 * hour);
    expect((await lastVisit(ann, 'Psalms', 23)).highlights.count).toBe(1);
    expect((await lastVisit(ann, 'Psalms', 23)).memorizing.verses).toEqual([1]);
    const theirs = await lastVisit(ben, 'Psalms', 23);
    expect(theirs.last_visit_at).toBeNull();
    // Ben reads it too: his own first visit, with nothing of Ann's in it.
    await read(ben, 'Psalms', 23);
    clock.advance(5 * hour);
    expect(await lastVisit(ben, 'Psalms', 23)).toMatchObject({
      highlights: { count: 0, verses: [] },
      memorizing: { count: 0, verses: [] },
      prayers: { count: 0, verses: [] },
      journal: { count: 0, verses: [] },
    });
  });

  it('refuses a visitor, and an unknown book or chapter with { error, message }', async () => {
    const visitor = await send('GET', '/api/reader/last-visit/John/3');
    expect(visitor.statusCode).toBe(401);
    const member = await signUp(t);
    for (const [book, chapter] of [
      ['Hezekiah', '1'],
      ['John', '22'],
      ['John', '0'],
      ['John', 'three'],
    ]) {
      const response = await send('GET', `/api/reader/last-visit/${book}/${chapter}`, member);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
