import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel } from './badge.ts';

describe('badgeText', () => {
  it('hides the badge when nothing is unread', () => {
    expect(badgeText(0)).toBeNull();
  });

  it('shows the count from 1 to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(42)).toBe('42');
    expect(badgeText(99)).toBe('99');
  });

  it("shows '99+' above 99", () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});

describe('bellLabel', () => {
  it('names the bell with the unread count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 150 unread');
  });
});
