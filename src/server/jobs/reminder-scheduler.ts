import type { Translations } from '#server/bible/translations.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { countDueCards } from '#server/features/memorize/memorize.service.ts';
import {
  insertNotifications,
  journalReminder,
  lookAtOnce,
  notificationRow,
  pushNotifications,
  type NewNotification,
} from '#server/features/notifications/notifications.service.ts';
import { todaysPlanReadings } from '#server/features/plans/marks.service.ts';
import { sendDuePrayerReminders } from '#server/features/prayers/prayer-reminders.ts';
import { reminderDays } from '#server/features/streaks/habit-reminder.service.ts';
import { getDailyVerse } from '#server/features/verses/catalogue.service.ts';
import type { ReminderTick } from '#server/metrics.ts';
import type { PushSender } from '#server/push.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { dayOfYear } from '#shared/content/verse-of-day.ts';
import {
  nextReminderAt,
  reminderDueDate,
  type ReminderSchedule,
} from '#shared/notifications/schedule.ts';
import type { Notification } from '#shared/schemas/notifications.ts';

export type SchedulerLog = {
  error: (object: object, message: string) => void;
  /** Used in a REMINDER_SIMULATION only (src/server/dev/reminder-simulation.ts). */
  info?: (object: object, message: string) => void;
};

/** `translations`: the verse of the day is sent in each person's translation (decision 015). */
export type ReminderDeps = { db: Db; translations: Translations; push: PushSender };

/** Users read (and notifications written) per query, so a tick's memory stays bounded. */
const batchSize = 500;
const minuteMs = 60_000;

/** A notification for one local day; the unique key allows one per user, type and day. */
type Scheduled = NewNotification & { localDate: string };

type DueSettings = {
  user_id: string;
  reminder_next_at: string | null;
  updated_at: string;
  daily_verse_notifications: boolean;
  journal_reminders: boolean;
  reminder_days: string[];
  reminder_time: string;
  reminder_timezone: string;
  translation: TranslationId;
  plan_reminders: boolean;
  plan_reminder_time: string;
  plan_reminder_days: string[] | null;
};

/** The daily reading reminder's kind and title (decision 016); its words are the day's. */
export const dailyReading = { type: 'daily_reading', title: "Today's reading" } as const;

/** Readings named in the daily reading reminder before "and N more". */
const readingsNamed = 3;

/**
 * Verse of the day for the user's local date (YYYY-MM-DD), not the server's, in the translation
 * they read in.
 */
function dailyVerseNotification(
  translations: Translations,
  settings: DueSettings,
  localDate: string,
): Scheduled {
  const [year = 1970, month = 1, day = 1] = localDate.split('-').map(Number);
  const verse = getDailyVerse(
    translations.get(settings.translation),
    dayOfYear(new Date(year, month - 1, day)),
  );
  return {
    userId: settings.user_id,
    type: 'daily_verse',
    title: `Verse of the day: ${verse.theme}`,
    message: `“${verse.text}” — ${displayReference(verse.reference)}`,
    link: '/verse-of-day',
    localDate,
  };
}

function dueNotifications(
  translations: Translations,
  settings: DueSettings,
  now: Date,
): Scheduled[] {
  const localDate = reminderDueDate(settings, now);
  if (localDate === null) return [];
  return [
    ...(settings.journal_reminders
      ? [{ userId: settings.user_id, ...journalReminder, localDate }]
      : []),
    ...(settings.daily_verse_notifications
      ? [dailyVerseNotification(translations, settings, localDate)]
      : []),
  ];
}

/**
 * Readings as a person says them: a book's chapters in a row joined ("Genesis 1–2"), each
 * label once, in order.
 */
export function readingList(labels: readonly string[]): string[] {
  const items: { book: string; first: number; last: number; label: string }[] = [];
  for (const label of new Set(labels)) {
    // "Genesis 1", not "Psalm 119:1–24" (part of a chapter, named as it is).
    const [, book, number] = /^(.+) (\d+)$/.exec(label) ?? [];
    const chapter = Number(number);
    const previous = items.at(-1);
    if (book && previous && previous.book === book && previous.last + 1 === chapter) {
      previous.last = chapter;
      previous.label = `${book} ${previous.first}–${chapter}`;
    } else {
      items.push({ book: book ?? '', first: chapter, last: chapter, label });
    }
  }
  return items.map((item) => item.label);
}

/**
 * The daily reading reminder's words (decision 016), or null when there is nothing
 * to say: "Genesis 1–2 · Matthew 1 · Psalm 1 and 3 more · 2 verses to review".
 */
export function dailyReadingMessage(
  labels: readonly string[],
  versesDue: number,
): { message: string; link: string } | null {
  const readings = readingList(labels);
  const parts = readings.slice(0, readingsNamed);
  if (readings.length > readingsNamed) {
    parts.push(`${parts.pop()} and ${readings.length - readingsNamed} more`);
  }
  if (versesDue > 0) parts.push(`${versesDue} ${versesDue === 1 ? 'verse' : 'verses'} to review`);
  if (parts.length === 0) return null;
  return { message: parts.join(' · '), link: readings.length > 0 ? '/plans' : '/memorize' };
}

/** The daily reading reminder's schedule: its own days and time, in the person's zone. */
function dailyReadingSchedule(settings: DueSettings): ReminderSchedule {
  return {
    reminder_days: reminderDays(settings.plan_reminder_days),
    reminder_time: settings.plan_reminder_time,
    reminder_timezone: settings.reminder_timezone,
  };
}

/** The local date the person's daily reading reminder is due for at `now`, or null. */
function dailyReadingDueDate(settings: DueSettings, now: Date): string | null {
  if (!settings.plan_reminders) return null;
  return reminderDueDate(dailyReadingSchedule(settings), now);
}

/**
 * The first moment after `now` at which one of the person's daily reminders is due again
 * (user_settings.reminder_next_at), or null with none on. Until then every reminder of theirs is
 * either not due or due for a local date the tick at `now` has dealt with (reminderDueDate stays
 * on one date until the next moment this finds, DST changes included), so the tick need not
 * read them.
 */
function nextDailyReminder(settings: DueSettings, now: Date): string | null {
  const moments = [
    settings.journal_reminders || settings.daily_verse_notifications
      ? nextReminderAt(settings, now)
      : null,
    settings.plan_reminders ? nextReminderAt(dailyReadingSchedule(settings), now) : null,
  ].flatMap((moment) => (moment ? [moment.getTime()] : []));
  return moments.length > 0 ? new Date(Math.min(...moments)).toISOString() : null;
}

/**
 * The daily reading reminders due in a batch that the users do not have yet. Each is worked
 * out from the person's plans and verses only then; a day with nothing to say gets none, and is
 * settled all the same: the person's next moment moves on to another day. One whose reading
 * could not be worked out goes into `failed`, and stays due.
 */
async function dailyReadingNotifications(
  db: Db,
  batch: readonly DueSettings[],
  now: Date,
  failures: unknown[],
  failed: Set<string>,
): Promise<Scheduled[]> {
  const due: { userId: string; type: string; localDate: string }[] = [];
  for (const settings of batch) {
    const localDate = dailyReadingDueDate(settings, now);
    if (localDate !== null)
      due.push({ userId: settings.user_id, type: dailyReading.type, localDate });
  }
  const scheduled: Scheduled[] = [];
  const clock = { now: () => now };
  for (const { userId, localDate } of await missingOnly(db, due)) {
    try {
      const readings = await todaysPlanReadings({ db, clock }, userId, localDate);
      const versesDue = await countDueCards({ db, clock }, userId);
      const words = dailyReadingMessage(
        readings.flatMap((plan) => plan.labels),
        versesDue,
      );
      if (words) scheduled.push({ userId, ...dailyReading, ...words, localDate });
    } catch (error) {
      failures.push(error);
      failed.add(userId);
    }
  }
  return scheduled;
}

/**
 * The next batch of people whose daily reminders are due for a look at `nowIso`, read on
 * (reminder_next_at, user_id) after `after`: those with none on hold null there, the others
 * a moment still to come until it comes.
 */
export function dueSettings(
  db: Db,
  nowIso: string,
  after: { at: string; userId: string } | null,
  userId: string | undefined,
) {
  let query = db
    .selectFrom('user_settings')
    .select([
      'user_id',
      'reminder_next_at',
      'updated_at',
      'daily_verse_notifications',
      'journal_reminders',
      'reminder_days',
      'reminder_time',
      'reminder_timezone',
      'translation',
      'plan_reminders',
      'plan_reminder_time',
      'plan_reminder_days',
    ])
    .where('reminder_next_at', '<=', nowIso)
    .orderBy('reminder_next_at')
    .orderBy('user_id')
    .limit(batchSize);
  if (after) {
    // A row value: both databases read it as one range of the index, where an or of the two
    // cases is two ranges whose rows then need sorting.
    query = query.where((eb) =>
      eb(eb.refTuple('reminder_next_at', 'user_id'), '>', eb.tuple(after.at, after.userId)),
    );
  }
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query;
}

/**
 * Moves each person of a batch on to their next moment (null: none on), but for those in
 * `failed`, who stay due for the next minute. One statement per next moment (people due together
 * mostly share one). A row whose settings changed since it was read (updated_at moved; the change
 * set it to lookAtOnce) is left for the next tick to look at as the person now has it.
 */
async function moveOn(
  db: Db,
  batch: readonly DueSettings[],
  now: Date,
  failed: ReadonlySet<string>,
): Promise<void> {
  const nowIso = now.toISOString();
  const byNext = Map.groupBy(
    batch.filter((settings) => !failed.has(settings.user_id)),
    (settings) => nextDailyReminder(settings, now),
  );
  for (const [next, people] of byNext) {
    await db
      .updateTable('user_settings')
      .set({ reminder_next_at: next })
      .where((eb) =>
        eb(
          eb.refTuple('user_id', 'updated_at'),
          'in',
          people.map((settings) => eb.tuple(settings.user_id, settings.updated_at)),
        ),
      )
      .where('reminder_next_at', '<=', nowIso)
      .execute();
  }
}

/** The due notifications the users do not have yet: one read on (local_date, type, user_id). */
async function missingOnly<T extends { userId: string; type: string; localDate: string }>(
  db: Db,
  due: T[],
): Promise<T[]> {
  if (due.length === 0) return [];
  const key = (userId: string, type: string, localDate: string | null) =>
    `${localDate}|${type}|${userId}`;
  const existing = await db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'local_date'])
    .where('local_date', 'in', [...new Set(due.map((item) => item.localDate))])
    .where('type', 'in', [...new Set(due.map((item) => item.type))])
    .where('user_id', 'in', [...new Set(due.map((item) => item.userId))])
    .execute();
  const have = new Set(existing.map((row) => key(row.user_id, row.type, row.local_date)));
  return due.filter((item) => !have.has(key(item.userId, item.type, item.localDate)));
}

/**
 * One pass of the reminder scheduler at `now`: every user (or only options.userId) whose journal
 * reminder, daily verse or daily reading reminder (decision 016) is due gets it, once per local
 * day. Only the people whose reminder_next_at has come are read, a batch at a time on its index
 * (migration 0024), not everyone with a reminder on; each is then moved on to the next moment one
 * of theirs is due. Reading what exists first spares a no-op insert for a person looked at again
 * the same day (a settings change, a retry); the insert itself skips conflicts, so racing
 * instances still create each notification once (docs/decisions/003). Returns the notifications
 * this call created, after pushing them. A person whose daily reading could not be worked out
 * does not hold up anyone else's reminders: the pass ends, then fails with the reasons (logged;
 * the person stays due, and the next minute tries again).
 */
export async function runReminderTick(
  { db, translations, push }: ReminderDeps,
  now: Date,
  options: { userId?: string } = {},
): Promise<Notification[]> {
  const nowIso = now.toISOString();
  const created: Notification[] = [];
  const failures: unknown[] = [];
  let after: { at: string; userId: string } | null = null;
  for (;;) {
    const batch = await dueSettings(db, nowIso, after, options.userId).execute();
    const failed = new Set<string>();
    const due = batch.flatMap((settings) => dueNotifications(translations, settings, now));
    const missing = [
      ...(await missingOnly(db, due)),
      ...(await dailyReadingNotifications(db, batch, now, failures, failed)),
    ];
    const inserted = await insertNotifications(
      db,
      missing.map((item) => notificationRow(item, nowIso)),
    );
    await pushNotifications(push, inserted);
    created.push(...inserted.map(({ user_id: _owner, ...notification }) => notification));
    // Only once sent: a tick that fails part-way leaves the rest due for the next minute.
    await moveOn(db, batch, now, failed);
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) break;
    after = { at: last.reminder_next_at ?? lookAtOnce, userId: last.user_id };
  }
  // Prayer reminders (decision 025): per request, on the same once-a-day key, a batch at a time.
  await sendDuePrayerReminders(
    db,
    now,
    async (due) => {
      const missing = await missingOnly(db, due);
      const inserted = await insertNotifications(
        db,
        missing.map((item) => notificationRow(item, nowIso)),
      );
      await pushNotifications(push, inserted);
      created.push(...inserted.map(({ user_id: _owner, ...notification }) => notification));
    },
    options,
  );
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} daily reading reminder(s) failed`);
  }
  return created;
}

export type ReminderScheduler = { stop: () => Promise<void> };

/**
 * Runs `work` now and then at every minute boundary of `clock`, re-arming one timer after each
 * run so runs never overlap. A failed run is logged and the next minute tries again. The timer
 * is unref()ed: it never keeps the process alive by itself. stop() waits for a run in flight.
 * `speed` is how many of `clock`'s milliseconds pass per real one (a simulated clock's).
 */
export function runEveryMinute(
  clock: Clock,
  log: SchedulerLog,
  work: () => Promise<unknown>,
  speed = 1,
): ReminderScheduler {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, 'reminder tick failed');
    }
    if (isStopped) return;
    timer = setTimeout(
      () => {
        running = run();
      },
      // Rounded up: a timer fires on a whole real millisecond, and one a little early on a fast
      // clock would run twice for one minute.
      Math.ceil((minuteMs - (clock.now().getTime() % minuteMs)) / speed),
    );
    timer.unref();
  };

  running = run();
  return {
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The reminder scheduler of one server instance: a tick at start (catching up after a restart)
 * and one every minute of `deps.clock`. Any number of instances may run it against one database.
 * `speed`: how many of the clock's milliseconds pass per real one, above 1 for the development
 * simulation's fast clock (src/server/dev/reminder-simulation.ts, docs/reliability.md).
 */
export function startReminderScheduler(
  deps: ReminderDeps & { clock: Clock; observe?: (tick: ReminderTick) => void },
  log: SchedulerLog,
  speed = 1,
): ReminderScheduler {
  let isFirst = true;
  return runEveryMinute(
    deps.clock,
    log,
    async () => {
      const now = deps.clock.now();
      // The first tick runs at start, wherever in its minute that falls: it is not late.
      const lagSeconds = isFirst ? 0 : (now.getTime() % minuteMs) / 1000;
      isFirst = false;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const created = await runReminderTick(deps, now);
        deps.observe?.({ lagSeconds, seconds: seconds(), sent: created.length, failed: false });
      } catch (error) {
        deps.observe?.({ lagSeconds, seconds: seconds(), sent: 0, failed: true });
        throw error;
      }
    },
    speed,
  );
}
