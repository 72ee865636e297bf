import { describe, expect, it } from 'vitest';
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
} from './timer.ts';

/** A fake wall clock: tests move it forward by hand. */
function fakeClock(startAt = Date.UTC(2025, 0, 1, 8)) {
  let now = startAt;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
      return now;
    },
  };
}

describe('prayer timer', () => {
  it('starts at the default 5:00, idle and not in warning', () => {
    const clock = fakeClock();
    const timer = createTimer();
    expect(timer.status).toBe('idle');
    expect(formatClock(remaining(timer, clock.now()))).toBe('5:00');
    expect(isWarning(timer, clock.now())).toBe(false);
  });

  it('counts down from wall-clock time and holds while paused', () => {
    const clock = fakeClock();
    let timer = start(createTimer(), clock.now());
    clock.advance(3000);
    expect(formatClock(remaining(timer, clock.now()))).toBe('4:57');
    // A late tick (a throttled background tab) still reads the right time.
    clock.advance(60_500);
    expect(formatClock(remaining(timer, clock.now()))).toBe('3:57');
    timer = pause(timer, clock.now());
    expect(timer.status).toBe('paused');
    clock.advance(30_000);
    expect(formatClock(remaining(timer, clock.now()))).toBe('3:57');
    timer = start(timer, clock.now());
    clock.advance(1000);
    expect(remaining(timer, clock.now())).toBe(235_500);
  });

  it('changing the duration resets and stops; reset restores the full duration', () => {
    const clock = fakeClock();
    let timer = start(createTimer(), clock.now());
    clock.advance(10_000);
    timer = setDuration(timer, 3);
    expect(timer).toEqual(createTimer(3));
    expect(formatClock(remaining(timer, clock.now()))).toBe('3:00');
    timer = start(timer, clock.now());
    clock.advance(5000);
    timer = reset(timer);
    expect(timer.status).toBe('idle');
    expect(formatClock(remaining(timer, clock.now()))).toBe('3:00');
  });

  it('warns at 60 s or less only while running', () => {
    const clock = fakeClock();
    let timer = start(createTimer(3), clock.now());
    clock.advance(119_999);
    expect(isWarning(timer, clock.now())).toBe(false);
    clock.advance(1);
    expect(formatClock(remaining(timer, clock.now()))).toBe('1:00');
    expect(isWarning(timer, clock.now())).toBe(true);
    timer = pause(timer, clock.now());
    expect(isWarning(timer, clock.now())).toBe(false);
  });

  it('stops at 0:00 and starts again from the full duration', () => {
    const clock = fakeClock();
    let timer = start(createTimer(3), clock.now());
    clock.advance(179_999);
    expect(tick(timer, clock.now())).toBe(timer);
    clock.advance(5000);
    timer = tick(timer, clock.now());
    expect(timer.status).toBe('done');
    expect(remaining(timer, clock.now())).toBe(0);
    expect(formatClock(0)).toBe('0:00');
    expect(isWarning(timer, clock.now())).toBe(false);
    timer = start(timer, clock.now());
    expect(remaining(timer, clock.now())).toBe(180_000);
  });

  it('wakes up when the shown second changes', () => {
    const clock = fakeClock();
    const timer = start(createTimer(), clock.now());
    expect(msUntilNextSecond(timer, clock.now())).toBe(1000);
    clock.advance(300);
    expect(msUntilNextSecond(timer, clock.now())).toBe(700);
    clock.advance(400_000);
    expect(msUntilNextSecond(timer, clock.now())).toBe(0);
  });

  it('speaks the time for the accessible label', () => {
    expect(spokenTime(297_000)).toBe('4 minutes 57 seconds');
    expect(spokenTime(60_000)).toBe('1 minute');
    expect(spokenTime(1000)).toBe('1 second');
    expect(spokenTime(0)).toBe('0 seconds');
  });
});
