import { describe, expect, it } from 'vitest';
import { libraryPlanDays, libraryPlanIds } from '#shared/plans/library.ts';
import {
  enrollmentListSchema,
  enrollmentSchema,
  followedDaysResponseSchema,
  habitMessages,
  maxFollowedPlans,
  maxPlanDaysPerPage,
  planDaysResponseSchema,
  planLibraryResponseSchema,
  type Enrollment,
} from '#shared/schemas/plans.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { planMessages } from './enrollment-store.ts';

// Noon in London on 10 March 2025, and already the 11th in Auckland.
const now = new Date('2025-03-10T12:00:00Z');
const t = useTestApp({ clock: { now: () => new Date(now.getTime()) } });
const request = sendingAs(t);
const today = '2025-03-10';

async function follow(account: SignedIn, body: Record<string, unknown>) {
  const response = await request('POST', '/api/my-plans', account, body);
  expect(response.statusCode, response.body).toBe(201);
  return enrollmentSchema.parse(response.json());
}

/** A follow the server refuses: its status and { error, message }. */
async function refusedFollow(account: SignedIn, body: Record<string, unknown>, status: number) {
  const response = await request('POST', '/api/my-plans', account, body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ error: string; message: string }>();
}

async function myPlans(account: SignedIn) {
  const response = await request('GET', '/api/my-plans', account);
  expect(response.statusCode, response.body).toBe(200);
  return enrollmentListSchema.parse(response.json()).items;
}

async function tick(account: SignedIn, id: string, day: number, body: object, status = 200) {
  const response = await request('PUT', `/api/my-plans/${id}/days/${day}`, account, body);
  expect(response.statusCode, response.body).toBe(status);
  return status === 200 ? enrollmentSchema.parse(response.json()) : response.json();
}

function expectError(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
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

describe('GET /api/plans (the library)', () => {
  it('lists the six plans to anyone, kept for an hour', async () => {
    const response = await request('GET', '/api/plans');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const { items } = planLibraryResponseSchema.parse(response.json());
    expect(items.map((plan) => plan.id)).toEqual([...libraryPlanIds]);
    const year = items.find((plan) => plan.id === 'bible-in-a-year');
    expect(year).toMatchObject({ kind: 'library', days: 365, chapters: 1189, mood: null });
  });
});

describe('GET /api/plans/:planId/days', () => {
  it.each(libraryPlanIds)('%s: its first week, the plan with it', async (planId) => {
    const response = await request('GET', `/api/plans/${planId}/days?from=1&count=7`);
    expect(response.statusCode, response.body).toBe(200);
    const { plan, days } = planDaysResponseSchema.parse(response.json());
    expect(plan.id).toBe(planId);
    expect(days.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days).toEqual(libraryPlanDays(planId).slice(0, 7));
    for (const day of days) expect(day.readings.length).toBeGreaterThan(0);
  });

  it('pages through a plan, at most a page at a time, and past the end is empty', async () => {
    const last = await request('GET', '/api/plans/gospels-30/days?from=25&count=62');
    expect(planDaysResponseSchema.parse(last.json()).days.map((day) => day.day)).toEqual([
      25, 26, 27, 28, 29, 30,
    ]);
    const past = await request('GET', '/api/plans/gospels-30/days?from=31');
    expect(past.statusCode).toBe(200);
    expect(planDaysResponseSchema.parse(past.json()).days).toEqual([]);
    const huge = await request('GET', '/api/plans/gospels-30/days?from=9007199254740991');
    expect(planDaysResponseSchema.parse(huge.json()).days).toEqual([]);
    expectError(
      await request('GET', `/api/plans/gospels-30/days?count=${maxPlanDaysPerPage + 1}`),
      400,
    );
    for (const query of ['from=0', 'from=abc', 'count=0', 'from=1e400', 'count=-1']) {
      expectError(await request('GET', `/api/plans/gospels-30/days?${query}`), 400);
    }
  });

  it('knows no plan by a made-up name, a prototype name or a row id that is nobody’s', async () => {
    for (const planId of [
      'no-such-plan',
      '__proto__',
      'constructor',
      'toString',
      '0195a0d2-0000-7000-8000-000000000000',
    ]) {
      const response = await request('GET', `/api/plans/${encodeURIComponent(planId)}/days`);
      expectError(response, 404);
      expect(response.json().message).toBe(habitMessages.unknownPlan);
    }
  });
});

describe('following a plan', () => {
  it('needs an account', async () => {
    expectError(await request('GET', '/api/my-plans'), 401);
    expectError(await request('POST', '/api/my-plans', undefined, { plan_id: 'nt-90' }), 401);
  });

  it('starts today where the person is: their time zone decides the date', async () => {
    const london = await signUp(t);
    const auckland = await signUp(t);
    const settings = await request('PATCH', '/api/settings', auckland, {
      reminder_timezone: 'Pacific/Auckland',
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const here = await follow(london, { plan_id: 'gospels-30' });
    expect(here).toMatchObject({
      status: 'active',
      start_date: today,
      end_date: '2025-04-08',
      paused_on: null,
      days_done: 0,
      days_behind: 0,
    });
    expect(here.plan).toMatchObject({ id: 'gospels-30', days: 30 });
    expect(here.today).toHaveLength(1);
    expect(here.today[0]).toMatchObject({ day: 1, date: today, complete: false });
    expect(here.today[0]?.done).toEqual(here.today[0]?.readings.map(() => false));

    const there = await follow(auckland, { plan_id: 'gospels-30' });
    expect(there.start_date).toBe('2025-03-11');
    expect(there.today[0]).toMatchObject({ day: 1, date: '2025-03-11' });
  });

  it('starts on a chosen date within a year either side, behind when it is past', async () => {
    const account = await signUp(t);
    const earlier = await follow(account, { plan_id: 'nt-90', start_date: '2025-03-07' });
    expect(earlier).toMatchObject({ start_date: '2025-03-07', days_behind: 3 });
    expect(earlier.today.map((day) => [day.day, day.date])).toEqual([
      [1, '2025-03-07'],
      [2, '2025-03-08'],
      [3, '2025-03-09'],
      [4, today],
    ]);
    const later = await follow(account, { plan_id: 'gospels-30', start_date: '2026-03-01' });
    expect(later).toMatchObject({ start_date: '2026-03-01', days_behind: 0, today: [] });

    for (const startDate of ['2024-03-01', '2026-03-20', '0001-01-01', '9999-12-31']) {
      const response = await request('POST', '/api/my-plans', account, {
        plan_id: 'mcheyne',
        start_date: startDate,
      });
      expectError(response, 400);
      expect(response.json().message).toBe(planMessages.startDate);
    }
    for (const startDate of ['2025-02-30', '2025-3-1', 'tomorrow', 20250310, null]) {
      const response = await request('POST', '/api/my-plans', account, {
        plan_id: 'mcheyne',
        start_date: startDate,
      });
      expectError(response, 400);
    }
    expect((await myPlans(account)).map((plan) => plan.plan.id)).toEqual(['gospels-30', 'nt-90']);
  });

  it('refuses an unknown plan (404) and bad input (400), writing nothing', async () => {
    const account = await signUp(t);
    for (const planId of ['no-such-plan', '__proto__', 'hasOwnProperty']) {
      const response = await request('POST', '/api/my-plans', account, { plan_id: planId });
      expectError(response, 404);
      expect(response.json().message).toBe(habitMessages.unknownPlan);
    }
    for (const body of [{}, { plan_id: '' }, { plan_id: 7 }, { plan_id: 'x'.repeat(65) }]) {
      expectError(await request('POST', '/api/my-plans', account, body), 400);
    }
    expect(await myPlans(account)).toEqual([]);
  });

  it('follows a plan once at a time: again only after leaving it', async () => {
    const account = await signUp(t);
    const first = await follow(account, { plan_id: 'psalms-proverbs-month' });
    const again = await refusedFollow(account, { plan_id: 'psalms-proverbs-month' }, 409);
    expect(again.message).toBe(planMessages.alreadyFollowing);
    // Paused still counts as followed.
    expect((await request('POST', `/api/my-plans/${first.id}/pause`, account)).statusCode).toBe(
      200,
    );
    await refusedFollow(account, { plan_id: 'psalms-proverbs-month' }, 409);
    expect((await request('DELETE', `/api/my-plans/${first.id}`, account)).statusCode).toBe(204);
    await follow(account, { plan_id: 'psalms-proverbs-month' });
  });

  it('makes one enrollment when the same plan is followed several times at once', async () => {
    const account = await signUp(t);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        request('POST', '/api/my-plans', account, { plan_id: 'bible-in-two-years' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409,
    ]);
    expect(await myPlans(account)).toHaveLength(1);
  });

  it(`follows up to ${maxFollowedPlans} plans at once; finished ones do not count`, async () => {
    const account = await signUp(t);
    for (const planId of libraryPlanIds) await follow(account, { plan_id: planId });
    const moods = ['anxious', 'sad', 'grateful', 'angry'].slice(
      0,
      maxFollowedPlans - libraryPlanIds.length,
    );
    for (const mood of moods) {
      const response = await request('POST', '/api/my-plans/mood', account, { mood });
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await request('POST', '/api/my-plans/mood', account, { mood: 'lonely' });
    expectError(over, 409);
    expect(over.json().message).toBe(habitMessages.tooManyPlans);
    const newest = (await myPlans(account))[0] as Enrollment;
    expect(newest.plan.title).toBe(`7 days for when you feel ${moods.at(-1)}`);
    // Finish the newest (7 days): a place is free again.
    for (let day = 1; day <= 7; day += 1) await tick(account, newest.id, day, { done: true });
    await follow(account, { plan_id: newest.plan.id });
    expect(await myPlans(account)).toHaveLength(maxFollowedPlans + 1);
  });
});

describe("one person's plans are theirs alone", () => {
  it('another member can neither see, tick, pause, catch up nor leave them', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const plan = await follow(alice, { plan_id: 'gospels-30', start_date: '2025-03-08' });
    const mood = await request('POST', '/api/my-plans/mood', alice, { mood: 'hopeful' });
    const moodPlanId = enrollmentSchema.parse(mood.json()).plan.id;

    const attempts = [
      request('GET', `/api/my-plans/${plan.id}/days`, bob),
      request('PUT', `/api/my-plans/${plan.id}/days/1`, bob, { done: true }),
      request('POST', `/api/my-plans/${plan.id}/catch-up`, bob),
      request('POST', `/api/my-plans/${plan.id}/pause`, bob),
      request('POST', `/api/my-plans/${plan.id}/resume`, bob),
      request('DELETE', `/api/my-plans/${plan.id}`, bob),
    ];
    for (const response of await Promise.all(attempts)) {
      expectError(response, 404);
      expect(response.json().message).toBe(planMessages.notFollowing);
    }
    for (const account of [bob, undefined]) {
      const days = await request('GET', `/api/plans/${moodPlanId}/days`, account);
      expectError(days, 404);
      expect(days.json().message).toBe(habitMessages.unknownPlan);
    }
    const copy = await request('POST', '/api/my-plans', bob, { plan_id: moodPlanId });
    expectError(copy, 404);
    expect(await myPlans(bob)).toEqual([]);

    const [alicesMood, alicesPlan] = await myPlans(alice);
    expect(alicesPlan).toEqual(plan);
    expect(alicesPlan).toMatchObject({ status: 'active', days_done: 0, days_behind: 2 });
    expect(alicesMood?.plan.id).toBe(moodPlanId);
    expect((await request('GET', `/api/plans/${moodPlanId}/days`, alice)).statusCode).toBe(200);
  });

  it('answers 404 for ids that are not ids, whoever asks', async () => {
    const account = await signUp(t);
    await follow(account, { plan_id: 'nt-90' });
    for (const id of ['not-an-id', '__proto__', '1', '0195a0d2-0000-7000-8000-000000000000']) {
      const path = `/api/my-plans/${encodeURIComponent(id)}`;
      for (const [method, url] of [
        ['GET', `${path}/days`],
        ['PUT', `${path}/days/1`],
        ['POST', `${path}/catch-up`],
        ['POST', `${path}/pause`],
        ['POST', `${path}/resume`],
        ['DELETE', path],
      ] as const) {
        expectError(
          await request(method, url, account, method === 'PUT' ? { done: true } : undefined),
          404,
        );
      }
    }
  });
});

describe('ticking readings', () => {
  it('ticks a whole day, which counts for the streak, and unticks it', async () => {
    const account = await signUp(t);
    const plan = await follow(account, { plan_id: 'gospels-30' });
    const ticked = await tick(account, plan.id, 1, { done: true });
    expect(ticked).toMatchObject({ days_done: 1, days_behind: 0 });
    expect(ticked.today[0]).toMatchObject({ day: 1, complete: true });
    expect(ticked.today[0]?.done.every(Boolean)).toBe(true);
    expect(await streakKinds(account, today)).toEqual(['plan']);

    const unticked = await tick(account, plan.id, 1, { done: false });
    expect(unticked.days_done).toBe(0);
    expect(unticked.today[0]?.done.some(Boolean)).toBe(false);
  });

  it('ticks single readings; the day is complete with its last one', async () => {
    const account = await signUp(t);
    const plan = await follow(account, { plan_id: 'mcheyne' });
    const readings = plan.today[0]?.readings.length ?? 0;
    expect(readings).toBe(4);
    const some = await tick(account, plan.id, 1, { done: true, readings: [0, 2] });
    expect(some.today[0]?.done).toEqual([true, false, true, false]);
    expect(some.today[0]?.complete).toBe(false);
    expect(await streakKinds(account, today)).toEqual([]);
    const all = await tick(account, plan.id, 1, { done: true, readings: [1, 3, 3] });
    expect(all.today[0]).toMatchObject({ complete: true, done: [true, true, true, true] });
    expect(await streakKinds(account, today)).toEqual(['plan']);
    const one = await tick(account, plan.id, 1, { done: false, readings: [3] });
    expect(one.today[0]?.done).toEqual([true, true, true, false]);
  });

  it('ticks a day ahead of its date; it shows on the plan’s days', async () => {
    const account = await signUp(t);
    const plan = await follow(account, { plan_id: 'nt-90' });
    const ahead = await tick(account, plan.id, 3, { done: true });
    expect(ahead.days_done).toBe(1);
    const response = await request('GET', `/api/my-plans/${plan.id}/days?from=2&count=3`, account);
    expect(response.statusCode).toBe(200);
    const { days } = followedDaysResponseSchema.parse(response.json());
    expect(days.map((day) => [day.day, day.date, day.complete])).toEqual([
      [2, '2025-03-11', false],
      [3, '2025-03-12', true],
      [4, '2025-03-13', false],
    ]);
  });

  it('refuses readings or days the plan does not have, and bad bodies', async () => {
    const account = await signUp(t);
    const plan = await follow(account, { plan_id: 'gospels-30' });
    const tooFar = await request('PUT', `/api/my-plans/${plan.id}/days/1`, account, {
      done: true,
      readings: [5],
    });
    expectError(tooFar, 400);
    expect(tooFar.json().message).toBe('Day 1 has 5 readings.');
    expectError(
      await request('PUT', `/api/my-plans/${plan.id}/days/31`, account, { done: true }),
      404,
    );
    for (const day of ['0', 'abc', '99999999999999999999', '1.5', '-1', '0x1', '731']) {
      const response = await request('PUT', `/api/my-plans/${plan.id}/days/${day}`, account, {
        done: true,
      });
      expectError(response, 400);
    }
    for (const body of [
      {},
      { done: 'yes' },
      { done: true, readings: [-1] },
      { done: true, readings: [21] },
      { done: true, readings: Array.from({ length: 22 }, () => 0) },
      { done: true, readings: ['0'] },
    ]) {
      expectError(await request('PUT', `/api/my-plans/${plan.id}/days/1`, account, body), 400);
    }
    expect((await myPlans(account))[0]?.days_done).toBe(0);
  });

  it('finishes a plan when its every day is complete, and reopens it when one is unticked', async () => {
    const account = await signUp(t);
    const response = await request('POST', '/api/my-plans/mood', account, { mood: 'joyful' });
    const plan = enrollmentSchema.parse(response.json());
    const other = await follow(account, { plan_id: 'nt-90' });
    let last = plan;
    for (let day = 7; day >= 1; day -= 1) last = await tick(account, plan.id, day, { done: true });
    expect(last).toMatchObject({ status: 'finished', days_done: 7, days_behind: 0 });
    expect(last.today).toEqual([expect.objectContaining({ day: 1, complete: true })]);
    const finishedAt = await t.db
      .selectFrom('plan_enrollments')
      .select('finished_at')
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect(finishedAt.finished_at).toBe(now.toISOString());
    // The plans followed now first, then the finished.
    expect((await myPlans(account)).map((item) => [item.id, item.status])).toEqual([
      [other.id, 'active'],
      [plan.id, 'finished'],
    ]);
    const paused = await request('POST', `/api/my-plans/${plan.id}/pause`, account);
    expect(paused.json().message).toBe(planMessages.finished);

    const reopened = await tick(account, plan.id, 4, { done: false });
    expect(reopened).toMatchObject({ status: 'active', days_done: 6 });
    const row = await t.db
      .selectFrom('plan_enrollments')
      .select('finished_at')
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect(row.finished_at).toBeNull();
  });
});

describe('leaving a plan', () => {
  it('removes the enrollment and its marks; a plan made from a feeling goes with it', async () => {
    const account = await signUp(t);
    const library = await follow(account, { plan_id: 'gospels-30' });
    await tick(account, library.id, 1, { done: true });
    const mood = enrollmentSchema.parse(
      (await request('POST', '/api/my-plans/mood', account, { mood: 'peaceful' })).json(),
    );
    for (const plan of [library, mood]) {
      expect((await request('DELETE', `/api/my-plans/${plan.id}`, account)).statusCode).toBe(204);
      expectError(await request('DELETE', `/api/my-plans/${plan.id}`, account), 404);
    }
    expect(await myPlans(account)).toEqual([]);
    const marks = await t.db
      .selectFrom('plan_reading_marks')
      .select('day')
      .where('user_id', '=', account.user.id)
      .execute();
    expect(marks).toEqual([]);
    expectError(await request('GET', `/api/plans/${mood.plan.id}/days`, account), 404);
  });
});
