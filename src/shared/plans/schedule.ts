// When each day of a followed plan is due (decision 016): pure functions over local dates
// (YYYY-MM-DD). No time zones here: the server works out the person's today and passes it in.
// Dates are counted as whole days since 1970-01-01 (UTC arithmetic on calendar dates), so a
// daylight-saving change or the machine's own zone never moves a date.

const msPerDay = 86_400_000;

/** The day number (days since 1970-01-01) of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / msPerDay;
}

/** The YYYY-MM-DD date of a day number. */
export function dateOfDayNumber(day: number): string {
  return new Date(day * msPerDay).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** What schedule.ts needs of a followed plan (plan_enrollments' columns). */
export type ScheduledPlan = {
  start_date: string;
  /** After a catch-up or a pause: the due date of each plan day, day 1 first. */
  schedule: readonly string[] | null;
  status: 'active' | 'paused' | 'finished';
  paused_on: string | null;
};

/**
 * The due date of each of the plan's `dayCount` days, day 1 first: the stored schedule, else one
 * day a day from the start date. (A stored schedule of another length, which only a change to a
 * library plan could leave, is cut, or continued a day a day after its last date.)
 */
export function storedDueDates(
  plan: Pick<ScheduledPlan, 'start_date' | 'schedule'>,
  dayCount: number,
): string[] {
  const schedule = plan.schedule ?? [];
  const dates: string[] = [];
  for (let index = 0; index < dayCount; index += 1) {
    const stored = schedule[index];
    const previous = dates[index - 1];
    dates.push(stored ?? (previous ? addDays(previous, 1) : addDays(plan.start_date, index)));
  }
  return dates;
}

/**
 * Resuming a paused plan: every day not done is due later by the days the plan was paused (a
 * plan resumed the day it was paused moves nothing); done days keep their dates.
 */
export function resumedDueDates(
  dates: readonly string[],
  complete: readonly boolean[],
  pausedOn: string,
  today: string,
): string[] {
  const shift = Math.max(0, daysFrom(pausedOn, today));
  return dates.map((date, index) => (complete[index] ? date : addDays(date, shift)));
}

/**
 * A plan read at one's own pace (decision 022): the days not done follow one a day from today, so
 * the first of them is always today's and none is ever behind; a day done keeps the date it
 * would have had from the start, never later than today.
 */
export function selfPacedDueDates(
  complete: readonly boolean[],
  startDate: string,
  today: string,
): string[] {
  let next = 0;
  return complete.map((done, index) => {
    if (!done) return addDays(today, next++);
    const planned = addDays(startDate, index);
    return planned < today ? planned : today;
  });
}

/**
 * The dates a plan is shown with today: the stored ones, or for a paused plan the ones it would
 * have if it were resumed today (so a paused plan never falls further behind while it rests); a
 * plan read at one's own pace has none stored (selfPacedDueDates).
 */
export function effectiveDueDates(
  plan: ScheduledPlan,
  complete: readonly boolean[],
  today: string,
  selfPaced = false,
): string[] {
  if (selfPaced) return selfPacedDueDates(complete, plan.start_date, today);
  const dates = storedDueDates(plan, complete.length);
  return plan.status === 'paused' && plan.paused_on
    ? resumedDueDates(dates, complete, plan.paused_on, today)
    : dates;
}

/** The date the last day is due on (the latest due date; the start date for an empty plan). */
export function lastDueDate(dates: readonly string[], startDate: string): string {
  let last = startDate;
  for (const date of dates) if (date > last) last = date;
  return last;
}

/** Days due before today that are not complete. */
export function daysBehind(
  dates: readonly string[],
  complete: readonly boolean[],
  today: string,
): number {
  return dates.filter((date, index) => !complete[index] && date < today).length;
}

/**
 * The days to show for today (0-based indices): the missed ones (due before today, not complete)
 * first, then every day due today, complete or not; at most `limit` in all, today's kept first.
 */
export function daysForToday(
  dates: readonly string[],
  complete: readonly boolean[],
  today: string,
  limit: number,
): number[] {
  const missed: number[] = [];
  const dueToday: number[] = [];
  dates.forEach((date, index) => {
    if (date === today) dueToday.push(index);
    else if (date < today && !complete[index]) missed.push(index);
  });
  const todays = dueToday.slice(0, limit);
  return [...missed.slice(0, limit - todays.length), ...todays];
}

/** At most this many plan days a day when a catch-up has to go past the plan's end. */
export const catchUpDaysPerDayPastEnd = 2;

/**
 * Catch-up (decision 016): the days not done that were due before today are spread, with the
 * days not done still to come, evenly from today to the plan's end date, in plan order, so no
 * date gets more than ceil(days to read / dates left) of them (and never fewer than one a date:
 * with fewer days left than dates, they follow one a day from today). The dates that must take one
 * more day are the last ones, spread among them, so today asks for one day, not a heap. A plan already past its end
 * keeps to at most two plan days a day from today. Done days keep their dates. Null when nothing
 * due before today is left undone (nothing to catch up).
 */
export function caughtUpDueDates(
  dates: readonly string[],
  complete: readonly boolean[],
  today: string,
  startDate: string,
): string[] | null {
  const pending = dates.flatMap((_, index) => (complete[index] ? [] : [index]));
  const missed = pending.filter((index) => (dates[index] ?? today) < today);
  if (missed.length === 0) return null;
  const end = lastDueDate(dates, startDate);
  const datesLeft =
    end >= today ? daysFrom(today, end) + 1 : Math.ceil(pending.length / catchUpDaysPerDayPastEnd);
  const slots = Math.min(datesLeft, pending.length);
  const spread = [...dates];
  pending.forEach((index, order) => {
    const fromEnd = Math.floor(((pending.length - 1 - order) * slots) / pending.length);
    spread[index] = addDays(today, slots - 1 - fromEnd);
  });
  return spread;
}
