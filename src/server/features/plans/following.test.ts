import { describe, expect, it } from 'vitest';
import { newRowId } from '#server/db/ids.ts';
import { books } from '#shared/bible/books.ts';
import { libraryPlanDays } from '#shared/plans/library.ts';
import { moodPlanPrompts } from '#shared/plans/mood-plan.ts';
import { addDays } from '#shared/plans/schedule.ts';
import {
  enrollmentListSchema,
  enrollmentSchema,
  followedDaysResponseSchema,
  habitMessages,
  maxCustomPlans,
  planDaysResponseSchema,
  type PlanReading,
} from '#shared/schemas/plans.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { failingWritesTo } from '#tests/api-support/failing-writes.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';
import { planMessages } from './enrollment-store.ts';
import { markDay, todaysPlanReadings } from './marks.service.ts';

const start = new Date('2025-03-10T12:00:00Z');
let now = start;
const clock = { now: () => new Date(now.getTime()) };
const t = useTestApp({ clock });
const request = sendingAs(t);
const today = '2025-03-10';

/** Moves the clock to noon (UTC) of a date; the test's own users are in UTC. */
function setToday(date: string) {
  now = new Date(`${date}T12:00:00Z`);
}

async function follow(account: SignedIn, planId: string, startDate?: string) {
  const response = await request('POST', '/api/my-plans', account, {
    plan_id: planId,
    ...(startDate ? { start_date: startDate } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return enrollmentSchema.parse(response.json());
}

async function post(account: SignedIn, url: string, status = 200) {
  const response = await request('POST', url, account);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

async function days(account: SignedIn, id: string, from = 1, count = 62) {
  const response = await request(
    'GET',
    `/api/my-plans/${id}/days?from=${from}&count=${count}`,
    account,
  );
  expect(response.statusCode, response.body).toBe(200);
  return followedDaysResponseSchema.parse(response.json());
}

async function tickDays(account: SignedIn, id: string, from: number, to: number) {
  for (let day = from; day <= to; day += 1) {
    const response = await request('PUT', `/api/my-plans/${id}/days/${day}`, account, {
      done: true,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function readChapter(account: SignedIn, reading: PlanReading) {
  const response = await request('POST', '/api/progress', account, {
    book_name: books[reading.book_index]?.name,
    chapter_number: reading.chapter,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function streakKinds(account: SignedIn, date: string) {
  const row = await t.db
    .selectFrom('streak_days')
    .select('kinds')
    .where('user_id', '=', account.user.id)
    .where('local_date', '=', date)
    .executeTakeFirst();
  return row?.kinds ?? [];
}

describe('catch-up', () => {
  it('spreads the missed days with the rest evenly up to the end date', async () => {
    setToday(today);
    const account = await signUp(t);
    // Gospels in 30 days from 3 days ago: days 1–3 missed, the end is 2025-04-05 (27 dates left).
    const plan = await follow(account, 'gospels-30', '2025-03-07');
    expect(plan).toMatchObject({ days_behind: 3, end_date: '2025-04-05' });
    const caught = enrollmentSchema.parse(await post(account, `/api/my-plans/${plan.id}/catch-up`));
    expect(caught).toMatchObject({ days_behind: 0, end_date: '2025-04-05' });
    // Today asks for one day, not the missed ones heaped on it.
    expect(caught.today.map((day) => [day.day, day.date])).toEqual([[1, today]]);
    const { days: followed } = await days(account, plan.id);
    // 30 days over 27 dates, the three dates with two days among the last: plan day i (0-based)
    // is due on today + 26 − floor((29 − i) × 27 / 30).
    expect(followed.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, index) =>
        addDays(today, 26 - Math.floor(((29 - index) * 27) / 30)),
      ),
    );
    const perDate = new Map<string, number>();
    for (const day of followed) perDate.set(day.date, (perDate.get(day.date) ?? 0) + 1);
    expect(Math.max(...perDate.values())).toBe(2);

    const again = await post(account, `/api/my-plans/${plan.id}/catch-up`, 409);
    expect(again.message).toBe(planMessages.nothingToCatchUp);
  });

  it('keeps the dates of days done and moves only what is left', async () => {
    setToday(today);
    const account = await signUp(t);
    const plan = await follow(account, 'gospels-30', '2025-03-05');
    await tickDays(account, plan.id, 1, 2);
    await tickDays(account, plan.id, 4, 4);
    // Days 3 and 5 missed; 3, 5, 6, …, 30 (27 days) over 2025-03-10 … 2025-04-03 (25 dates).
    await post(account, `/api/my-plans/${plan.id}/catch-up`);
    const { days: followed } = await days(account, plan.id);
    expect(followed.slice(0, 7).map((day) => [day.day, day.date])).toEqual([
      [1, '2025-03-05'],
      [2, '2025-03-06'],
      [3, today],
      [4, '2025-03-08'],
      [5, '2025-03-11'],
      [6, '2025-03-12'],
      [7, '2025-03-13'],
    ]);
    expect(followed.at(-1)?.date).toBe('2025-04-03');
  });

  it('past the plan’s end, keeps to two plan days a day from today', async () => {
    setToday(today);
    const account = await signUp(t);
    // Started 39 days ago: days 1–20 done, 21–30 missed, the end (2025-02-28) is past.
    const plan = await follow(account, 'gospels-30', '2025-01-30');
    await tickDays(account, plan.id, 1, 20);
    const caught = enrollmentSchema.parse(await post(account, `/api/my-plans/${plan.id}/catch-up`));
    expect(caught).toMatchObject({ days_behind: 0, end_date: '2025-03-14' });
    const { days: followed } = await days(account, plan.id, 19, 12);
    expect(followed.map((day) => [day.day, day.date])).toEqual([
      [19, '2025-02-17'],
      [20, '2025-02-18'],
      [21, today],
      [22, today],
      [23, '2025-03-11'],
      [24, '2025-03-11'],
      [25, '2025-03-12'],
      [26, '2025-03-12'],
      [27, '2025-03-13'],
      [28, '2025-03-13'],
      [29, '2025-03-14'],
      [30, '2025-03-14'],
    ]);
  });

  it('has nothing to catch up on a plan on time, and waits for a paused one to resume', async () => {
    setToday(today);
    const account = await signUp(t);
    const onTime = await follow(account, 'nt-90');
    const response = await post(account, `/api/my-plans/${onTime.id}/catch-up`, 409);
    expect(response.message).toBe(planMessages.nothingToCatchUp);
    const behind = await follow(account, 'gospels-30', '2025-03-01');
    await post(account, `/api/my-plans/${behind.id}/pause`);
    const paused = await post(account, `/api/my-plans/${behind.id}/catch-up`, 409);
    expect(paused.message).toBe(planMessages.resumeFirst);
  });
});

describe('pause and resume', () => {
  it('rests the plan, then moves every day not done later by the days it rested', async () => {
    setToday(today);
    const account = await signUp(t);
    const plan = await follow(account, 'gospels-30');
    await tickDays(account, plan.id, 1, 1);
    await tickDays(account, plan.id, 3, 3);
    setToday('2025-03-12');
    const paused = enrollmentSchema.parse(await post(account, `/api/my-plans/${plan.id}/pause`));
    // Day 2 (the 11th) was missed before the pause.
    expect(paused).toMatchObject({ status: 'paused', paused_on: '2025-03-12', today: [] });
    expect(paused.days_behind).toBe(1);
    const twice = await post(account, `/api/my-plans/${plan.id}/pause`, 409);
    expect(twice.message).toBe(planMessages.alreadyPaused);

    // Five days later the plan has not fallen further behind.
    setToday('2025-03-17');
    const list = enrollmentListSchema.parse(
      (await request('GET', '/api/my-plans', account)).json(),
    );
    expect(list.items[0]).toMatchObject({ status: 'paused', days_behind: 1, today: [] });
    const resumed = enrollmentSchema.parse(await post(account, `/api/my-plans/${plan.id}/resume`));
    expect(resumed).toMatchObject({
      status: 'active',
      paused_on: null,
      days_behind: 1,
      end_date: '2025-04-13',
    });
    const { days: followed } = await days(account, plan.id, 1, 5);
    expect(followed.map((day) => [day.day, day.date, day.complete])).toEqual([
      [1, today, true],
      [2, '2025-03-16', false],
      [3, '2025-03-12', true],
      [4, '2025-03-18', false],
      [5, '2025-03-19', false],
    ]);
    expect(resumed.today.map((day) => day.day)).toEqual([2]);
    const again = await post(account, `/api/my-plans/${plan.id}/resume`, 409);
    expect(again.message).toBe(planMessages.notPaused);
  });

  it('moves nothing when a plan is resumed the day it was paused', async () => {
    setToday(today);
    const account = await signUp(t);
    const plan = await follow(account, 'psalms-proverbs-month');
    await post(account, `/api/my-plans/${plan.id}/pause`);
    const resumed = enrollmentSchema.parse(await post(account, `/api/my-plans/${plan.id}/resume`));
    expect(resumed).toMatchObject({ status: 'active', end_date: plan.end_date });
    expect(resumed.today).toEqual(plan.today);
  });
});

describe('reading in the reader', () => {
  it('ticks each chapter read; the day done counts for the streak', async () => {
    setToday(today);
    const account = await signUp(t);
    const plan = await follow(account, 'gospels-30');
    const readings = plan.today[0]?.readings ?? [];
    expect(readings.length).toBeGreaterThan(1);
    const [first, ...rest] = readings;
    if (!first) throw new Error('day 1 has no readings');

    const saved = await readChapter(account, first);
    // The progress answer is as before: the chapter, and the spec's reading plan (none here).
    expect(saved).toMatchObject({ progress: { chapter_number: first.chapter }, plan: null });
    let state = await days(account, plan.id, 1, 1);
    expect(state.days[0]?.done).toEqual(readings.map((_, index) => index === 0));
    expect(await streakKinds(account, today)).toEqual(['read']);

    for (const reading of rest) await readChapter(account, reading);
    state = await days(account, plan.id, 1, 1);
    expect(state.days[0]?.complete).toBe(true);
    expect(state.enrollment.days_done).toBe(1);
    expect(await streakKinds(account, today)).toEqual(['read', 'plan']);
  });

  it('leaves days not yet due, paused plans and other chapters alone', async () => {
    setToday(today);
    const account = await signUp(t);
    const plan = await follow(account, 'gospels-30');
    const resting = await follow(account, 'nt-90');
    await post(account, `/api/my-plans/${resting.id}/pause`);
    const dayTwo = libraryPlanDays('gospels-30')[1]?.readings[0];
    if (!dayTwo) throw new Error('no day 2');
    await readChapter(account, dayTwo);
    await readChapter(account, { book_index: 0, chapter: 1, verses: null, label: 'Genesis 1' });
    await readChapter(account, plan.today[0]?.readings[0] as PlanReading);
    const marks = await t.db
      .selectFrom('plan_reading_marks')
      .select(['enrollment_id', 'day', 'reading'])
      .where('user_id', '=', account.user.id)
      .execute();
    expect(marks).toEqual([{ enrollment_id: plan.id, day: 1, reading: 0 }]);
  });

  it('marks a chapter a plan reads twice once a read, the earliest day first, in every plan', async () => {
    setToday(today);
    const account = await signUp(t);
    // M'Cheyne reads Matthew 1 on day 1 and again on day 172; started 200 days ago, both are due.
    const startDate = addDays(today, -200);
    const mcheyne = await follow(account, 'mcheyne', startDate);
    const gospels = await follow(account, 'gospels-30');
    const matthew1 = { book_index: 39, chapter: 1, verses: null, label: 'Matthew 1' };
    const dayOf = async (id: string, day: number) => (await days(account, id, day, 1)).days[0];

    await readChapter(account, matthew1);
    expect((await dayOf(mcheyne.id, 1))?.done).toEqual([false, true, false, false]);
    expect((await dayOf(mcheyne.id, 172))?.done.some(Boolean)).toBe(false);
    expect((await dayOf(gospels.id, 1))?.done[0]).toBe(true);

    await readChapter(account, matthew1);
    const later = await dayOf(mcheyne.id, 172);
    const index = later?.readings.findIndex((reading) => reading.label === 'Matthew 1') ?? -1;
    expect(later?.done[index]).toBe(true);
    await readChapter(account, matthew1);
    const marks = await t.db
      .selectFrom('plan_reading_marks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('enrollment_id', '=', mcheyne.id)
      .executeTakeFirstOrThrow();
    expect(Number(marks.count)).toBe(2);
  });

  it('still saves the chapter when ticking the plans fails', async () => {
    setToday(today);
    const account = await signUp(t);
    // A plan whose stored days are broken: reading a chapter cannot tick it.
    const planId = newRowId();
    await t.db
      .insertInto('custom_plans')
      .values({
        id: planId,
        user_id: account.user.id,
        title: 'Broken',
        description: 'Broken',
        mood: null,
        plan_days: [{ day: 1 }] as never,
        created_at: now.toISOString(),
      })
      .execute();
    await t.db
      .insertInto('plan_enrollments')
      .values({
        id: newRowId(),
        user_id: account.user.id,
        plan_id: planId,
        status: 'active',
        start_date: today,
        paused_on: null,
        schedule: null,
        finished_at: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    const saved = await readChapter(account, {
      book_index: 42,
      chapter: 3,
      verses: null,
      label: '',
    });
    expect(saved.progress).toMatchObject({ book_name: 'John', chapter_number: 3 });
    expect(await streakKinds(account, today)).toEqual(['read']);
  });

  it('keeps moving the spec’s reading plan as before', async () => {
    setToday(today);
    const account = await signUp(t);
    const year = await follow(account, 'bible-in-a-year');
    expect((await request('POST', '/api/reading-plan', account)).statusCode).toBe(201);
    const saved = await readChapter(account, {
      book_index: 0,
      chapter: 1,
      verses: null,
      label: 'Genesis 1',
    });
    expect(saved.plan).toMatchObject({ current_book_index: 0, current_chapter: 2 });
    expect((await days(account, year.id, 1, 1)).days[0]?.done[0]).toBe(true);
  });
});

describe('a day ticked and the streak day it earns', () => {
  it('are kept together or not at all', async () => {
    setToday(today);
    const account = await signUp(t);
    const plan = await follow(account, 'gospels-30');
    const failingStreak = { db: t.db.withPlugin(failingWritesTo('streak_days')), clock };
    await expect(
      markDay(failingStreak, account.user.id, plan.id, 1, { done: true }),
    ).rejects.toThrow(/streak_days/);
    const marks = () =>
      t.db
        .selectFrom('plan_reading_marks')
        .select('reading')
        .where('enrollment_id', '=', plan.id)
        .execute();
    expect(await marks()).toHaveLength(0);
    expect(await streakKinds(account, today)).toEqual([]);
    // Ticked again with the streak day, both are kept.
    await markDay({ db: t.db, clock }, account.user.id, plan.id, 1, { done: true });
    expect(await marks()).toHaveLength(5);
    expect(await streakKinds(account, today)).toEqual(['plan']);
  });
});

describe('following a plan after reading today', () => {
  it('ticks the chapters read earlier today, not those of yesterday', async () => {
    const account = await signUp(t);
    const [firstDay] = libraryPlanDays('gospels-30');
    const [matthew1, matthew2, matthew3] = firstDay?.readings ?? [];
    if (!matthew1 || !matthew2 || !matthew3) throw new Error('day 1 reads Matthew 1–5');
    setToday('2025-03-09');
    await readChapter(account, matthew3);
    setToday(today);
    now = new Date('2025-03-10T06:00:00Z');
    await readChapter(account, matthew1);
    await readChapter(account, matthew2);
    now = new Date('2025-03-10T12:00:00Z');

    const plan = await follow(account, 'gospels-30');
    expect(plan.today.map((day) => [day.day, day.done])).toEqual([
      [1, [true, true, false, false, false]],
    ]);
    // Followed from tomorrow, nothing is ticked: no day is due yet.
    const later = await follow(account, 'nt-90', '2025-03-11');
    expect(later.days_done).toBe(0);
    const { days: laterDays } = await days(account, later.id, 1, 1);
    expect(laterDays[0]?.done.every((done) => !done)).toBe(true);
  });
});

describe('a 7-day plan from a feeling', () => {
  it('is made for the mood and followed from today: a passage around a verse a day', async () => {
    setToday(today);
    const account = await signUp(t);
    const response = await request('POST', '/api/my-plans/mood', account, { mood: 'anxious' });
    expect(response.statusCode, response.body).toBe(201);
    const plan = enrollmentSchema.parse(response.json());
    expect(plan).toMatchObject({
      status: 'active',
      start_date: today,
      end_date: '2025-03-16',
      plan: {
        kind: 'mood',
        mood: 'anxious',
        title: '7 days for when you feel anxious',
        days: 7,
        chapters: 7,
      },
    });
    expect(plan.today[0]).toMatchObject({ day: 1, focus: 'Philippians 4:6-7' });

    const page = await request('GET', `/api/plans/${plan.plan.id}/days?count=7`, account);
    const { days: planDays } = planDaysResponseSchema.parse(page.json());
    expect(planDays).toHaveLength(7);
    expect(new Set(planDays.map((day) => day.focus)).size).toBe(7);
    expect(planDays.map((day) => day.prompt)).toEqual(moodPlanPrompts.anxious);
    const bible = sharedBible();
    for (const day of planDays) {
      const [reading] = day.readings;
      if (!reading || !day.focus) throw new Error(`day ${day.day} has no passage`);
      const chapterLength = bible.chapters[reading.book_index]?.[reading.chapter - 1]?.length ?? 0;
      const [first, last] = reading.verses?.split('-').map(Number) ?? [1, chapterLength];
      if (first === undefined || last === undefined)
        throw new Error(`bad verses ${reading.verses}`);
      const focusVerse = Number(/:(\d+)/.exec(day.focus)?.[1]);
      expect(first).toBeGreaterThanOrEqual(1);
      expect(last).toBeLessThanOrEqual(chapterLength);
      expect(focusVerse).toBeGreaterThanOrEqual(first);
      expect(focusVerse).toBeLessThanOrEqual(last);
      expect(reading.label.startsWith(day.focus.split(':')[0] ?? '?')).toBe(true);
    }
  });

  it('refuses a mood that is not one of the moods', async () => {
    const account = await signUp(t);
    for (const mood of ['blessed', '__proto__', '', 7]) {
      const response = await request('POST', '/api/my-plans/mood', account, { mood });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
  });

  it(`keeps ${maxCustomPlans} plans a person made: the oldest no one follows go first`, async () => {
    setToday(today);
    const account = await signUp(t);
    const followed = enrollmentSchema.parse(
      (await request('POST', '/api/my-plans/mood', account, { mood: 'sad' })).json(),
    );
    const made = [];
    for (let index = 0; index < maxCustomPlans - 1; index += 1) {
      made.push({
        id: newRowId(),
        user_id: account.user.id,
        title: `Old ${index}`,
        description: 'An old plan',
        mood: 'sad',
        plan_days: [],
        created_at: new Date(Date.UTC(2024, 0, 1 + index)).toISOString(),
      });
    }
    await t.db.insertInto('custom_plans').values(made).execute();
    // The followed plan is the oldest; it stays.
    await t.db
      .updateTable('custom_plans')
      .set({ created_at: '2023-01-01T00:00:00.000Z' })
      .where('id', '=', followed.plan.id)
      .execute();
    const response = await request('POST', '/api/my-plans/mood', account, { mood: 'lonely' });
    expect(response.statusCode, response.body).toBe(201);
    const kept = await t.db
      .selectFrom('custom_plans')
      .select('title')
      .where('user_id', '=', account.user.id)
      .orderBy('created_at', 'asc')
      .execute();
    expect(kept).toHaveLength(maxCustomPlans);
    expect(kept.slice(0, 2).map((row) => row.title)).toEqual([
      '7 days for when you feel sad',
      'Old 1',
    ]);
    expect(kept.at(-1)?.title).toBe('7 days for when you feel lonely');
  });

  it('is its maker’s alone', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const response = await request('POST', '/api/my-plans/mood', owner, { mood: 'fearful' });
    const { plan } = enrollmentSchema.parse(response.json());
    const theirs = await request('GET', `/api/plans/${plan.id}/days`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(habitMessages.unknownPlan);
  });
});

describe('todaysPlanReadings (for the daily reading reminder)', () => {
  it('gives the readings not done of active plans due up to today', async () => {
    setToday(today);
    const account = await signUp(t);
    const gospels = await follow(account, 'gospels-30', '2025-03-09');
    await tickDays(account, gospels.id, 1, 1);
    const psalms = await follow(account, 'psalms-proverbs-month');
    await request('PUT', `/api/my-plans/${psalms.id}/days/1`, account, {
      done: true,
      readings: [0],
    });
    const resting = await follow(account, 'nt-90');
    await post(account, `/api/my-plans/${resting.id}/pause`);
    await follow(account, 'mcheyne', '2025-03-20');

    const readings = await todaysPlanReadings({ db: t.db, clock }, account.user.id, today);
    const dayTwo = libraryPlanDays('gospels-30')[1]?.readings.map((reading) => reading.label);
    const psalmsDayOne = libraryPlanDays('psalms-proverbs-month')[0]?.readings.slice(1);
    expect(readings).toEqual([
      { enrollment_id: gospels.id, plan_title: gospels.plan.title, labels: dayTwo },
      {
        enrollment_id: psalms.id,
        plan_title: psalms.plan.title,
        labels: psalmsDayOne?.map((reading) => reading.label),
      },
    ]);
    expect(await todaysPlanReadings({ db: t.db, clock }, account.user.id, '2025-03-09')).toEqual(
      [],
    );
  });
});
