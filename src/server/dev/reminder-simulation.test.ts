import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { runEveryMinute } from '#server/jobs/reminder-scheduler.ts';
import type { PushSender } from '#server/push.ts';
import { loggingPush, readReminderSimulation, simulatedClock } from './reminder-simulation.ts';

const value = JSON.stringify({
  from: '2025-03-08T22:00:00Z',
  to: '2025-03-09T22:00:00Z',
  startsAt: '2026-01-01T12:00:00.000Z',
  speed: 2880,
});

describe('readReminderSimulation', () => {
  it('is off unless REMINDER_SIMULATION is set', () => {
    expect(readReminderSimulation({ NODE_ENV: 'development' })).toBeUndefined();
    expect(readReminderSimulation({ REMINDER_SIMULATION: '' })).toBeUndefined();
  });

  it('reads the simulated day, when it starts and how fast it runs', () => {
    expect(readReminderSimulation({ NODE_ENV: 'development', REMINDER_SIMULATION: value })).toEqual(
      {
        from: new Date('2025-03-08T22:00:00Z'),
        to: new Date('2025-03-09T22:00:00Z'),
        startsAt: new Date('2026-01-01T12:00:00.000Z'),
        speed: 2880,
      },
    );
  });

  it('refuses a value that is not the documented JSON, naming the variable', () => {
    for (const bad of [
      'fast',
      JSON.stringify({
        from: '2025-03-09T22:00:00Z',
        to: '2025-03-08T22:00:00Z',
        startsAt: '2026-01-01T12:00:00Z',
        speed: 60,
      }),
      JSON.stringify({
        from: '2025-03-08T22:00:00Z',
        to: '2025-03-09T22:00:00Z',
        startsAt: '2026-01-01T12:00:00Z',
        speed: 100_000,
      }),
      JSON.stringify({
        from: 'yesterday',
        to: '2025-03-09T22:00:00Z',
        startsAt: '2026-01-01T12:00:00Z',
        speed: 60,
      }),
    ]) {
      expect(() => readReminderSimulation({ REMINDER_SIMULATION: bad })).toThrow(
        /^REMINDER_SIMULATION must be JSON/,
      );
    }
  });
});

describe('simulatedClock', () => {
  it('reads `from` until it starts, then runs `speed` times faster, and stops at `to`', () => {
    const real = fixedClock(new Date('2026-01-01T11:59:59.000Z'));
    const simulation = readReminderSimulation({ REMINDER_SIMULATION: value });
    if (!simulation) throw new Error('no simulation');
    const clock = simulatedClock(simulation, real);
    expect(clock.now().toISOString()).toBe('2025-03-08T22:00:00.000Z');
    real.advance(1000);
    expect(clock.now().toISOString()).toBe('2025-03-08T22:00:00.000Z');
    // 1.25 s of real time: an hour.
    real.advance(1250);
    expect(clock.now().toISOString()).toBe('2025-03-08T23:00:00.000Z');
    real.advance(60_000);
    expect(clock.now().toISOString()).toBe('2025-03-09T22:00:00.000Z');
  });
});

describe('runEveryMinute on a fast clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at each of its minute boundaries, in real time divided by the speed', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00.000Z') });
    const simulation = readReminderSimulation({ REMINDER_SIMULATION: value });
    if (!simulation) throw new Error('no simulation');
    const clock = simulatedClock(simulation, { now: () => new Date() });
    const runs: string[] = [];
    const ticker = runEveryMinute(
      clock,
      { error: vi.fn() },
      async () => {
        runs.push(clock.now().toISOString());
      },
      simulation.speed,
    );
    // A simulated minute is 60,000 / 2,880 ≈ 20.8 real milliseconds; a timer waits whole ones,
    // so each run comes up to one real millisecond (2.88 simulated seconds) after its minute.
    await vi.advanceTimersByTimeAsync(63);
    expect(runs.map((run) => run.slice(0, 16))).toEqual([
      '2025-03-08T22:00',
      '2025-03-08T22:01',
      '2025-03-08T22:02',
      '2025-03-08T22:03',
    ]);
    expect(runs.every((run) => Number(run.slice(17, 19)) < 3)).toBe(true);
    await ticker.stop();
  });
});

describe('loggingPush', () => {
  it('logs each notification it pushes, with its owner, and still pushes it', async () => {
    const sent: string[] = [];
    const push: PushSender = {
      enabled: false,
      publicKey: null,
      sendToUser: async (_userId, payload) => {
        sent.push(payload.id);
      },
    };
    const info = vi.fn();
    await loggingPush(push, { info }).sendToUser('user-1', {
      id: 'n-1',
      type: 'journal_reminder',
      title: 'Time to journal',
      message: 'Take a quiet moment to write what is on your heart today.',
      link: '/journal',
    });
    expect(sent).toEqual(['n-1']);
    expect(info).toHaveBeenCalledWith({ notification: 'n-1', user: 'user-1' }, 'reminder pushed');
  });
});
