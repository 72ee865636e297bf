import { randomUUID } from 'node:crypto';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslations } from '#server/bible/translations.ts';
import { fixedClock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { Database } from '#server/db/types.ts';
import { startSimulatedReminderScheduler } from '#server/dev/reminder-simulation.ts';
import {
  insertNotifications,
  notificationRow,
} from '#server/features/notifications/notifications.service.ts';
import { getDailyVerse } from '#server/features/verses/catalogue.service.ts';
import { weekdays } from '#shared/rules/settings.ts';
import { defaultSettings } from '#shared/schemas/settings.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { recordingPush, type RecordingPush } from '#tests/api-support/recording-push.ts';
import { dailyReminderNextAt } from '#tests/api-support/reminder-rows.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';
import {
  dailyReadingMessage,
  runEveryMinute,
  runReminderTick,
  startReminderScheduler,
} from './reminder-scheduler.ts';

// Sign-ups happen on Sunday 31 May 2026 (their initial journal reminder is for that day); the
// ticks below run on later days.
const signUpDay = '2026-05-31';
const clock = fixedClock(new Date(`${signUpDay}T12:00:00.000Z`));
const push = recordingPush();
const t = useTestApp({ clock, push });
const translations = createTranslations(sharedBible());

const journalReminder = {
  type: 'journal_reminder',
  title: 'Time to journal',
  message: 'Take a quiet moment to write what is on your heart today.',
  link: '/journal',
};

function tick(at: string, options: { db?: Db; push?: RecordingPush } = {}) {
  return runReminderTick(
    { db: options.db ?? t.db, translations, push: options.push ?? push },
    new Date(at),
  );
}

const nextDue = (account: SignedIn) => dailyReminderNextAt(t.db, account.user.id);

async function newUser(settings: Record<string, unknown> = {}): Promise<SignedIn> {
  const account = await signUp(t);
  if (Object.keys(settings).length > 0) await changeSettings(account, settings);
  return account;
}

async function changeSettings(account: SignedIn, settings: Record<string, unknown>) {
  const response = await browserRequest(t, {
    method: 'PATCH',
    url: '/api/settings',
    cookie: account.cookie,
    payload: settings,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The user's scheduled notifications after sign-up day, as [local_date, type] pairs. */
async function scheduled(account: SignedIn): Promise<[string | null, string][]> {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['local_date', 'type'])
    .where('user_id', '=', account.user.id)
    .where('local_date', '>', signUpDay)
    .orderBy('local_date')
    .orderBy('type')
    .execute();
  return rows.map((row) => [row.local_date, row.type]);
}

function pushedTypes(account: SignedIn, recorder: RecordingPush = push): string[] {
  return recorder
    .sentTo(account.user.id)
    .map((payload) => payload.type)
    .sort();
}

describe('runReminderTick', () => {
  it('at the reminder time creates one journal reminder and one verse of the day, not before', async () => {
    const user = await newUser();
    await tick('2026-06-01T08:59:59Z');
    expect(await scheduled(user)).toEqual([]);

    await tick('2026-06-01T09:00:00Z');
    const rows = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .where('local_date', '=', '2026-06-01')
      .orderBy('type')
      .execute();
    // 1 June 2026 is day 152 of the year: Psalms 63:3, written 'Psalm 63:3' as people write it.
    const verse = getDailyVerse(sharedBible(), 152);
    expect(verse.reference).toBe('Psalms 63:3');
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'daily_verse',
        title: `Verse of the day: ${verse.theme}`,
        message: `“${verse.text}” — Psalm 63:3`,
        link: '/verse-of-day',
        is_read: false,
        created_at: '2026-06-01T09:00:00.000Z',
      }),
      expect.objectContaining({ ...journalReminder, is_read: false }),
    ]);
    // Pushed too, besides the initial reminder at sign-up.
    expect(pushedTypes(user)).toEqual(['daily_verse', 'journal_reminder', 'journal_reminder']);
  });

  it('sends the verse of the day in the translation the person reads in', async () => {
    const webReader = await newUser({ translation: 'web' });
    const kjvReader = await newUser();
    await tick('2026-06-01T09:00:00Z');
    const message = async (account: SignedIn) =>
      (
        await t.db
          .selectFrom('notifications')
          .select('message')
          .where('user_id', '=', account.user.id)
          .where('type', '=', 'daily_verse')
          .executeTakeFirstOrThrow()
      ).message;
    const web = getDailyVerse(translations.get('web'), 152);
    const kjv = getDailyVerse(sharedBible(), 152);
    expect(web.text).not.toBe(kjv.text);
    expect(await message(webReader)).toBe(`“${web.text}” — Psalm 63:3`);
    expect(await message(kjvReader)).toBe(`“${kjv.text}” — Psalm 63:3`);
  });

  it('run twice for the same minute creates one of each, and pushes each once', async () => {
    const user = await newUser();
    const pushesBefore = push.sentTo(user.user.id).length;
    await tick('2026-06-01T09:00:00Z');
    await tick('2026-06-01T09:00:00Z');
    await tick('2026-06-01T09:00:59Z');
    expect(await scheduled(user)).toEqual([
      ['2026-06-01', 'daily_verse'],
      ['2026-06-01', 'journal_reminder'],
    ]);
    expect(push.sentTo(user.user.id)).toHaveLength(pushesBefore + 2);
  });

  it('two instances racing on two database connections create one of each', async () => {
    const user = await newUser();
    const other = t.connectAgain();
    // Connected beforehand, so that neither instance starts late.
    await other.selectFrom('users').select('id').limit(1).execute();
    const [first, second] = await Promise.all([
      tick('2026-06-01T09:00:00Z'),
      tick('2026-06-01T09:00:00Z', { db: other }),
    ]);
    expect(await scheduled(user)).toEqual([
      ['2026-06-01', 'daily_verse'],
      ['2026-06-01', 'journal_reminder'],
    ]);
    // Each notification was created, and pushed, by exactly one of them.
    const createdIds = [...first, ...second].map((n) => n.id);
    expect(new Set(createdIds).size).toBe(createdIds.length);
    expect(pushedTypes(user)).toEqual(['daily_verse', 'journal_reminder', 'journal_reminder']);
  });

  it('inserts racing past the existence check still create one: the unique key decides', async () => {
    const user = await newUser();
    const connections = [t.db, t.connectAgain(), t.connectAgain()];
    const results = await Promise.all(
      connections.map((db) =>
        insertNotifications(db, [
          notificationRow(
            { userId: user.user.id, ...journalReminder, localDate: '2026-06-05' },
            '2026-06-05T09:00:00.000Z',
          ),
        ]),
      ),
    );
    expect(results.map((inserted) => inserted.length).sort()).toEqual([0, 0, 1]);
    expect(await scheduled(user)).toEqual([['2026-06-05', 'journal_reminder']]);
  });

  it('sends nothing to a user with both off, and only what is on to the others', async () => {
    const none = await newUser({ journal_reminders: false, daily_verse_notifications: false });
    const journalOnly = await newUser({ daily_verse_notifications: false });
    const verseOnly = await newUser({ journal_reminders: false });
    await tick('2026-06-01T12:00:00Z');
    expect(await scheduled(none)).toEqual([]);
    expect(await scheduled(journalOnly)).toEqual([['2026-06-01', 'journal_reminder']]);
    expect(await scheduled(verseOnly)).toEqual([['2026-06-01', 'daily_verse']]);
  });

  it('turning reminders off in PATCH /api/settings stops them at the next tick', async () => {
    const user = await newUser();
    await tick('2026-06-01T09:00:00Z');
    await changeSettings(user, { journal_reminders: false });
    await tick('2026-06-02T09:00:00Z');
    await changeSettings(user, { daily_verse_notifications: false });
    await tick('2026-06-03T09:00:00Z');
    expect(await scheduled(user)).toEqual([
      ['2026-06-01', 'daily_verse'],
      ['2026-06-01', 'journal_reminder'],
      ['2026-06-02', 'daily_verse'],
    ]);
  });

  it('a new reminder time or time zone takes effect at the next tick', async () => {
    const user = await newUser();
    await tick('2026-06-01T08:30:00Z');
    expect(await scheduled(user)).toEqual([]);
    await changeSettings(user, { reminder_time: '08:15' });
    await tick('2026-06-01T08:30:00Z');
    expect(await scheduled(user)).toHaveLength(2);

    // 08:15 in New York (EDT) is 12:15 UTC.
    await changeSettings(user, { reminder_timezone: 'America/New_York' });
    await tick('2026-06-02T12:14:00Z');
    expect(await scheduled(user)).toHaveLength(2);
    await tick('2026-06-02T12:15:00Z');
    expect(await scheduled(user)).toHaveLength(4);
  });

  it('catches up later the same local day, and the next local day creates new ones', async () => {
    const user = await newUser();
    // No tick ran at 09:00 (server down): the last minute of the day still sends them.
    await tick('2026-06-01T23:59:59Z');
    await tick('2026-06-02T00:00:30Z');
    expect(await scheduled(user)).toEqual([
      ['2026-06-01', 'daily_verse'],
      ['2026-06-01', 'journal_reminder'],
    ]);
    await tick('2026-06-02T09:00:00Z');
    expect(await scheduled(user)).toEqual([
      ['2026-06-01', 'daily_verse'],
      ['2026-06-01', 'journal_reminder'],
      ['2026-06-02', 'daily_verse'],
      ['2026-06-02', 'journal_reminder'],
    ]);
  });

  it('only on the chosen weekdays', async () => {
    const user = await newUser({ reminder_days: ['wednesday'] });
    await tick('2026-06-01T10:00:00Z'); // Monday
    await tick('2026-06-02T10:00:00Z'); // Tuesday
    expect(await scheduled(user)).toEqual([]);
    await tick('2026-06-03T10:00:00Z'); // Wednesday
    expect(await scheduled(user)).toHaveLength(2);
  });

  it('uses the user’s local date for the key and the verse, even when UTC is a day behind', async () => {
    const user = await newUser({ reminder_timezone: 'Asia/Kolkata', reminder_time: '01:00' });
    // Monday 19:45 UTC is Tuesday 2 June 01:15 in India: day 153's verse.
    await tick('2026-06-01T19:45:00Z');
    expect(await scheduled(user)).toEqual([
      ['2026-06-02', 'daily_verse'],
      ['2026-06-02', 'journal_reminder'],
    ]);
    const verse = getDailyVerse(sharedBible(), 153);
    const row = await t.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', user.user.id)
      .where('type', '=', 'daily_verse')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe(`Verse of the day: ${verse.theme}`);
  });

  it('runs for one user only when asked, as the development endpoint does', async () => {
    const caller = await newUser();
    const bystander = await newUser();
    const created = await runReminderTick(
      { db: t.db, translations, push },
      new Date('2026-06-01T09:00:00Z'),
      { userId: caller.user.id },
    );
    expect(created.map((n) => n.type).sort()).toEqual(['daily_verse', 'journal_reminder']);
    expect(await scheduled(caller)).toHaveLength(2);
    expect(await scheduled(bystander)).toEqual([]);
  });

  it('reaches every due user, in batches, however many there are', async () => {
    const now = new Date().toISOString();
    const userIds: string[] = Array.from({ length: 1203 }, () => randomUUID());
    for (let i = 0; i < userIds.length; i += 300) {
      const ids = userIds.slice(i, i + 300);
      await t.db
        .insertInto('users')
        .values(
          ids.map((id) => ({
            id,
            email: `${id}@example.com`,
            email_verified: false,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await t.db
        .insertInto('user_settings')
        .values(ids.map((id) => ({ user_id: id, ...defaultSettings, updated_at: now })))
        .execute();
    }
    const recorder = recordingPush();
    const created = await tick('2031-01-06T09:00:00Z', { push: recorder });
    const countFor = async () => {
      const row = await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('local_date', '=', '2031-01-06')
        .where('user_id', 'in', userIds)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    };
    expect(await countFor()).toBe(2 * userIds.length);
    expect(recorder.sent.filter((sent) => userIds.includes(sent.userId))).toHaveLength(
      2 * userIds.length,
    );
    expect(created.length).toBeGreaterThanOrEqual(2 * userIds.length);
    // The next minute finds them all there and creates nothing.
    expect(await tick('2031-01-06T09:01:00Z', { push: recorder })).toEqual([]);
    expect(await countFor()).toBe(2 * userIds.length);
  });
});

describe('startReminderScheduler', () => {
  it('runs a tick at start, so a restart later in the day catches up', async () => {
    const user = await newUser();
    const log = { error: vi.fn() };
    const observe = vi.fn();
    const scheduler = startReminderScheduler(
      {
        db: t.db,
        translations,
        push,
        clock: fixedClock(new Date('2026-08-03T15:00:00Z')),
        observe,
      },
      log,
    );
    await scheduler.stop();
    expect(await scheduled(user)).toEqual([
      ['2026-08-03', 'daily_verse'],
      ['2026-08-03', 'journal_reminder'],
    ]);
    expect(log.error).not.toHaveBeenCalled();
    // What the metrics count: the tick was not late, sent what it created and did not fail.
    expect(observe).toHaveBeenCalledWith(
      expect.objectContaining({ lagSeconds: 0, sent: expect.any(Number), failed: false }),
    );
    expect(observe.mock.calls[0]?.[0].sent).toBeGreaterThanOrEqual(2);
  });

  it('on a simulated clock ticks at the simulated time and logs each push', async () => {
    const user = await newUser();
    const log = { error: vi.fn(), info: vi.fn() };
    const recorder = recordingPush();
    const scheduler = startSimulatedReminderScheduler(
      {
        db: t.db,
        translations,
        push: recorder,
        clock: fixedClock(new Date('2026-06-01T12:00:00Z')),
      },
      log,
      {
        from: new Date('2026-08-04T15:00:00Z'),
        to: new Date('2026-08-05T15:00:00Z'),
        // Not started yet: the simulated clock reads `from`.
        startsAt: new Date('2026-06-01T13:00:00Z'),
        speed: 1440,
      },
    );
    await scheduler.stop();
    expect(await scheduled(user)).toEqual([
      ['2026-08-04', 'daily_verse'],
      ['2026-08-04', 'journal_reminder'],
    ]);
    const pushed = recorder.sentTo(user.user.id).map((payload) => payload.id);
    expect(pushed).toHaveLength(2);
    for (const id of pushed) {
      expect(log.info).toHaveBeenCalledWith(
        { notification: id, user: user.user.id },
        'reminder pushed',
      );
    }
  });

  it('logs a tick that fails with the database down, and does not throw', async () => {
    const unreachable = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: async () => {
          throw new Error('database is down');
        },
      }),
    });
    const log = { error: vi.fn() };
    const observe = vi.fn();
    const scheduler = startReminderScheduler(
      { db: unreachable, translations, push, clock, observe },
      log,
    );
    await scheduler.stop();
    expect(observe).toHaveBeenCalledWith(expect.objectContaining({ sent: 0, failed: true }));
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'database is down' }) },
      'reminder tick failed',
    );
  });
});

describe('runEveryMinute', () => {
  const wallClock = { now: () => new Date() };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('works at start, then at each minute boundary, until stopped', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T08:59:30.000Z') });
    const runs: string[] = [];
    const ticker = runEveryMinute(wallClock, { error: vi.fn() }, async () => {
      runs.push(wallClock.now().toISOString());
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(runs).toEqual(['2026-06-01T08:59:30.000Z']);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([
      '2026-06-01T08:59:30.000Z',
      '2026-06-01T09:00:00.000Z',
      '2026-06-01T09:01:00.000Z',
    ]);
    await ticker.stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toHaveLength(3);
  });

  it('never overlaps runs, and stop() waits for the run in flight', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T09:00:00.000Z') });
    const releases: (() => void)[] = [];
    const ticker = runEveryMinute(
      wallClock,
      { error: vi.fn() },
      () => new Promise<void>((resolve) => releases.push(resolve)),
    );
    // The first run takes five minutes: no second one starts meanwhile.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(releases).toHaveLength(1);
    releases[0]?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(releases).toHaveLength(2);

    let isStopped = false;
    const stopping = ticker.stop().then(() => {
      isStopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isStopped).toBe(false);
    releases[1]?.();
    await stopping;
    expect(isStopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(releases).toHaveLength(2);
  });

  it('logs a failed run and runs again the next minute', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T09:00:00.000Z') });
    const log = { error: vi.fn() };
    let calls = 0;
    const ticker = runEveryMinute(wallClock, log, async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection refused');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'connection refused' }) },
      'reminder tick failed',
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await ticker.stop();
  });
});

describe('the daily reading reminder', () => {
  type Reminder = { time?: string; days?: string[]; timeZone?: string };

  /**
   * A member with only the daily reading reminder on (the journal reminder and verse of the day
   * off), at `time` on `days` in `timeZone`.
   */
  async function reader({ time = '07:00', days, timeZone = 'UTC' }: Reminder = {}) {
    const account = await newUser({
      journal_reminders: false,
      daily_verse_notifications: false,
      reminder_timezone: timeZone,
    });
    const response = await browserRequest(t, {
      method: 'PUT',
      url: '/api/habit-reminder',
      cookie: account.cookie,
      payload: {
        enabled: true,
        time,
        days: days ?? [...weekdays],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return account;
  }

  async function follow(account: SignedIn, planId: string, startDate: string): Promise<string> {
    const response = await browserRequest(t, {
      method: 'POST',
      url: '/api/my-plans',
      cookie: account.cookie,
      payload: { plan_id: planId, start_date: startDate },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** Verses to learn, each due from now (the app's clock, sign-up day). */
  async function learn(account: SignedIn, ...references: string[]): Promise<void> {
    for (const reference of references) {
      const response = await browserRequest(t, {
        method: 'POST',
        url: '/api/memory-cards',
        cookie: account.cookie,
        payload: { reference },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  }

  /** How many daily reading reminders were pushed to the member's browsers. */
  const pushedReadings = (account: SignedIn) =>
    pushedTypes(account).filter((type) => type === 'daily_reading').length;

  /** The member's daily reading reminders: [local_date, title, message, link]. */
  async function readingReminders(account: SignedIn) {
    const rows = await t.db
      .selectFrom('notifications')
      .select(['local_date', 'title', 'message', 'link'])
      .where('user_id', '=', account.user.id)
      .where('type', '=', 'daily_reading')
      .orderBy('local_date')
      .execute();
    return rows.map((row) => [row.local_date, row.title, row.message, row.link]);
  }

  it("at the time, names the day's readings and the verses due, once a local day", async () => {
    const account = await reader();
    await follow(account, 'bible-in-a-year', '2026-06-01');
    await learn(account, 'John 3:16', 'Psalms 23:1', 'Romans 8:28');
    await tick('2026-06-01T06:59:59Z');
    expect(await readingReminders(account)).toEqual([]);

    await tick('2026-06-01T07:00:00Z');
    await tick('2026-06-01T07:01:00Z');
    const expected = [
      '2026-06-01',
      "Today's reading",
      'Genesis 1–3 · 3 verses to review',
      '/plans',
    ];
    expect(await readingReminders(account)).toEqual([expected]);
    expect(pushedReadings(account)).toBe(1);

    // A restart later that day catches up nothing more.
    const scheduler = startReminderScheduler(
      { db: t.db, translations, push, clock: fixedClock(new Date('2026-06-01T18:00:00Z')) },
      { error: vi.fn() },
    );
    await scheduler.stop();
    expect(await readingReminders(account)).toEqual([expected]);
    expect(pushedReadings(account)).toBe(1);

    // The next day: day 1 left unread is still to read, with day 2.
    await tick('2026-06-02T07:00:00Z');
    expect((await readingReminders(account))[1]).toEqual([
      '2026-06-02',
      "Today's reading",
      'Genesis 1–6 · 3 verses to review',
      '/plans',
    ]);
  });

  it('leaves out what is done, and names several plans shortly', async () => {
    const account = await reader();
    const year = await follow(account, 'bible-in-a-year', '2026-06-01');
    await follow(account, 'mcheyne', '2026-06-01');
    const ticked = await browserRequest(t, {
      method: 'PUT',
      url: `/api/my-plans/${year}/days/1`,
      cookie: account.cookie,
      payload: { done: true },
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    await tick('2026-06-01T08:00:00Z');
    expect(await readingReminders(account)).toEqual([
      ['2026-06-01', "Today's reading", 'Genesis 1 · Matthew 1 · Ezra 1 and 1 more', '/plans'],
    ]);
  });

  it('with no reading but a verse due, says so and opens /memorize', async () => {
    const account = await reader();
    await learn(account, 'Philippians 4:6');
    await tick('2026-06-01T07:00:00Z');
    expect(await readingReminders(account)).toEqual([
      ['2026-06-01', "Today's reading", '1 verse to review', '/memorize'],
    ]);
  });

  it('with nothing to say sends nothing that day, and does not ask again that day', async () => {
    const account = await reader();
    await tick('2026-06-01T07:00:00Z');
    expect(await readingReminders(account)).toEqual([]);
    // The day is settled: the person is next read at the next day's reminder time.
    expect(await nextDue(account)).toBe('2026-06-02T07:00:00.000Z');

    // A verse added later that day: the day is settled at the reminder's time.
    await learn(account, 'Isaiah 41:10');
    await tick('2026-06-01T07:01:00Z');
    await tick('2026-06-01T22:00:00Z');
    expect(await readingReminders(account)).toEqual([]);

    // The next day it is due again, and said.
    await tick('2026-06-02T06:00:00Z');
    expect(await nextDue(account)).toBe('2026-06-02T07:00:00.000Z');
    await tick('2026-06-02T07:00:00Z');
    expect(await readingReminders(account)).toEqual([
      ['2026-06-02', "Today's reading", '1 verse to review', '/memorize'],
    ]);
  });

  it("one person's plan that cannot be read holds up nobody else's reminders", async () => {
    const broken = await reader();
    const fine = await reader();
    await learn(fine, 'Micah 6:8');
    // A plan of theirs stored without its readings (a row written by hand, say).
    const planId = randomUUID();
    await t.db
      .insertInto('custom_plans')
      .values({
        id: planId,
        user_id: broken.user.id,
        title: 'Broken',
        description: '',
        mood: null,
        plan_days: [{ day: 1 }] as never,
        created_at: '2026-05-31T12:00:00.000Z',
      })
      .execute();
    await t.db
      .insertInto('plan_enrollments')
      .values({
        id: randomUUID(),
        user_id: broken.user.id,
        plan_id: planId,
        status: 'active',
        start_date: '2026-06-01',
        paused_on: null,
        schedule: null,
        finished_at: null,
        created_at: '2026-05-31T12:00:00.000Z',
        updated_at: '2026-05-31T12:00:00.000Z',
      })
      .execute();
    await expect(tick('2026-06-01T07:00:00Z')).rejects.toThrow(/1 daily reading reminder/);
    expect(await readingReminders(fine)).toHaveLength(1);
    expect(await readingReminders(broken)).toEqual([]);
    // Mended, it comes at the next tick.
    await t.db.deleteFrom('plan_enrollments').where('user_id', '=', broken.user.id).execute();
    await learn(broken, 'Micah 6:8');
    await tick('2026-06-01T07:01:00Z');
    expect(await readingReminders(broken)).toEqual([
      ['2026-06-01', "Today's reading", '1 verse to review', '/memorize'],
    ]);
  });

  it('only on the chosen days, and not once turned off', async () => {
    const account = await reader({ days: ['wednesday'] });
    await learn(account, 'John 14:27');
    await tick('2026-06-01T10:00:00Z'); // Monday
    await tick('2026-06-02T10:00:00Z'); // Tuesday
    expect(await readingReminders(account)).toEqual([]);
    await tick('2026-06-03T10:00:00Z'); // Wednesday
    expect(await readingReminders(account)).toHaveLength(1);

    const off = await browserRequest(t, {
      method: 'PUT',
      url: '/api/habit-reminder',
      cookie: account.cookie,
      payload: { enabled: false, time: '07:00', days: ['wednesday'] },
    });
    expect(off.statusCode).toBe(200);
    await tick('2026-06-10T10:00:00Z'); // Wednesday
    expect(await readingReminders(account)).toHaveLength(1);
  });

  it('in time zones far apart, each at its own 07:00 and for its own date', async () => {
    const auckland = await reader({ timeZone: 'Pacific/Auckland' });
    const losAngeles = await reader({ timeZone: 'America/Los_Angeles' });
    await follow(auckland, 'nt-90', '2026-06-02');
    await follow(losAngeles, 'nt-90', '2026-06-01');
    // 14:00 UTC on 1 June: 07:00 in Los Angeles (PDT), 02:00 on 2 June in Auckland (NZST).
    await tick('2026-06-01T14:00:00Z');
    expect(await readingReminders(losAngeles)).toEqual([
      ['2026-06-01', "Today's reading", 'Matthew 1–4', '/plans'],
    ]);
    expect(await readingReminders(auckland)).toEqual([]);
    // 19:00 UTC on 1 June: 07:00 on 2 June in Auckland, the first day of its plan.
    await tick('2026-06-01T18:59:00Z');
    expect(await readingReminders(auckland)).toEqual([]);
    await tick('2026-06-01T19:00:00Z');
    expect(await readingReminders(auckland)).toEqual([
      ['2026-06-02', "Today's reading", 'Matthew 1–4', '/plans'],
    ]);
    expect(await readingReminders(losAngeles)).toHaveLength(1);
  });

  it.each([
    // London springs forward at 01:00 GMT on 28 March 2027: 01:30 never shows; 02:00 BST does.
    ['Europe/London', '01:30', '2027-03-28T00:59:00Z', '2027-03-28T01:00:00Z', '2027-03-28'],
    // New York springs forward at 02:00 EST on 14 March 2027: 02:30 comes at 03:00 EDT.
    ['America/New_York', '02:30', '2027-03-14T06:59:00Z', '2027-03-14T07:00:00Z', '2027-03-14'],
  ])(
    'on the spring-forward day in %s, a time in the gap comes once when the clock jumps',
    async (timeZone, time, before, at, localDate) => {
      const account = await reader({ time, timeZone });
      await learn(account, 'Joshua 1:9');
      await tick(before);
      expect(await readingReminders(account)).toEqual([]);
      await tick(at);
      await tick(new Date(Date.parse(at) + 3_600_000).toISOString());
      expect((await readingReminders(account)).map((row) => row[0])).toEqual([localDate]);
    },
  );

  it.each([
    // London falls back at 02:00 BST on 25 October 2026: 01:30 comes at 00:30 and 01:30 UTC.
    ['Europe/London', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z', '2026-10-25'],
    // New York falls back at 02:00 EDT on 1 November 2026: 01:30 at 05:30 and 06:30 UTC.
    ['America/New_York', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-01'],
  ])(
    'on the fall-back day in %s, the repeated hour sends it once',
    async (timeZone, first, repeated, localDate) => {
      const account = await reader({ time: '01:30', timeZone });
      await learn(account, 'Psalms 46:1');
      await tick(new Date(Date.parse(first) - 60_000).toISOString());
      expect(await readingReminders(account)).toEqual([]);
      await tick(first);
      await tick(repeated);
      expect((await readingReminders(account)).map((row) => row[0])).toEqual([localDate]);
      expect(pushedReadings(account)).toBe(1);
    },
  );
});

describe('dailyReadingMessage', () => {
  it('joins chapters in a row, names three, and counts the rest', () => {
    expect(dailyReadingMessage(['Genesis 1', 'Genesis 2', 'Matthew 1'], 0)).toEqual({
      message: 'Genesis 1–2 · Matthew 1',
      link: '/plans',
    });
    expect(
      dailyReadingMessage(
        ['Genesis 1', 'Matthew 1', 'Ezra 1', 'Acts 1', 'Genesis 2', 'Psalm 119:1–24'],
        2,
      ),
    ).toEqual({
      message: 'Genesis 1 · Matthew 1 · Ezra 1 and 3 more · 2 verses to review',
      link: '/plans',
    });
    expect(dailyReadingMessage(['Psalm 119:1–24', 'Psalm 119:25–48', 'Psalm 120'], 0)).toEqual({
      message: 'Psalm 119:1–24 · Psalm 119:25–48 · Psalm 120',
      link: '/plans',
    });
    // The same chapter in two plans is named once.
    expect(dailyReadingMessage(['Matthew 1', 'Matthew 1'], 1)?.message).toBe(
      'Matthew 1 · 1 verse to review',
    );
    expect(dailyReadingMessage([], 0)).toBeNull();
  });
});
