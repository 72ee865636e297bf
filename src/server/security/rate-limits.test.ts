import { describe, expect, it } from 'vitest';
import { defaultRateLimits, scaleWriteLimits } from './rate-limits.ts';

describe('WRITE_LIMIT_SCALE', () => {
  it('raises writes, testimonies, sign-ups and sign-ins from one address, never password guesses', () => {
    const scaled = scaleWriteLimits(defaultRateLimits, 10);
    expect(scaled.writesPerMinute).toBe(defaultRateLimits.writesPerMinute * 10);
    expect(scaled.testimoniesPerHour).toBe(defaultRateLimits.testimoniesPerHour * 10);
    expect(scaled.signUpPerIp).toBe(defaultRateLimits.signUpPerIp * 10);
    expect(scaled.signInPerIp).toBe(defaultRateLimits.signInPerIp * 10);
    expect(scaled.passwordFailuresPerAccountAndIp).toBe(
      defaultRateLimits.passwordFailuresPerAccountAndIp,
    );
    expect(scaled.passwordFailuresPerAccount).toBe(defaultRateLimits.passwordFailuresPerAccount);
    expect(scaled.passwordFailuresPerDevice).toBe(defaultRateLimits.passwordFailuresPerDevice);
    expect(scaled.resetMailsPerEmail).toBe(defaultRateLimits.resetMailsPerEmail);
  });

  it('changes nothing at 1', () => {
    expect(scaleWriteLimits(defaultRateLimits, 1)).toEqual(defaultRateLimits);
  });
});
