import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays, getDay, lightFormat } from 'date-fns';
import { weekdays, type Weekday } from '#shared/rules/settings.ts';

/** The reminder fields of user_settings (product §3). */
export type ReminderSchedule = {
  reminder_days: readonly string[];
  /** HH:MM or HH:MM:SS */
  reminder_time: string;
  /** IANA time zone, e.g. 'Europe/London' */
  reminder_timezone: string;
};

/** A moment as the user's wall clock shows it. */
export type LocalMoment = {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  /** HH:MM:SS */
  time: string;
};

// The settings list runs Monday to Sunday (product §3); Date.getDay() counts from Sunday.
const weekdaysFromSunday: readonly Weekday[] = [weekdays[6], ...weekdays.slice(0, 6)];

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * Settings only accept zones the runtime knows, but a stored zone can still stop resolving (an
 * older ICU, a row written by hand). Such a user is scheduled in UTC, the product §9 default, so
 * their reminders keep arriving and the scheduler never throws.
 */
function usableTimeZone(timeZone: string, at: Date): string {
  return Number.isNaN(tzOffset(timeZone, at)) ? 'UTC' : timeZone;
}

/** HH:MM:SS of a stored reminder_time, or null when it is not a time of day. */
function normalizedTime(time: string): string | null {
  const match = timePattern.exec(time);
  if (!match) return null;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

function momentOf(local: TZDate): LocalMoment {
  return {
    date: lightFormat(local, 'yyyy-MM-dd'),
    weekday: weekdaysFromSunday[getDay(local)] ?? 'sunday',
    time: lightFormat(local, 'HH:mm:ss'),
  };
}

/**
 * A zone's offset is looked up for spans of a quarter of an hour: every change of offset in use
 * today falls on one, and a span whose start and end have the same offset has it throughout (no
 * zone changes its clocks twice within minutes). A list shows a local date on every row, and
 * asking the zone's rules again for each one was most of a prayer list's CPU.
 */
const offsetSpanMs = 15 * 60_000;
const knownOffsets = new Map<string, number>();
const maxKnownOffsets = 10_000;

/** Minutes `timeZone` is ahead of UTC at `at` (NaN for a zone the runtime does not know). */
function offsetAt(timeZone: string, at: number): number {
  const span = Math.floor(at / offsetSpanMs);
  const key = `${span} ${timeZone}`;
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const start = tzOffset(timeZone, new Date(span * offsetSpanMs));
  const end = tzOffset(timeZone, new Date((span + 1) * offsetSpanMs - 1));
  // The offset changes inside this span (a historical zone): this instant's own, not kept.
  if (start !== end) return tzOffset(timeZone, new Date(at));
  if (knownOffsets.size >= maxKnownOffsets) knownOffsets.clear();
  knownOffsets.set(key, start);
  return start;
}

/** What the wall clock in `timeZone` shows at `now` (an unknown zone reads as UTC). */
export function localMoment(now: Date, timeZone: string): LocalMoment {
  const at = now.getTime();
  const offset = offsetAt(timeZone, at);
  // The wall clock's reading, written as if it were UTC's: its date and time are the local ones.
  const wall = new Date(at + (Number.isNaN(offset) ? 0 : offset) * 60_000);
  const iso = wall.toISOString();
  // Outside years 0000–9999 ISO strings grow a sign and two digits: the general path.
  if (iso.length !== 24) return momentOf(new TZDate(at, usableTimeZone(timeZone, now)));
  return {
    date: iso.slice(0, 10),
    weekday: weekdaysFromSunday[wall.getUTCDay()] ?? 'sunday',
    time: iso.slice(11, 19),
  };
}

/**
 * The local date (YYYY-MM-DD) a reminder is due for at `now`, or null. Due once the user's local
 * wall-clock time on one of reminder_days has reached reminder_time, for the rest of that local
 * day, so a missed minute or a restart catches up the same day (the unique key on
 * (local_date, type, user_id) stops repeats). Comparing wall-clock times also covers DST: a time
 * skipped by spring-forward is reached when the clock jumps past it, and the hour repeated in
 * autumn is the same local date. An unknown zone reads as UTC; a malformed time is never due.
 */
export function reminderDueDate(schedule: ReminderSchedule, now: Date): string | null {
  const time = normalizedTime(schedule.reminder_time);
  if (time === null) return null;
  const local = localMoment(now, schedule.reminder_timezone);
  if (!schedule.reminder_days.includes(local.weekday)) return null;
  return local.time >= time ? local.date : null;
}

/**
 * The first instant at which the wall clock in `timeZone` reads at least `time` on `day`'s date.
 * TZDate resolves a repeated (fall-back) time to its first occurrence, and moves a skipped
 * (spring-forward) time forward by the gap's length; the clock then first reached `time` when the
 * gap ended, within that length before, which a search on the zone's own clock finds.
 */
function firstInstantAt(day: TZDate, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  const resolved = new TZDate(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    hours,
    minutes,
    seconds,
    timeZone,
  ).getTime();
  const wallClock = (instant: number) =>
    lightFormat(new TZDate(instant, timeZone), "yyyy-MM-dd'T'HH:mm:ss");
  const wanted = `${lightFormat(day, 'yyyy-MM-dd')}T${time}`;
  const shown = wallClock(resolved);
  if (shown === wanted) return new Date(resolved);
  // How far TZDate moved the time: the two wall-clock readings, compared as if both were UTC.
  const skippedMs = Date.parse(`${shown}Z`) - Date.parse(`${wanted}Z`);
  // In whole seconds: before the gap the clock is short of `time`, from its end at or past it.
  let low = Math.floor((resolved - skippedMs) / 1000);
  let high = Math.floor(resolved / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClock(middle * 1000) >= wanted) high = middle;
    else low = middle;
  }
  return new Date(high * 1000);
}

/**
 * When the next reminder will arrive after `now` (for "Next reminder: …" in settings), or null
 * when no day is chosen or the time is malformed. A reminder_time that does not exist on a DST
 * spring-forward day fires at the first instant after the gap, as reminderDueDate has it.
 */
export function nextReminderAt(schedule: ReminderSchedule, now: Date): Date | null {
  const time = normalizedTime(schedule.reminder_time);
  if (time === null) return null;
  const timeZone = usableTimeZone(schedule.reminder_timezone, now);
  const today = new TZDate(now.getTime(), timeZone);
  // Today (if the time is still ahead) through the same weekday next week.
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = addDays(today, offset);
    if (!schedule.reminder_days.includes(momentOf(day).weekday)) continue;
    const at = firstInstantAt(day, time, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}
