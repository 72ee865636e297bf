import { randomUUID } from 'node:crypto';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../shared/schemas/settings.ts';
import { fixedClock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import {
  insertNotifications,
  notificationRow,
} from '../features/notifications/notifications.service.ts';
import { getDailyVerse } from '../features/verses/catalogue.service.ts';
import { browserRequest, signUp, type SignedIn } from '../../../tests/api-support/auth-helpers.ts';
import { recordingPush, type RecordingPush } from '../../../tests/api-support/recording-push.ts';
import { sharedBible, useTestApp } from '../../../tests/api-support/test-app.ts';
import { createTranslations } from '../translations/translations.ts';
import { runEveryMinute, runReminderTick, startReminderScheduler } from './reminder-scheduler.ts';

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
    // 1 June 2026 is day 152 of the year.
    const verse = getDailyVerse(sharedBible(), 152);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'daily_verse',
        title: `Verse of the day: ${verse.theme}`,
        message: `“${verse.text}” — ${verse.reference}`,
        link: '/verse-of-day',
        is_read: false,
        created_at: '2026-06-01T09:00:00.000Z',
      }),
      expect.objectContaining({ ...journalReminder, is_read: false }),
    ]);
    // Pushed too, besides the initial reminder at sign-up.
    expect(pushedTypes(user)).toEqual(['daily_verse', 'journal_reminder', 'journal_reminder']);
  });

  it('sends the verse of the day in the translation the person reads in (issue 25)', async () => {
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
    expect(await message(webReader)).toBe(`“${web.text}” — ${web.reference}`);
    expect(await message(kjvReader)).toBe(`“${kjv.text}” — ${kjv.reference}`);
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
    const scheduler = startReminderScheduler(
      {
        db: t.db,
        translations,
        push,
        clock: fixedClock(new Date('2026-08-03T15:00:00Z')),
      },
      log,
    );
    await scheduler.stop();
    expect(await scheduled(user)).toEqual([
      ['2026-08-03', 'daily_verse'],
      ['2026-08-03', 'journal_reminder'],
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('on a simulated clock ticks at the simulated time and logs each push (issue 23)', async () => {
    const user = await newUser();
    const log = { error: vi.fn(), info: vi.fn() };
    const recorder = recordingPush();
    const scheduler = startReminderScheduler(
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
    const scheduler = startReminderScheduler({ db: unreachable, translations, push, clock }, log);
    await scheduler.stop();
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
