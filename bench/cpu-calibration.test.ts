import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor, median } from './cpu-calibration.ts';

describe('cpuSlowdownFor', () => {
  it('gives the calculator’s multiplier at its anchors', () => {
    expect(cpuSlowdownFor(150).multiplier).toBe(1);
    expect(cpuSlowdownFor(800).multiplier).toBe(2);
    expect(cpuSlowdownFor(1300).multiplier).toBe(3);
    expect(cpuSlowdownFor(2000).multiplier).toBe(6);
  });

  it('is linear between them, to one decimal', () => {
    // 1 + (634.5 - 150) / 650 = 1.745…
    expect(cpuSlowdownFor(634.5).multiplier).toBe(1.7);
    // 2 + (1050 - 800) / 500
    expect(cpuSlowdownFor(1050).multiplier).toBe(2.5);
    // 3 + (1766 - 1300) / 233
    expect(cpuSlowdownFor(1766).multiplier).toBe(5);
  });

  it('does not slow a host slower than the emulated phone', () => {
    expect(cpuSlowdownFor(100)).toEqual({ benchmarkIndex: 100, multiplier: 1, tooSlow: true });
  });

  it('refuses what is not an index', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
    expect(() => cpuSlowdownFor(0)).toThrow();
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
