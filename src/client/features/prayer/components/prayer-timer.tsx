import { Pause, Play, RotateCcw, Timer } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { playChime, prepareChime } from '#client/features/prayer/lib/chime.ts';
import {
  createTimer,
  formatClock,
  isWarning,
  msUntilNextSecond,
  pause,
  remaining,
  reset,
  setDuration,
  spokenTime,
  start,
  tick,
  timerDurations,
  type TimerMinutes,
} from '#client/features/prayer/lib/timer.ts';
import { cn } from '#client/lib/cn.ts';
import { notify } from '#client/lib/notify.ts';

/** The wall clock, read in event handlers and timeouts only. */
function wallClock(): number {
  return Date.now();
}

/**
 * product §4 prayer timer. The state machine keeps the end time; this component only wakes up
 * when the shown second changes (and when the tab becomes visible again) to read the clock.
 */
export function PrayerTimer() {
  const id = useId();
  const [timer, setTimer] = useState(() => createTimer());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (timer.status !== 'running') return;
    // Wake when the shown second changes, then every second: the time itself always comes
    // from the clock, so a late or throttled tick cannot make it drift.
    let isFinished = false;
    let interval: number | undefined;
    const onTick = () => {
      if (isFinished) return;
      const at = wallClock();
      const next = tick(timer, at);
      if (next !== timer) {
        isFinished = true;
        setTimer(next);
        playChime();
        notify.success('Prayer time complete', 'Amen. Take a moment before you go on.');
      }
      setNow(at);
    };
    const first = window.setTimeout(
      () => {
        onTick();
        interval = window.setInterval(onTick, 1000);
      },
      msUntilNextSecond(timer, wallClock()),
    );
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
  }, [timer]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const left = remaining(timer, now);
  const warning = isWarning(timer, now);
  const isRunning = timer.status === 'running';
  const progress = 1 - left / (timer.minutes * 60_000);

  function update(change: (at: number) => typeof timer) {
    const at = wallClock();
    setTimer(change(at));
    setNow(at);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-xs sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <Timer className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="font-serif text-xl font-semibold tracking-tight">
            Prayer Timer
          </h2>
          <p className="text-sm text-muted-foreground">
            Set aside a few unhurried minutes to be with God.
          </p>
        </div>
      </div>

      <div className="mt-6 flex flex-col items-center gap-6 sm:flex-row sm:justify-between">
        <div className="flex flex-col items-center sm:items-start">
          <div
            role="timer"
            aria-label={`Time remaining: ${spokenTime(left)}`}
            className={cn(
              'font-serif text-6xl font-semibold tabular-nums tracking-tight sm:text-7xl',
              warning ? 'text-destructive' : 'text-foreground',
            )}
          >
            {formatClock(left)}
          </div>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {timer.status === 'running'
              ? warning
                ? 'Less than a minute left'
                : 'Praying…'
              : timer.status === 'paused'
                ? 'Paused'
                : timer.status === 'done'
                  ? 'Time complete. Amen.'
                  : 'Ready when you are'}
          </p>
        </div>

        <div className="flex flex-col items-center gap-4 sm:items-end">
          <fieldset>
            <legend className="sr-only">Duration</legend>
            <div className="grid grid-cols-4 gap-1 rounded-full bg-muted p-1">
              {timerDurations.map((minutes) => (
                <label
                  key={minutes}
                  className={cn(
                    'relative inline-flex h-9 min-w-16 cursor-pointer items-center justify-center rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                    'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                    'has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm dark:has-checked:bg-secondary dark:has-checked:text-secondary-foreground',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-duration`}
                    value={minutes}
                    checked={timer.minutes === minutes}
                    onChange={() => update(() => setDuration(timer, minutes as TimerMinutes))}
                    className="sr-only"
                  />
                  {minutes} min
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex gap-2">
            <Button
              onClick={() => {
                if (isRunning) {
                  update((at) => pause(timer, at));
                } else {
                  prepareChime();
                  update((at) => start(timer, at));
                }
              }}
              className="min-w-28"
            >
              {isRunning ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              {isRunning ? 'Pause' : 'Start'}
            </Button>
            <Button variant="outline" onClick={() => update(() => reset(timer))}>
              <RotateCcw aria-hidden="true" />
              Reset
            </Button>
          </div>
        </div>
      </div>

      <div className="mt-6 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className={cn(
            'h-full rounded-full motion-safe:transition-[width] motion-safe:duration-1000 motion-safe:ease-linear',
            warning ? 'bg-destructive' : 'bg-primary',
          )}
          style={{ width: `${Math.min(100, Math.max(0, progress * 100))}%` }}
        />
      </div>
    </section>
  );
}
