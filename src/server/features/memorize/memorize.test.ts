import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { createTranslations } from '#server/bible/translations.ts';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import type { MemoryCardsTable } from '#server/db/types.ts';
import {
  dueCardsResponseSchema,
  dueCountResponseSchema,
  habitMessages,
  maxMemoryCards,
  memoryCardSchema,
  memoryStatusResponseSchema,
  reviewBatchSize,
  reviewResponseSchema,
  streakResponseSchema,
  type MemoryCard,
} from '#shared/schemas/habits.ts';
import { pageSchema } from '#shared/schemas/pagination.ts';
import {
  insertSession,
  sendingAs,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { failingWritesTo } from '#tests/api-support/failing-writes.ts';
import { describePagedList } from '#tests/api-support/page-contract.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';
import { reviewMemoryCard } from './memorize.service.ts';

const start = new Date('2026-06-01T09:30:00.000Z');
const clock = fixedClock(start);
const t = useTestApp({ clock });
const send = sendingAs(t);

const minute = 60_000;
const day = 24 * 60 * minute;
const memoryCardPageSchema = pageSchema(memoryCardSchema);

async function add(account: SignedIn, body: Record<string, unknown>, status = 201) {
  const response = await send('POST', '/api/memory-cards', account, body);
  expect(response.statusCode, response.body).toBe(status);
  return memoryCardSchema.parse(response.json());
}

async function review(account: SignedIn, card: { id: string }, rating: number, mode = 'read') {
  const response = await send('POST', `/api/memory-cards/${card.id}/review`, account, {
    rating,
    mode,
  });
  expect(response.statusCode, response.body).toBe(200);
  return reviewResponseSchema.parse(response.json());
}

async function due(account: SignedIn) {
  const response = await send('GET', '/api/memory-cards/due', account);
  expect(response.statusCode, response.body).toBe(200);
  return dueCardsResponseSchema.parse(response.json());
}

async function dueCount(account: SignedIn) {
  const response = await send('GET', '/api/memory-cards/due-count', account);
  expect(response.statusCode, response.body).toBe(200);
  return dueCountResponseSchema.parse(response.json()).count;
}

async function list(account: SignedIn) {
  const response = await send('GET', '/api/memory-cards', account);
  expect(response.statusCode, response.body).toBe(200);
  return memoryCardPageSchema.parse(response.json()).items;
}

async function status(account: SignedIn, reference: string) {
  const url = `/api/memory-cards/status?reference=${encodeURIComponent(reference)}`;
  const response = await send('GET', url, account);
  expect(response.statusCode, response.body).toBe(200);
  return memoryStatusResponseSchema.parse(response.json()).card_id;
}

function expectError(
  response: { statusCode: number; body: string; json: () => unknown },
  statusCode: number,
  message?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json() as { error: unknown; message: unknown };
  expect(body).toEqual({ error: expect.any(String), message: expect.any(String) });
  if (message !== undefined) expect(body.message).toMatch(message);
}

/** Moves the test clock on. */
function later(ms: number): void {
  clock.advance(ms);
}

/** Moves the test clock on, and signs the account in afresh (a 30-day session would lapse). */
async function laterAs(account: SignedIn, ms: number): Promise<SignedIn> {
  clock.advance(ms);
  return { ...account, cookie: await insertSession(t, account.user.id) };
}

/** How long from now until the card is due, in ms. */
const waitOf = (card: MemoryCard) => Date.parse(card.due) - clock.now().getTime();

/** Card rows written straight into the database, as many as a test needs. */
async function insertCards(userId: string, cards: Partial<MemoryCardsTable>[]) {
  const now = clock.now().toISOString();
  for (let index = 0; index < cards.length; index += 200) {
    await t.db
      .insertInto('memory_cards')
      .values(
        cards.slice(index, index + 200).map((card) => ({
          id: newRowId(),
          user_id: userId,
          reference: 'John 3:16',
          translation: 'kjv' as const,
          due: now,
          stability: 0,
          difficulty: 0,
          elapsed_days: 0,
          scheduled_days: 0,
          learning_steps: 0,
          reps: 0,
          lapses: 0,
          state: 0,
          last_review: null,
          created_at: now,
          updated_at: now,
          ...card,
        })),
      )
      .execute();
  }
}

describe('POST /api/memory-cards', () => {
  it('starts learning a verse: 201 with a new card due now, then 200 with the same card', async () => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'Psalm 23:1' });
    expect(card).toEqual({
      id: expect.any(String),
      reference: 'Psalms 23:1',
      translation: 'kjv',
      text: 'The LORD is my shepherd; I shall not want.',
      due: clock.now().toISOString(),
      state: 'new',
      reps: 0,
      lapses: 0,
      stability: 0,
      difficulty: 0,
      last_review: null,
      mode: 'read',
      created_at: clock.now().toISOString(),
    });
    // Any spelling of the same verse is the same card, still in its first translation.
    expect(await add(account, { reference: 'ps 23.1', translation: 'web' }, 200)).toEqual(card);
    expect(await add(account, { reference: '  Psalms   23:1 ' }, 200)).toEqual(card);
    expect(await list(account)).toEqual([card]);
  });

  it("takes a saved verse's reference as it is, and finds it by that reference", async () => {
    const account = await signUp(t);
    // The reader saves a verse under its book's name ('Psalms'), as every saved verse is.
    const saved = await send('POST', '/api/saved-verses', account, {
      text: 'Jesus wept.',
      reference: 'John 11:35',
      theme: 'Comfort',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { reference } = saved.json<{ reference: string }>();
    expect(await status(account, reference)).toBeNull();
    const card = await add(account, { reference });
    expect(card).toMatchObject({ reference, text: 'Jesus wept.' });
    expect(await status(account, reference)).toBe(card.id);
    expect(await status(account, 'jn 11:35')).toBe(card.id);
    expect(await status(account, 'John 11:34')).toBeNull();
  });

  it("learns in the person's translation from Settings unless another is asked for", async () => {
    const account = await signUp(t);
    const settings = await send('PATCH', '/api/settings', account, { translation: 'web' });
    expect(settings.statusCode, settings.body).toBe(200);
    const web = await add(account, { reference: 'Psalm 23:1' });
    // The WEB's psalm title and its poetry lines are not words to learn.
    expect(web).toMatchObject({
      translation: 'web',
      text: 'Yahweh is my shepherd: I shall lack nothing.',
    });
    const asv = await add(account, { reference: 'Psalm 23:2', translation: 'asv' });
    expect(asv).toMatchObject({ translation: 'asv', reference: 'Psalms 23:2' });
    expect(asv.text).toMatch(/^He maketh me to lie down in green pastures;/);
  });

  it.each([
    ['Hezekiah 3:16', 404, habitMessages.unknownVerse],
    ['John 22:1', 404, habitMessages.unknownVerse],
    ['John 3:37', 404, habitMessages.unknownVerse],
    ['John 3:0', 404, habitMessages.unknownVerse],
    ['hello', 404, habitMessages.unknownVerse],
    ['John 3', 400, /one verse/],
    ['Jude', 400, /one verse/],
    ['John 3:16-18', 400, /one verse/],
    ['1 Cor 13:4–7', 400, /one verse/],
    ['', 400, /^reference: /],
    ['John 3:16'.padEnd(41, ' x'), 400, /^reference: /],
  ])('refuses %j with %d', async (reference, statusCode, message) => {
    const account = await signUp(t);
    const response = await send('POST', '/api/memory-cards', account, { reference });
    expectError(response, statusCode, message);
    expect(await list(account)).toEqual([]);
  });

  it('refuses a verse the translation leaves out, which another has', async () => {
    const account = await signUp(t);
    const response = await send('POST', '/api/memory-cards', account, {
      reference: 'Acts 8:37',
      translation: 'web',
    });
    expectError(response, 404, habitMessages.unknownVerse);
    expect((await add(account, { reference: 'Acts 8:37' })).text).toMatch(/^And Philip said,/);
  });

  it(`keeps ${maxMemoryCards} verses at most, still answering for one already there`, async () => {
    const account = await signUp(t);
    await insertCards(
      account.user.id,
      Array.from({ length: maxMemoryCards }, (_, index) => ({
        reference: `Genesis ${1 + Math.floor(index / 20)}:${1 + (index % 20)}`,
      })),
    );
    const refused = await send('POST', '/api/memory-cards', account, { reference: 'John 3:16' });
    expectError(refused, 409, habitMessages.tooManyCards);
    expect(await status(account, 'John 3:16')).toBeNull();
    const existing = await add(account, { reference: 'Gen 1:1' }, 200);
    expect(existing.reference).toBe('Genesis 1:1');

    const removed = await send('DELETE', `/api/memory-cards/${existing.id}`, account);
    expect(removed.statusCode).toBe(204);
    await add(account, { reference: 'John 3:16' });
  });
});

describe('GET /api/memory-cards', () => {
  const versesAdded = new Map<string, number>();
  describePagedList(() => t, {
    url: '/api/memory-cards',
    parties: async () => {
      const owner = await signUp(t);
      return { reader: owner, owner };
    },
    addRows: async (owner, times) => {
      const rows = times.map((time) => {
        const verse = (versesAdded.get(owner.user.id) ?? 0) + 1;
        versesAdded.set(owner.user.id, verse);
        return { id: newRowId(), reference: `Psalms 119:${verse}`, created_at: time };
      });
      await insertCards(owner.user.id, rows);
    },
    visibleRows: async ({ owner }) =>
      (
        await t.db
          .selectFrom('memory_cards')
          .select(['id', 'created_at as time'])
          .where('user_id', '=', owner.user.id)
          .execute()
      ).map((row) => ({ id: row.id, time: row.time })),
    timeField: 'created_at',
    isOwn: true,
  });
});

describe('verses due', () => {
  it('lists the due verses soonest first and counts them as the clock moves', async () => {
    const account = await signUp(t);
    const first = await add(account, { reference: 'John 3:16' });
    const second = await add(account, { reference: 'John 11:35' });
    const third = await add(account, { reference: 'Romans 8:28' });
    expect(await dueCount(account)).toBe(3);
    expect((await due(account)).items.map((card) => card.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);

    // Again brings the first back in a minute, Hard the second in a few: the third waits longest.
    expect((await review(account, first, Rating.Again)).due_count).toBe(2);
    expect((await review(account, second, Rating.Hard)).due_count).toBe(1);
    expect(await due(account)).toEqual({ items: [third], count: 1 });

    later(minute);
    expect((await due(account)).items.map((card) => card.id)).toEqual([third.id, first.id]);
    later(9 * minute);
    expect((await due(account)).items.map((card) => card.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
    expect(await dueCount(account)).toBe(3);
  });

  it(`loads ${reviewBatchSize} verses a session and counts all that are due`, async () => {
    const account = await signUp(t);
    const now = clock.now().getTime();
    await insertCards(
      account.user.id,
      Array.from({ length: reviewBatchSize + 5 }, (_, index) => ({
        reference: `Psalms 119:${index + 1}`,
        due: new Date(now - (index + 1) * minute).toISOString(),
      })),
    );
    await insertCards(account.user.id, [
      { reference: 'John 3:16', due: new Date(now + minute).toISOString() },
    ]);
    const answer = await due(account);
    expect(answer.count).toBe(reviewBatchSize + 5);
    expect(await dueCount(account)).toBe(reviewBatchSize + 5);
    expect(answer.items).toHaveLength(reviewBatchSize);
    // The verse waiting longest (due 55 minutes ago) first.
    expect(answer.items[0]?.reference).toBe(`Psalms 119:${reviewBatchSize + 5}`);
    const dues = answer.items.map((card) => card.due);
    expect(dues).toEqual([...dues].sort());
  });
});

describe('POST /api/memory-cards/:id/review', () => {
  const scheduler = fsrs({ enable_fuzz: false });

  it('schedules Good on a new verse exactly as ts-fsrs does', async () => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'John 3:16' });
    const now = clock.now();
    const expected = scheduler.next(createEmptyCard(now), now, Rating.Good).card;
    const { card: reviewed } = await review(account, card, Rating.Good);
    expect(reviewed).toMatchObject({
      id: card.id,
      due: expected.due.toISOString(),
      state: 'learning',
      reps: expected.reps,
      lapses: 0,
      last_review: now.toISOString(),
    });
    // PostgreSQL keeps these as 4-byte reals.
    expect(reviewed.stability).toBeCloseTo(expected.stability, 5);
    expect(reviewed.difficulty).toBeCloseTo(expected.difficulty, 5);
    // The next step of learning is 10 minutes away, with only the first letters as cues.
    expect(waitOf(reviewed)).toBe(10 * minute);
    expect(reviewed.mode).toBe('first-letters');
    expect(await list(account)).toEqual([reviewed]);
  });

  it('keeps neither the review nor its streak day when the streak day cannot be written', async () => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'John 3:16' });
    const failingStreak = {
      db: t.db.withPlugin(failingWritesTo('streak_days')),
      clock,
      translations: createTranslations(sharedBible()),
    };
    await expect(
      reviewMemoryCard(failingStreak, account.user.id, card.id, Rating.Good),
    ).rejects.toThrow(/streak_days/);
    // Still the new card it was, due now, and the day not counted.
    expect(await list(account)).toEqual([card]);
    const streak = await send('GET', '/api/streak', account);
    expect(streakResponseSchema.parse(streak.json()).today_counted).toBe(false);
  });

  it('keeps a verse answered Again due within minutes, and not as a lapse', async () => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'John 3:16' });
    const { card: reviewed, due_count } = await review(account, card, Rating.Again);
    expect(waitOf(reviewed)).toBeGreaterThan(0);
    expect(waitOf(reviewed)).toBeLessThanOrEqual(10 * minute);
    expect(reviewed).toMatchObject({ state: 'learning', lapses: 0, reps: 1, mode: 'read' });
    expect(due_count).toBe(0);
  });

  it('spaces the reviews out further after each Good, and counts a lapse', async () => {
    let account = await signUp(t);
    let card = await add(account, { reference: 'Philippians 4:13' });
    ({ card } = await review(account, card, Rating.Good));
    account = await laterAs(account, waitOf(card));

    const intervals: number[] = [];
    const modes: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      ({ card } = await review(account, card, Rating.Good));
      expect(card.state).toBe('review');
      intervals.push(waitOf(card) / day);
      modes.push(card.mode);
      account = await laterAs(account, waitOf(card));
    }
    // 2, 11, 46 and 163 days with ts-fsrs's defaults: each wait longer than the one before.
    expect(intervals.every((interval) => Number.isInteger(interval) && interval >= 1)).toBe(true);
    intervals.slice(1).forEach((interval, index) => {
      expect(interval).toBeGreaterThan((intervals[index] ?? 0) * 2);
    });
    expect(modes).toEqual(['first-letters', 'blanks', 'type', 'type']);
    expect(card.lapses).toBe(0);

    // Forgotten: relearned from the whole verse, within minutes, and counted as a lapse.
    const before = card;
    ({ card } = await review(account, card, Rating.Again));
    expect(card).toMatchObject({ state: 'relearning', lapses: 1, reps: before.reps + 1 });
    expect(card.mode).toBe('read');
    expect(waitOf(card)).toBeLessThanOrEqual(10 * minute);
    expect(card.stability).toBeLessThan(before.stability);
  });

  it('pushes a known verse further out for Easy than for Good', async () => {
    let account = await signUp(t);
    const cards = [
      await add(account, { reference: 'Isaiah 41:10' }),
      await add(account, { reference: 'Isaiah 40:31' }),
    ];
    const known = [];
    for (const card of cards) known.push((await review(account, card, Rating.Easy)).card);
    expect(known.map((card) => card.state)).toEqual(['review', 'review']);
    account = await laterAs(account, Math.max(...known.map(waitOf)));
    const [forGood, forEasy] = known as [MemoryCard, MemoryCard];
    const good = (await review(account, forGood, Rating.Good)).card;
    const easy = (await review(account, forEasy, Rating.Easy)).card;
    expect(waitOf(good)).toBeGreaterThan(7 * day);
    expect(waitOf(easy)).toBeGreaterThan(waitOf(good));
  });

  it('lets a verse not yet due be practised, and still schedules it', async () => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'Joshua 1:9' });
    const { card: known } = await review(account, card, Rating.Easy);
    expect(waitOf(known)).toBeGreaterThan(day);
    later(day);
    const { card: practised } = await review(account, known, Rating.Good);
    expect(practised.reps).toBe(2);
    expect(practised.last_review).toBe(clock.now().toISOString());
    expect(waitOf(practised)).toBeGreaterThan(day);
  });

  it('counts the day for the streak, in the person’s own time zone', async () => {
    // 23:30 in London's summer is already the next day in Tokyo.
    const now = clock.now();
    const nextHalfPast23 = new Date(now);
    nextHalfPast23.setUTCHours(23, 30, 0, 0);
    if (nextHalfPast23 <= now) nextHalfPast23.setUTCDate(nextHalfPast23.getUTCDate() + 1);
    later(nextHalfPast23.getTime() - now.getTime());
    const tokyoDate = new Date(clock.now().getTime() + day).toISOString().slice(0, 10);

    const account = await signUp(t);
    const settings = await send('PATCH', '/api/settings', account, {
      reminder_timezone: 'Asia/Tokyo',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const card = await add(account, { reference: 'John 14:27' });
    const days = () =>
      t.db
        .selectFrom('streak_days')
        .select(['local_date', 'kinds'])
        .where('user_id', '=', account.user.id)
        .execute();
    // Adding a verse is not yet learning it.
    expect(await days()).toEqual([]);
    await review(account, card, Rating.Good);
    await review(account, card, Rating.Good);
    expect(await days()).toEqual([{ local_date: tokyoDate, kinds: ['review'] }]);
  });

  it.each([
    [{ rating: 0, mode: 'read' }, /^rating: /],
    [{ rating: 5, mode: 'read' }, /^rating: /],
    [{ rating: '3', mode: 'read' }, /^rating: /],
    [{ rating: 2.5, mode: 'read' }, /^rating: /],
    [{ rating: 1e308, mode: 'read' }, /^rating: /],
    [{ mode: 'read' }, /^rating: /],
    [{ rating: 3, mode: 'sing' }, /^mode: /],
    [{ rating: 3 }, /^mode: /],
    [{ __proto__: { rating: 3, mode: 'read' } }, /^rating: /],
    [[3, 'read'], /./],
  ])('refuses the body %j with 400 and leaves the card as it was', async (body, message) => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'John 3:16' });
    const response = await send('POST', `/api/memory-cards/${card.id}/review`, account, body);
    expectError(response, 400, message);
    expect(await list(account)).toEqual([card]);
  });
});

describe('DELETE /api/memory-cards/:id', () => {
  it('stops learning a verse: 204, then gone from the list, the count and the status', async () => {
    const account = await signUp(t);
    const card = await add(account, { reference: 'John 3:16' });
    const response = await send('DELETE', `/api/memory-cards/${card.id}`, account);
    expect(response.statusCode).toBe(204);
    expect(await list(account)).toEqual([]);
    expect(await dueCount(account)).toBe(0);
    expect(await status(account, 'John 3:16')).toBeNull();
    expectError(await send('DELETE', `/api/memory-cards/${card.id}`, account), 404);
  });
});

describe('each person’s own verses', () => {
  it("never shows, counts, reviews or removes another person's cards", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const card = await add(a, { reference: 'John 3:16' });

    expect(await list(b)).toEqual([]);
    expect(await due(b)).toEqual({ items: [], count: 0 });
    expect(await dueCount(b)).toBe(0);
    expect(await status(b, 'John 3:16')).toBeNull();
    expectError(
      await send('POST', `/api/memory-cards/${card.id}/review`, b, { rating: 3, mode: 'read' }),
      404,
    );
    expectError(await send('DELETE', `/api/memory-cards/${card.id}`, b), 404);
    expect(await list(a)).toEqual([card]);
    expect(await dueCount(a)).toBe(1);

    // B learning the same verse has a card of their own.
    const own = await add(b, { reference: 'John 3:16' });
    expect(own.id).not.toBe(card.id);
  });

  it.each([
    ['GET', '/api/memory-cards'],
    ['GET', '/api/memory-cards/due'],
    ['GET', '/api/memory-cards/due-count'],
    ['GET', '/api/memory-cards/status?reference=John%203%3A16'],
    ['POST', '/api/memory-cards'],
    ['POST', `/api/memory-cards/${newRowId()}/review`],
    ['DELETE', `/api/memory-cards/${newRowId()}`],
  ] as const)('answers a visitor’s %s %s with 401', async (method, url) => {
    const body =
      method === 'POST' ? { reference: 'John 3:16', rating: 3, mode: 'read' } : undefined;
    expectError(await send(method, url, undefined, body), 401);
  });

  it.each([
    'not-a-uuid',
    '__proto__',
    'constructor',
    "1' or '1'='1",
    '%00',
    '0'.repeat(60),
    newRowId(),
  ])('answers an unknown id %j with 404', async (id) => {
    const account = await signUp(t);
    const path = `/api/memory-cards/${encodeURIComponent(id)}`;
    expectError(await send('POST', `${path}/review`, account, { rating: 3, mode: 'read' }), 404);
    expectError(await send('DELETE', path, account), 404);
  });

  it.each([
    [{ reference: 42 }],
    [{ reference: null }],
    [{ reference: ['John 3:16'] }],
    [{ reference: 'John 3:16', translation: 'niv' }],
    [{ reference: 'John 3:16', translation: '__proto__' }],
    [{}],
    [null],
  ])('refuses the new card %j with 400', async (body) => {
    const account = await signUp(t);
    expectError(await send('POST', '/api/memory-cards', account, body), 400);
    expect(await list(account)).toEqual([]);
  });

  it.each(['', 'x'.repeat(41), 'John 3', '__proto__'])(
    'answers the status of %j with a 4xx',
    async (reference) => {
      const account = await signUp(t);
      const url = `/api/memory-cards/status?reference=${encodeURIComponent(reference)}`;
      const response = await send('GET', url, account);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectError(response, response.statusCode);
    },
  );
});
