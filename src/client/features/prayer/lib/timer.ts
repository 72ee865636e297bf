/**
 * The prayer timer (product §4, §9) as a pure state machine. It keeps the wall-clock moment the
 * countdown ends, so the time left is always `endsAt - now`: a throttled background tab or a
 * late tick never makes it drift.
 */

/** product §9: the choices, in minutes, and the default. */
export const timerDurations = [3, 5, 10, 15] as const;
export type TimerMinutes = (typeof timerDurations)[number];
export const defaultTimerMinutes: TimerMinutes = 5;

/** product §9: the time turns red when this much or less remains (and it is running). */
export const warningMs = 60_000;

export type TimerState = {
  minutes: TimerMinutes;
  status: 'idle' | 'running' | 'paused' | 'done';
  /** While running: the epoch milliseconds at which it reaches 0. */
  endsAt: number | null;
  /** While not running: the milliseconds left. */
  remainingMs: number;
};

export function createTimer(minutes: TimerMinutes = defaultTimerMinutes): TimerState {
  return { minutes, status: 'idle', endsAt: null, remainingMs: minutes * 60_000 };
}

/** The milliseconds left at `now`, never below 0. */
export function remaining(state: TimerState, now: number): number {
  if (state.status !== 'running' || state.endsAt === null) return state.remainingMs;
  return Math.min(state.remainingMs, Math.max(0, state.endsAt - now));
}

/** Starts or resumes; after reaching 0 it starts again from the full duration. */
export function start(state: TimerState, now: number): TimerState {
  if (state.status === 'running') return state;
  const left = state.status === 'done' ? state.minutes * 60_000 : state.remainingMs;
  return { ...state, status: 'running', endsAt: now + left, remainingMs: left };
}

export function pause(state: TimerState, now: number): TimerState {
  if (state.status !== 'running') return state;
  return { ...state, status: 'paused', endsAt: null, remainingMs: remaining(state, now) };
}

export function reset(state: TimerState): TimerState {
  return createTimer(state.minutes);
}

/** product §4: changing the duration resets and stops. */
export function setDuration(_state: TimerState, minutes: TimerMinutes): TimerState {
  return createTimer(minutes);
}

/** Moves a running timer that has reached 0 to 'done'; otherwise returns the same state. */
export function tick(state: TimerState, now: number): TimerState {
  if (state.status !== 'running' || remaining(state, now) > 0) return state;
  return { ...state, status: 'done', endsAt: null, remainingMs: 0 };
}

/** product §4: red when 60 s or less remain and it is running. */
export function isWarning(state: TimerState, now: number): boolean {
  return state.status === 'running' && remaining(state, now) <= warningMs;
}

/** Whole seconds shown: 4:57 lasts from 297 s down to just above 296 s. */
export function displaySeconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** `m:ss`, e.g. 5:00, 4:57, 0:09. */
export function formatClock(ms: number): string {
  const seconds = displaySeconds(ms);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** For the accessible label: "4 minutes 57 seconds", "1 minute", "0 seconds". */
export function spokenTime(ms: number): string {
  const seconds = displaySeconds(ms);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

/** Milliseconds until the shown second changes (0 when already at 0). */
export function msUntilNextSecond(state: TimerState, now: number): number {
  const left = remaining(state, now);
  if (left <= 0) return 0;
  return left % 1000 || 1000;
}
