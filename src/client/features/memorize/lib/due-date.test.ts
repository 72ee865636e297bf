import { describe, expect, it } from 'vitest';
import { relativeDue, soonestDue } from './due-date.ts';

const now = new Date('2026-06-01T12:00:00.000Z');
const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
const minute = 60_000;
const day = 24 * 60 * minute;

describe('relativeDue', () => {
  it('says now once the time has come', () => {
    expect(relativeDue(now.toISOString(), now)).toBe('now');
    expect(relativeDue(after(-day), now)).toBe('now');
  });

  it('speaks in minutes, hours, days, months and years', () => {
    expect(relativeDue(after(10 * minute), now)).toBe('in 10 minutes');
    expect(relativeDue(after(20_000), now)).toBe('in 1 minute');
    expect(relativeDue(after(3 * 60 * minute), now)).toBe('in 3 hours');
    expect(relativeDue(after(day), now)).toBe('tomorrow');
    expect(relativeDue(after(3 * day), now)).toBe('in 3 days');
    expect(relativeDue(after(61 * day), now)).toBe('in 2 months');
    expect(relativeDue(after(800 * day), now)).toBe('in 2 years');
  });
});

describe('soonestDue', () => {
  it('finds the soonest review, or none', () => {
    expect(soonestDue([])).toBeNull();
    expect(soonestDue([{ due: after(3 * day) }, { due: after(minute) }, { due: after(day) }])).toBe(
      after(minute),
    );
  });
});
