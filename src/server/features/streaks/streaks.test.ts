import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { addDays } from '#shared/habits/streak.ts';
import { weekdays } from '#shared/rules/settings.ts';
import {
  habitReminderSchema,
  streakResponseSchema,
  type StreakResponse,
} from '#shared/schemas/habits.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { recordStreakDay } from './streaks.service.ts';

const clock = fixedClock(new Date('2026-06-01T12:00:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

/** Sets the test app's clock to an instant (forwards or back). */
function setClock(iso: string): void {
  clock.advance(Date.parse(iso) - clock.now().getTime());
}

/** A new member at `iso` whose time zone is `timeZone`. */
async function member(iso: string, timeZone = 'UTC'): Promise<SignedIn> {
  setClock(iso);
  const account = await signUp(t);
  const response = await send('PATCH', '/api/settings', account, {
    reminder_timezone: timeZone,
  });
  expect(response.statusCode, response.body).toBe(200);
  return account;
}

/** Writes a journal entry at `iso`, as the person would from /journal. */
async function writeAt(account: SignedIn, iso: string): Promise<void> {
  setClock(iso);
  const response = await send('POST', '/api/journal', account, {
    title: null,
    content: 'Thankful for today.',
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function streakAt(account: SignedIn, iso: string): Promise<StreakResponse> {
  setClock(iso);
  const response = await send('GET', '/api/streak', account);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return streakResponseSchema.parse(response.json());
}

const datesOf = (streak: StreakResponse) => streak.days.map((day) => day.date);

describe('GET /api/streak', () => {
  it('is empty for a new member', async () => {
    const account = await member('2026-06-01T12:00:00Z');
    expect(await streakAt(account, '2026-06-01T12:00:00Z')).toEqual({
      current: 0,
      longest: 0,
      today: '2026-06-01',
      today_counted: false,
      rest_day: null,
      days: [],
    });
  });

  it('writing in the journal counts the day, once however many entries', async () => {
    const account = await member('2026-06-01T08:00:00Z');
    await writeAt(account, '2026-06-01T08:00:00Z');
    await writeAt(account, '2026-06-01T20:00:00Z');
    expect(await streakAt(account, '2026-06-01T21:00:00Z')).toEqual({
      current: 1,
      longest: 1,
      today: '2026-06-01',
      today_counted: true,
      rest_day: null,
      days: [{ date: '2026-06-01', kinds: ['journal'] }],
    });
  });

  it('lists each kind that made a day count, once each', async () => {
    const account = await member('2026-06-01T08:00:00Z');
    const deps = { db: t.db, clock };
    await writeAt(account, '2026-06-01T08:00:00Z');
    await recordStreakDay(deps, account.user.id, 'review');
    await recordStreakDay(deps, account.user.id, 'read');
    await recordStreakDay(deps, account.user.id, 'review');
    const streak = await streakAt(account, '2026-06-01T09:00:00Z');
    expect(streak.days).toEqual([{ date: '2026-06-01', kinds: ['read', 'review', 'journal'] }]);
  });

  it('keeps every kind when several are recorded at once', async () => {
    const account = await member('2026-06-01T08:00:00Z');
    const deps = { db: t.db, clock };
    await Promise.all(
      (['read', 'plan', 'review', 'journal'] as const).map((kind) =>
        recordStreakDay(deps, account.user.id, kind),
      ),
    );
    const streak = await streakAt(account, '2026-06-01T09:00:00Z');
    expect(streak.days).toEqual([
      { date: '2026-06-01', kinds: ['read', 'plan', 'review', 'journal'] },
    ]);
  });

  it('counts an entry at 23:30 in Los Angeles for that local day, not the UTC one', async () => {
    const account = await member('2026-06-01T12:00:00Z', 'America/Los_Angeles');
    // 23:30 on Monday 1 June in Los Angeles (PDT) is 06:30 on 2 June in UTC.
    await writeAt(account, '2026-06-02T06:30:00Z');
    const sameEvening = await streakAt(account, '2026-06-02T06:45:00Z');
    expect(sameEvening).toMatchObject({ today: '2026-06-01', today_counted: true, current: 1 });
    expect(datesOf(sameEvening)).toEqual(['2026-06-01']);
    // The next local morning, nothing yet today: the streak still stands, not broken.
    const nextMorning = await streakAt(account, '2026-06-02T15:00:00Z');
    expect(nextMorning).toMatchObject({ today: '2026-06-02', today_counted: false, current: 1 });
    // 00:30 on 3 June UTC is still 2 June in Los Angeles: two days in a row.
    await writeAt(account, '2026-06-03T00:30:00Z');
    const second = await streakAt(account, '2026-06-03T01:00:00Z');
    expect(second).toMatchObject({ today: '2026-06-02', current: 2, longest: 2 });
    expect(datesOf(second)).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('counts a day in Auckland by its date there, a day ahead of UTC', async () => {
    const account = await member('2026-06-01T10:00:00Z', 'Pacific/Auckland');
    // 13:00 UTC on 1 June is 01:00 on 2 June in Auckland (NZST, +12).
    await writeAt(account, '2026-06-01T13:00:00Z');
    // 11:00 UTC on 2 June is 23:00 on 2 June there: the same local day, counted once.
    await writeAt(account, '2026-06-02T11:00:00Z');
    // 12:30 UTC on 2 June is 00:30 on 3 June there: the next day.
    await writeAt(account, '2026-06-02T12:30:00Z');
    const streak = await streakAt(account, '2026-06-02T12:31:00Z');
    expect(streak).toMatchObject({ today: '2026-06-03', today_counted: true, current: 2 });
    expect(datesOf(streak)).toEqual(['2026-06-02', '2026-06-03']);
  });

  it('counts the 23-hour day of spring forward once, and the streak goes on over it', async () => {
    // New York moves from EST (-5) to EDT (-4) at 02:00 on Sunday 8 March 2026.
    const account = await member('2026-03-07T15:00:00Z', 'America/New_York');
    await writeAt(account, '2026-03-07T23:00:00Z'); // 18:00 EST on 7 March
    await writeAt(account, '2026-03-08T05:30:00Z'); // 00:30 EST on 8 March
    await writeAt(account, '2026-03-09T03:30:00Z'); // 23:30 EDT on 8 March
    await writeAt(account, '2026-03-09T04:30:00Z'); // 00:30 EDT on 9 March
    const streak = await streakAt(account, '2026-03-09T12:00:00Z');
    expect(streak).toMatchObject({ today: '2026-03-09', current: 3, longest: 3 });
    expect(datesOf(streak)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('counts the 25-hour day of fall back once, the repeated hour included', async () => {
    // London moves from BST (+1) to GMT at 02:00 on Sunday 25 October 2026; 01:30 comes twice.
    const account = await member('2026-10-24T12:00:00Z', 'Europe/London');
    await writeAt(account, '2026-10-24T22:30:00Z'); // 23:30 BST on 24 October
    await writeAt(account, '2026-10-25T00:30:00Z'); // 01:30 BST on 25 October
    await writeAt(account, '2026-10-25T01:30:00Z'); // 01:30 GMT, the same local day
    await writeAt(account, '2026-10-25T23:59:00Z'); // 23:59 GMT, the day's 25th hour
    const lastMinute = await streakAt(account, '2026-10-25T23:59:30Z');
    expect(lastMinute).toMatchObject({ today: '2026-10-25', current: 2 });
    expect(datesOf(lastMinute)).toEqual(['2026-10-24', '2026-10-25']);
    await writeAt(account, '2026-10-26T00:00:30Z');
    const after = await streakAt(account, '2026-10-26T08:00:00Z');
    expect(after).toMatchObject({ today: '2026-10-26', current: 3, longest: 3 });
  });

  it('keeps the longest streak from before the 12 months the calendar shows', async () => {
    const account = await member('2026-06-01T12:00:00Z');
    const old = Array.from({ length: 20 }, (_, i) => addDays('2024-01-01', i));
    await t.db
      .insertInto('streak_days')
      .values(
        old.map((date) => ({
          user_id: account.user.id,
          local_date: date,
          kinds: ['read' as const],
          updated_at: '2024-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    await writeAt(account, '2026-06-01T12:00:00Z');
    const streak = await streakAt(account, '2026-06-01T13:00:00Z');
    expect(streak).toMatchObject({ current: 1, longest: 20 });
    expect(datesOf(streak)).toEqual(['2026-06-01']);
  });

  it('shows the days of the last 12 months, oldest first, and no older', async () => {
    const account = await member('2026-06-01T12:00:00Z');
    // 366 days: the oldest shown is 1 June 2025 (2026-06-01 minus 365 days).
    const dates = ['2025-05-31', '2025-06-01', '2025-12-25', '2026-05-31'];
    await t.db
      .insertInto('streak_days')
      .values(
        dates.map((date) => ({
          user_id: account.user.id,
          local_date: date,
          kinds: ['plan' as const],
          updated_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const streak = await streakAt(account, '2026-06-01T12:00:00Z');
    expect(datesOf(streak)).toEqual(['2025-06-01', '2025-12-25', '2026-05-31']);
    // 31 May and 1 June 2025 are two days in a row, across the calendar's first day.
    expect(streak).toMatchObject({ current: 1, longest: 2, today_counted: false });
  });

  it("shows nobody else's days", async () => {
    const a = await member('2026-06-01T09:00:00Z');
    const b = await member('2026-06-01T09:00:00Z');
    await writeAt(a, '2026-06-01T09:00:00Z');
    const ofB = await streakAt(b, '2026-06-01T10:00:00Z');
    expect(ofB).toMatchObject({ current: 0, longest: 0, today_counted: false, days: [] });
    expect((await streakAt(a, '2026-06-01T10:00:00Z')).current).toBe(1);
  });

  it('answers 401 without a session', async () => {
    const response = await send('GET', '/api/streak');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('PUT /api/streak/settings', () => {
  /** A member who wrote Thursday 4 to Saturday 6 June and Monday 8 June, not on Sunday 7. */
  async function missedSunday(): Promise<SignedIn> {
    const account = await member('2026-06-04T09:00:00Z');
    for (const day of ['2026-06-04', '2026-06-05', '2026-06-06', '2026-06-08']) {
      await writeAt(account, `${day}T09:00:00Z`);
    }
    return account;
  }

  function setRestDay(account: SignedIn, restDay: unknown) {
    return send('PUT', '/api/streak/settings', account, { rest_day: restDay });
  }

  it('a missed rest day does not break the streak, and answers the new streak', async () => {
    const account = await missedSunday();
    expect(await streakAt(account, '2026-06-08T10:00:00Z')).toMatchObject({
      current: 1,
      longest: 3,
    });
    const response = await setRestDay(account, 'sunday');
    expect(response.statusCode, response.body).toBe(200);
    expect(streakResponseSchema.parse(response.json())).toMatchObject({
      current: 4,
      longest: 4,
      rest_day: 'sunday',
      today: '2026-06-08',
    });
    expect(await streakAt(account, '2026-06-08T10:00:00Z')).toMatchObject({
      current: 4,
      rest_day: 'sunday',
    });
    // Another rest day: Sunday breaks it again.
    const saturday = await setRestDay(account, 'saturday');
    expect(saturday.json()).toMatchObject({ current: 1, rest_day: 'saturday' });
    const none = await setRestDay(account, null);
    expect(none.json()).toMatchObject({ current: 1, rest_day: null });
  });

  it("changes only the caller's rest day", async () => {
    const a = await missedSunday();
    const b = await missedSunday();
    await setRestDay(a, 'sunday');
    expect((await streakAt(b, '2026-06-08T10:00:00Z')).rest_day).toBeNull();
  });

  it('makes a settings row with the defaults for a person who has none', async () => {
    const account = await missedSunday();
    await t.db.deleteFrom('user_settings').where('user_id', '=', account.user.id).execute();
    const response = await setRestDay(account, 'sunday');
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      streak_rest_day: 'sunday',
      journal_reminders: true,
      daily_verse_notifications: true,
      reminder_time: '09:00:00',
      reminder_timezone: 'UTC',
      reminder_days: [...weekdays],
      translation: 'kjv',
      plan_reminders: false,
    });
    const settings = await send('GET', '/api/settings', account);
    expect(settings.statusCode).toBe(200);
  });

  it('refuses what is not a weekday or null with 400 and changes nothing', async () => {
    const account = await missedSunday();
    await setRestDay(account, 'sunday');
    const bodies: unknown[] = [
      { rest_day: 'funday' },
      { rest_day: 'Sunday ' },
      { rest_day: 6 },
      { rest_day: 1e308 },
      { rest_day: ['sunday'] },
      { rest_day: { day: 'sunday' } },
      { rest_day: '__proto__' },
      { rest_day: 'constructor' },
      { rest_day: 'x'.repeat(100_000) },
      {},
      [],
    ];
    for (const body of bodies) {
      const response = await send('PUT', '/api/streak/settings', account, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    // Refused before validation: a prototype key (secure JSON parsing), null, a text body.
    for (const body of [JSON.parse('{"__proto__": {"rest_day": "monday"}}'), null, 'sunday']) {
      const response = await send('PUT', '/api/streak/settings', account, body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await streakAt(account, '2026-06-08T10:00:00Z')).rest_day).toBe('sunday');
  });

  it('answers 401 without a session', async () => {
    const response = await send('PUT', '/api/streak/settings', undefined, { rest_day: null });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET and PUT /api/habit-reminder', () => {
  async function reminderOf(account: SignedIn) {
    const response = await send('GET', '/api/habit-reminder', account);
    expect(response.statusCode, response.body).toBe(200);
    return habitReminderSchema.parse(response.json());
  }

  it('is off at 07:00 every day until set, and answers what it saved', async () => {
    const account = await member('2026-06-01T12:00:00Z');
    expect(await reminderOf(account)).toEqual({
      enabled: false,
      time: '07:00',
      days: [...weekdays],
    });
    const response = await send('PUT', '/api/habit-reminder', account, {
      enabled: true,
      time: '06:15',
      days: ['sunday', 'monday', 'monday'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = { enabled: true, time: '06:15', days: ['monday', 'sunday'] };
    expect(response.json()).toEqual(saved);
    expect(await reminderOf(account)).toEqual(saved);
    const row = await t.db
      .selectFrom('user_settings')
      .select(['plan_reminders', 'plan_reminder_time', 'plan_reminder_days'])
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      plan_reminders: true,
      plan_reminder_time: '06:15:00',
      plan_reminder_days: ['monday', 'sunday'],
    });
  });

  it('keeps every day as every day, and leaves the other reminders alone', async () => {
    const account = await member('2026-06-01T12:00:00Z');
    const response = await send('PUT', '/api/habit-reminder', account, {
      enabled: true,
      time: '21:00',
      days: [...weekdays].reverse(),
    });
    expect(response.json()).toEqual({ enabled: true, time: '21:00', days: [...weekdays] });
    const settings = await send('GET', '/api/settings', account);
    expect(settings.json()).toMatchObject({ reminder_time: '09:00:00', journal_reminders: true });
  });

  it("changes only the caller's reminder", async () => {
    const a = await member('2026-06-01T12:00:00Z');
    const b = await member('2026-06-01T12:00:00Z');
    await send('PUT', '/api/habit-reminder', a, { enabled: true, time: '05:00', days: ['friday'] });
    expect(await reminderOf(b)).toEqual({ enabled: false, time: '07:00', days: [...weekdays] });
  });

  it('refuses a bad time or days with a clear 400', async () => {
    const account = await member('2026-06-01T12:00:00Z');
    const good = { enabled: true, time: '07:30', days: ['monday'] };
    const cases: [unknown, RegExp][] = [
      [{ ...good, time: '24:00' }, /time/i],
      [{ ...good, time: '7:30' }, /time/i],
      [{ ...good, time: '07:30:00' }, /time/i],
      [{ ...good, days: [] }, /at least one day/i],
      [{ ...good, days: ['someday'] }, /days/i],
      [{ ...good, days: Array(8).fill('monday') }, /days/i],
      [{ ...good, enabled: 'yes' }, /enabled/i],
      [{ time: '07:30', days: ['monday'] }, /enabled/i],
      [[], /./],
    ];
    for (const [body, message] of cases) {
      const response = await send('PUT', '/api/habit-reminder', account, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
      expect(response.json().message).toMatch(message);
    }
    const prototypeKey = JSON.parse(
      '{"__proto__": {"enabled": true}, "time": "07:30", "days": ["monday"]}',
    );
    const refused = await send('PUT', '/api/habit-reminder', account, prototypeKey);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect((await reminderOf(account)).enabled).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expect((await send('GET', '/api/habit-reminder')).statusCode).toBe(401);
    const put = await send('PUT', '/api/habit-reminder', undefined, {
      enabled: true,
      time: '07:00',
      days: ['monday'],
    });
    expect(put.statusCode).toBe(401);
  });
});
