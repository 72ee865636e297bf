import { describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '#shared/schemas/notifications.ts';
import {
  appPath,
  notificationClickType,
  readNotificationClickMessage,
  readNotificationData,
  readPushPayload,
} from './notification-data.ts';

describe('appPath', () => {
  it('keeps paths of this app', () => {
    expect(appPath('/journal')).toBe('/journal');
    expect(appPath('/verse-of-day?from=notification')).toBe('/verse-of-day?from=notification');
  });

  it('refuses other sites, scripts and anything that is not a string', () => {
    expect(appPath('//evil.example/journal')).toBeNull();
    expect(appPath('https://evil.example')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
    expect(appPath(null)).toBeNull();
    expect(appPath(42)).toBeNull();
  });
});

describe('readNotificationData', () => {
  it('reads the id and a safe link', () => {
    expect(readNotificationData({ id: 'n1', link: '/journal' })).toEqual({
      id: 'n1',
      link: '/journal',
    });
    expect(readNotificationData({ id: 'n1', link: 'https://evil.example' })).toEqual({
      id: 'n1',
      link: null,
    });
  });

  it('gives null for anything else', () => {
    expect(readNotificationData(null)).toBeNull();
    expect(readNotificationData('n1')).toBeNull();
    expect(readNotificationData({ link: '/journal' })).toBeNull();
  });
});

describe('readNotificationClickMessage', () => {
  it('reads only messages of its own type', () => {
    expect(
      readNotificationClickMessage({ type: notificationClickType, id: 'n1', link: '/journal' }),
    ).toEqual({ id: 'n1', link: '/journal' });
    expect(readNotificationClickMessage({ type: 'other', id: 'n1', link: null })).toBeNull();
    expect(readNotificationClickMessage(undefined)).toBeNull();
  });
});

describe('readPushPayload', () => {
  const reminder = {
    id: 'n1',
    type: 'journal_reminder',
    title: 'Time to journal',
    message: 'Take a few quiet minutes to write.',
    link: '/journal',
  };
  const samples: unknown[] = [
    reminder,
    { ...reminder, link: null },
    { ...reminder, extra: true },
    { ...reminder, link: undefined },
    { ...reminder, id: 7 },
    { ...reminder, title: undefined },
    { ...reminder, message: null },
    { ...reminder, type: ['test'] },
    'Time to journal',
    null,
  ];

  it('accepts exactly what pushPayloadSchema accepts', () => {
    for (const sample of samples) {
      const parsed = pushPayloadSchema.safeParse(sample);
      expect(readPushPayload(sample), JSON.stringify(sample)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });
});
