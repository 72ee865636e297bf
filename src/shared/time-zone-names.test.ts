import { describe, expect, it } from 'vitest';
import { currentTimeZoneName } from './time-zone-names.ts';

describe('currentTimeZoneName', () => {
  it.each([
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['Asia/Rangoon', 'Asia/Yangon'],
    ['America/Godthab', 'America/Nuuk'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
  ])('gives %s its current IANA name, %s', (legacy, current) => {
    expect(currentTimeZoneName(legacy)).toBe(current);
  });

  it('leaves current names, UTC and unknown names as they are', () => {
    expect(currentTimeZoneName('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(currentTimeZoneName('Europe/London')).toBe('Europe/London');
    expect(currentTimeZoneName('UTC')).toBe('UTC');
    expect(currentTimeZoneName('Mars/Olympus')).toBe('Mars/Olympus');
  });

  it('only ever names a zone this engine knows', () => {
    for (const legacy of ['Europe/Kiev', 'Asia/Calcutta', 'Asia/Saigon', 'Pacific/Enderbury']) {
      const zone = currentTimeZoneName(legacy);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });
});
