import { describe, expect, it } from 'vitest';
import { clampTextSize, defaultTextSize, parseStoredTextSize, textSizes } from './text-size.ts';

describe('text size', () => {
  it('has between four and six steps', () => {
    expect(textSizes.length).toBeGreaterThanOrEqual(4);
    expect(textSizes.length).toBeLessThanOrEqual(6);
  });

  it('keeps a step within the scale', () => {
    expect(clampTextSize(-1)).toBe(0);
    expect(clampTextSize(99)).toBe(textSizes.length - 1);
    expect(clampTextSize(1.5)).toBe(defaultTextSize);
  });

  it('reads a stored step, or the default', () => {
    expect(parseStoredTextSize('3')).toBe(3);
    expect(parseStoredTextSize(null)).toBe(defaultTextSize);
    expect(parseStoredTextSize('')).toBe(defaultTextSize);
    expect(parseStoredTextSize('large')).toBe(defaultTextSize);
  });
});
