import { useEffect, useState } from 'react';
import {
  readAloudRates,
  sleepTimers,
  type SleepTimer,
} from '#client/features/bible/lib/use-read-aloud.ts';

export type ReadAloudSettings = {
  rate: number;
  setRate: (rate: number) => void;
  sleep: SleepTimer;
  sleepEndsAt: number | null;
  setSleep: (sleep: SleepTimer) => void;
};

function sleepLabel(sleep: SleepTimer): string {
  if (sleep === 'off') return 'Off';
  if (sleep === 'chapter') return 'End of chapter';
  return `${sleep} minutes`;
}

function rateLabel(rate: number): string {
  return `${rate}×`;
}

/** 'Stops in 14:59': the minutes left, redrawn each second while the timer runs. */
function TimeLeft({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.round((endsAt - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  return (
    <span className="text-muted-foreground tabular-nums">
      Stops in {minutes}:{String(seconds % 60).padStart(2, '0')}
    </span>
  );
}

const selectClass =
  'h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

/**
 * Read-aloud's speed and sleep timer, shown once reading has started (docs/product.md, the
 * reader). Native selects: a phone's own picker, and the keyboard's arrows.
 */
export function ReadAloudBar({ rate, setRate, sleep, sleepEndsAt, setSleep }: ReadAloudSettings) {
  return (
    <div
      role="group"
      aria-label="Read aloud"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
    >
      <label className="flex items-center gap-2">
        <span>Speed</span>
        <select
          className={selectClass}
          value={String(rate)}
          onChange={(event) => setRate(Number(event.target.value))}
        >
          {readAloudRates.map((value) => (
            <option key={value} value={String(value)}>
              {rateLabel(value)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        <span>Sleep timer</span>
        <select
          className={selectClass}
          value={String(sleep)}
          onChange={(event) => {
            const value = event.target.value;
            setSleep(
              value === 'off' || value === 'chapter' ? value : (Number(value) as SleepTimer),
            );
          }}
        >
          {sleepTimers.map((value) => (
            <option key={String(value)} value={String(value)}>
              {sleepLabel(value)}
            </option>
          ))}
        </select>
      </label>
      {sleepEndsAt !== null ? <TimeLeft endsAt={sleepEndsAt} /> : null}
    </div>
  );
}
