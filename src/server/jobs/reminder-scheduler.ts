import { dayOfYear } from '../../shared/content/verse-of-day.ts';
import { reminderDueDate } from '../../shared/notifications/schedule.ts';
import type { TranslationId } from '../../shared/bible/translations.ts';
import type { Notification } from '../../shared/schemas/notifications.ts';
import type { Translations } from '../translations/translations.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import {
  insertNotifications,
  journalReminder,
  notificationRow,
  pushNotifications,
  type NewNotification,
} from '../features/notifications/notifications.service.ts';
import { getDailyVerse } from '../features/verses/catalogue.service.ts';
import type { PushSender } from '../push.ts';
import {
  loggingPush,
  readReminderSimulation,
  simulatedClock,
  type ReminderSimulation,
} from './reminder-simulation.ts';

export type SchedulerLog = {
  error: (object: object, message: string) => void;
  /** Used in a REMINDER_SIMULATION only (reminder-simulation.ts). */
  info?: (object: object, message: string) => void;
};

/** `translations`: the verse of the day is sent in each person's translation (issue 25). */
export type ReminderDeps = { db: Db; translations: Translations; push: PushSender };

/** Users read (and notifications written) per query, so a tick's memory stays bounded. */
const batchSize = 500;
const minuteMs = 60_000;

/** A notification for one local day; the unique key allows one per user, type and day. */
type Scheduled = NewNotification & { localDate: string };

type DueSettings = {
  user_id: string;
  daily_verse_notifications: boolean;
  journal_reminders: boolean;
  reminder_days: string[];
  reminder_time: string;
  reminder_timezone: string;
  translation: TranslationId;
};

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
    message: `“${verse.text}” — ${verse.reference}`,
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

/** The due notifications the users do not have yet: one read on (local_date, type, user_id). */
async function missingOnly(db: Db, due: Scheduled[]): Promise<Scheduled[]> {
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
 * reminder or daily verse is due gets it, once per local day. Reading what exists first spares a
 * no-op insert per due user every minute for the rest of the day; the insert itself skips
 * conflicts, so racing instances still create each notification once (docs/decisions/003).
 * Returns the notifications this call created, after pushing them.
 */
export async function runReminderTick(
  { db, translations, push }: ReminderDeps,
  now: Date,
  options: { userId?: string } = {},
): Promise<Notification[]> {
  const createdAt = now.toISOString();
  const created: Notification[] = [];
  let afterUserId = '';
  for (;;) {
    let query = db
      .selectFrom('user_settings')
      .select([
        'user_id',
        'daily_verse_notifications',
        'journal_reminders',
        'reminder_days',
        'reminder_time',
        'reminder_timezone',
        'translation',
      ])
      .where((eb) =>
        eb.or([eb('journal_reminders', '=', true), eb('daily_verse_notifications', '=', true)]),
      )
      .where('user_id', '>', afterUserId)
      .orderBy('user_id')
      .limit(batchSize);
    if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
    const batch = await query.execute();
    const due = batch.flatMap((settings) => dueNotifications(translations, settings, now));
    const missing = await missingOnly(db, due);
    const inserted = await insertNotifications(
      db,
      missing.map((item) => notificationRow(item, createdAt)),
    );
    await pushNotifications(push, inserted);
    created.push(...inserted.map(({ user_id: _owner, ...notification }) => notification));
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return created;
    afterUserId = last.user_id;
  }
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
 * and one every minute. Any number of instances may run it against one database. With a
 * simulation (REMINDER_SIMULATION in development: reminder-simulation.ts) its clock runs fast and
 * every push is logged, for the reliability run's simulated day on several instances (issue 23).
 */
export function startReminderScheduler(
  deps: ReminderDeps & { clock: Clock },
  log: SchedulerLog,
  simulation: ReminderSimulation | undefined = readReminderSimulation(process.env),
): ReminderScheduler {
  if (!simulation) {
    return runEveryMinute(deps.clock, log, () => runReminderTick(deps, deps.clock.now()));
  }
  const clock = simulatedClock(simulation, deps.clock);
  // A method call: pino's methods need their logger as `this`.
  const info = (object: object, message: string) => log.info?.(object, message);
  const push = loggingPush(deps.push, { info });
  info(
    {
      from: simulation.from.toISOString(),
      to: simulation.to.toISOString(),
      startsAt: simulation.startsAt.toISOString(),
      speed: simulation.speed,
    },
    'reminder scheduler on a simulated clock',
  );
  return runEveryMinute(
    clock,
    log,
    () => runReminderTick({ ...deps, push }, clock.now()),
    simulation.speed,
  );
}
