import { describe, expect, it } from 'vitest';
import { readingPlanId } from '#shared/plans/library.ts';
import { enrollmentListSchema, habitMessages, maxFollowedPlans } from '#shared/schemas/plans.ts';
import { readingPlanResponseSchema, saveProgressResponseSchema } from '#shared/schemas/reading.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

const request = sendingAs(t);

async function getPlan(account: SignedIn) {
  const response = await request('GET', '/api/reading-plan', account);
  expect(response.statusCode).toBe(200);
  return readingPlanResponseSchema.parse(response.json()).plan;
}

async function startPlan(account: SignedIn, expectedStatus = 201) {
  const response = await request('POST', '/api/reading-plan', account);
  expect(response.statusCode, response.body).toBe(expectedStatus);
  const { plan } = readingPlanResponseSchema.parse(response.json());
  if (!plan) throw new Error('POST /api/reading-plan answered without a plan');
  return plan;
}

async function saveProgress(account: SignedIn, book: string, chapter: number) {
  const response = await request('POST', '/api/progress', account, {
    book_name: book,
    chapter_number: chapter,
  });
  expect(response.statusCode).toBe(200);
  return saveProgressResponseSchema.parse(response.json());
}

/** The person's enrollments of the whole-Bible plan, which the reading plan is. */
function planRows(userId: string) {
  return t.db
    .selectFrom('plan_enrollments')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('plan_id', '=', readingPlanId)
    .execute();
}

/** Puts the person's reading plan at a chapter: every day (chapter) before it ticked. */
async function placePlanAt(planId: string, userId: string, day: number) {
  await t.db.deleteFrom('plan_reading_marks').where('enrollment_id', '=', planId).execute();
  for (let first = 1; first < day; first += 400) {
    const last = Math.min(day - 1, first + 399);
    await t.db
      .insertInto('plan_reading_marks')
      .values(
        Array.from({ length: last - first + 1 }, (_, index) => ({
          enrollment_id: planId,
          user_id: userId,
          day: first + index,
          reading: 0,
          done_at: new Date().toISOString(),
        })),
      )
      .execute();
  }
}

describe('GET /api/reading-plan', () => {
  it('is null before the user starts one', async () => {
    expect(await getPlan(await signUp(t))).toBeNull();
  });
});

describe('POST /api/reading-plan', () => {
  it('starts at Genesis 1 for a new reader (201), and the plan is then the active one', async () => {
    const account = await signUp(t);
    const plan = await startPlan(account);
    expect(plan).toMatchObject({ is_active: true, current_book_index: 0, current_chapter: 1 });
    expect(await getPlan(account)).toEqual(plan);
  });

  it('starts at the chapter after the last one read, which it then asks for', async () => {
    const account = await signUp(t);
    await saveProgress(account, 'Romans', 8);
    expect(await startPlan(account)).toMatchObject({ current_book_index: 44, current_chapter: 9 });
  });

  it('gives back the active plan (200) instead of starting a second one', async () => {
    const account = await signUp(t);
    const first = await startPlan(account);
    const second = await startPlan(account, 200);
    expect(second).toEqual(first);
    expect(await planRows(account.user.id)).toHaveLength(1);
  });

  it('makes exactly one active plan when several requests arrive at once', async () => {
    const account = await signUp(t);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => request('POST', '/api/reading-plan', account)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((response) => response.json().plan.id));
    expect(ids.size).toBe(1);
    expect(await planRows(account.user.id)).toHaveLength(1);
  });
});

describe('reading moves the plan (product §4)', () => {
  it("moves on only when the plan's own chapter is read; other reading is progress only", async () => {
    const account = await signUp(t);
    const plan = await startPlan(account);
    expect(plan).toMatchObject({ current_book_index: 0, current_chapter: 1 });

    // Opening John 3:16 from a search is reading, not the plan.
    const elsewhere = await saveProgress(account, 'john', 3);
    expect(elsewhere.progress).toMatchObject({ book_name: 'John', chapter_number: 3 });
    expect(elsewhere.plan).toMatchObject({
      id: plan.id,
      current_book_index: 0,
      current_chapter: 1,
    });
    expect(await getPlan(account)).toMatchObject({ current_book_index: 0, current_chapter: 1 });

    // The plan's chapter read: the plan is at the one after it.
    const own = await saveProgress(account, 'Genesis', 1);
    expect(own.plan).toMatchObject({ id: plan.id, current_book_index: 0, current_chapter: 2 });
    expect(await getPlan(account)).toEqual(own.plan);

    // Reading ahead, or the chapter just done again, leaves it there.
    await saveProgress(account, 'Genesis', 5);
    await saveProgress(account, 'Genesis', 1);
    expect(await getPlan(account)).toMatchObject({ current_book_index: 0, current_chapter: 2 });
  });

  it('crosses into the next book after its last chapter, and is finished after Revelation 22', async () => {
    const account = await signUp(t);
    const plan = await startPlan(account);
    await placePlanAt(plan.id, account.user.id, 50);
    expect(await getPlan(account)).toMatchObject({ current_book_index: 0, current_chapter: 50 });
    const crossed = await saveProgress(account, 'Genesis', 50);
    expect(crossed.plan).toMatchObject({ current_book_index: 1, current_chapter: 1 });

    await placePlanAt(plan.id, account.user.id, 1189);
    expect(await getPlan(account)).toMatchObject({ current_book_index: 65, current_chapter: 22 });
    const last = await saveProgress(account, 'Revelation', 22);
    expect(last.plan).toBeNull();
    expect(await planRows(account.user.id)).toEqual([{ id: plan.id, status: 'finished' }]);
  });
});

describe('one plan system (decision 022)', () => {
  it('is the whole-Bible plan of /plans, read at its own pace, with its next chapter today', async () => {
    const account = await signUp(t);
    await saveProgress(account, 'Matthew', 2);
    const plan = await startPlan(account);
    const list = enrollmentListSchema.parse(
      (await request('GET', '/api/my-plans', account)).json(),
    );
    expect(list.items).toHaveLength(1);
    const [followed] = list.items;
    expect(followed).toMatchObject({
      id: plan.id,
      status: 'active',
      days_behind: 0,
      plan: { id: readingPlanId, self_paced: true, days: 1189 },
    });
    // Matthew 3 is the 932nd chapter: the 931 before it count as done.
    expect(followed?.days_done).toBe(931);
    expect(followed?.today.map((day) => day.readings.map((reading) => reading.label))).toEqual([
      ['Matthew 3'],
    ]);
  });

  it('follows the reader from /plans as well: following it there starts it at Genesis 1', async () => {
    const account = await signUp(t);
    await saveProgress(account, 'Romans', 8);
    const followed = await request('POST', '/api/my-plans', account, { plan_id: readingPlanId });
    expect(followed.statusCode).toBe(201);
    expect(await getPlan(account)).toMatchObject({ current_book_index: 0, current_chapter: 1 });
    // Started again from the reader, it is the one already followed.
    expect(await startPlan(account, 200)).toMatchObject({ current_chapter: 1 });
  });

  it('counts against the plans one may follow at once', async () => {
    const account = await signUp(t);
    const library = ['bible-in-a-year', 'nt-90', 'gospels-30', 'psalms-proverbs-month'];
    for (const planId of library) {
      expect(
        (await request('POST', '/api/my-plans', account, { plan_id: planId })).statusCode,
      ).toBe(201);
    }
    for (const mood of ['sad', 'anxious', 'grateful', 'lonely', 'angry', 'hopeful']) {
      expect((await request('POST', '/api/my-plans/mood', account, { mood })).statusCode).toBe(201);
    }
    expect(maxFollowedPlans).toBe(10);
    const refused = await request('POST', '/api/reading-plan', account);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'CONFLICT', message: habitMessages.tooManyPlans });
    expect(await getPlan(account)).toBeNull();
  });
});

describe('DELETE /api/reading-plan', () => {
  it('stops following the plan (204); progress no longer moves it; a new plan can start', async () => {
    const account = await signUp(t);
    const first = await startPlan(account);
    const response = await request('DELETE', '/api/reading-plan', account);
    expect(response.statusCode).toBe(204);
    expect(await getPlan(account)).toBeNull();
    expect(await planRows(account.user.id)).toEqual([]);

    const saved = await saveProgress(account, 'Acts', 2);
    expect(saved.plan).toBeNull();

    const second = await startPlan(account);
    expect(second.id).not.toBe(first.id);
    // A new plan asks first for the chapter after the last one read.
    expect(second).toMatchObject({ current_book_index: 43, current_chapter: 3 });
    expect(await planRows(account.user.id)).toEqual([{ id: second.id, status: 'active' }]);
  });

  it('answers 204 when there is no active plan', async () => {
    const response = await request('DELETE', '/api/reading-plan', await signUp(t));
    expect(response.statusCode).toBe(204);
  });
});

describe('two users', () => {
  it("neither sees, moves nor ends the other's plan", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const planA = await startPlan(a);
    expect(await getPlan(b)).toBeNull();

    // B reading and starting and ending a plan leaves A's untouched.
    await saveProgress(b, 'Jude', 1);
    const planB = await startPlan(b);
    expect(planB.id).not.toBe(planA.id);
    await request('DELETE', '/api/reading-plan', b);
    expect(await getPlan(a)).toEqual(planA);
  });
});

describe('without a session', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    '%s /api/reading-plan answers 401',
    async (method) => {
      const response = await request(method, '/api/reading-plan');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    },
  );
});
