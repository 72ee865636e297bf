import { describe, expect, it } from 'vitest';
import { feelingLimits } from '#shared/schemas/verses.ts';
import {
  canSubmitMoodText,
  characterCounter,
  clampMoodText,
  isNearLimit,
  limitAnnouncement,
} from './mood-text.ts';

describe('mood text', () => {
  it('counts characters as n/300 characters', () => {
    expect(characterCounter('')).toBe('0/300 characters');
    expect(characterCounter("I can't stop worrying about tomorrow")).toBe('36/300 characters');
  });

  it('cuts text at the limit', () => {
    expect(clampMoodText('a'.repeat(320))).toHaveLength(feelingLimits.text);
    expect(clampMoodText('short')).toBe('short');
  });

  it('needs text once trimmed', () => {
    expect(canSubmitMoodText('')).toBe(false);
    expect(canSubmitMoodText('   \n\t ')).toBe(false);
    expect(canSubmitMoodText('  sad ')).toBe(true);
  });

  it('announces only near the limit', () => {
    expect(isNearLimit('a'.repeat(279))).toBe(false);
    expect(limitAnnouncement('a'.repeat(279))).toBe('');
    expect(isNearLimit('a'.repeat(280))).toBe(true);
    expect(limitAnnouncement('a'.repeat(280))).toBe('20 characters left.');
    expect(limitAnnouncement('a'.repeat(299))).toBe('1 character left.');
    expect(limitAnnouncement('a'.repeat(300))).toBe('Character limit reached: 300 characters.');
  });
});
