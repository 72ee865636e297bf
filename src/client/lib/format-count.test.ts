import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1189, '1,189'],
    [10_000, '10,000'],
    [1_234_567, '1,234,567'],
  ])('groups %i as %s, as Intl.NumberFormat would in English', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
    expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
  });
});
