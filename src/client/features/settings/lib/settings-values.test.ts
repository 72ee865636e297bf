import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  notificationSettingsFormSchema,
  type UserSettings,
} from '#shared/schemas/settings.ts';
import { nextReminderLabel } from './next-reminder.lazy.ts';
import {
  isSameNotificationValues,
  notificationValues,
  timeZoneChoices,
  toTimeInputValue,
  type NotificationValues,
} from './settings-values.ts';

const settings: UserSettings = {
  ...defaultSettings,
  user_id: 'user-1',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('toTimeInputValue', () => {
  it('shows the stored HH:MM:SS as HH:MM (product §9: 09:00:00 is shown as 09:00)', () => {
    expect(toTimeInputValue('09:00:00')).toBe('09:00');
    expect(toTimeInputValue('07:30')).toBe('07:30');
    expect(toTimeInputValue('')).toBe('');
  });
});

describe('timeZoneChoices', () => {
  it('puts UTC first and always offers the stored zone', () => {
    const zones = timeZoneChoices(['Asia/Tokyo', null]);
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Tokyo');
    expect(zones).toContain('Europe/London');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('offers current IANA names, never the legacy ones the engine lists, each once and sorted', () => {
    const zones = timeZoneChoices(['Asia/Calcutta', 'Europe/Kiev', 'Europe/Kyiv']);
    for (const current of ['Europe/Kyiv', 'Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Asia/Yangon']) {
      expect(zones).toContain(current);
    }
    for (const legacy of ['Europe/Kiev', 'Asia/Calcutta', 'Asia/Saigon', 'Asia/Rangoon']) {
      expect(zones).not.toContain(legacy);
    }
    expect(new Set(zones).size).toBe(zones.length);
    const rest = zones.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });
});

describe('notificationValues', () => {
  it('shows a zone saved under its legacy name by its current name', () => {
    const saved = { ...settings, reminder_timezone: 'Europe/Kiev' };
    expect(notificationValues(saved).reminder_timezone).toBe('Europe/Kyiv');
  });
});

/** The form's messages by field, as the card shows them (the first for each field). */
function formErrors(values: NotificationValues): Record<string, string> | null {
  const parsed = notificationSettingsFormSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('the notifications form schema', () => {
  it('accepts the defaults as the form shows them (the time as HH:MM)', () => {
    const values = notificationValues(settings);
    expect(values).toEqual({
      daily_verse_notifications: true,
      journal_reminders: true,
      reminder_days: [...defaultSettings.reminder_days],
      reminder_time: '09:00',
      reminder_timezone: 'UTC',
    });
    expect(formErrors(values)).toBeNull();
  });

  it('needs a day while reminders are on, but not when they are off', () => {
    const values = { ...notificationValues(settings), reminder_days: [] };
    expect(formErrors(values)).toEqual({ reminder_days: 'Choose at least one day.' });
    expect(formErrors({ ...values, journal_reminders: false })).toBeNull();
  });

  it('reports an empty time and an unknown zone on their fields, with the day rule', () => {
    const errors = formErrors({
      ...notificationValues(settings),
      reminder_days: [],
      reminder_time: '',
      reminder_timezone: 'Mars/Olympus',
    });
    expect(errors).toEqual({
      reminder_days: 'Choose at least one day.',
      reminder_time: 'Choose a reminder time as HH:MM.',
      reminder_timezone: 'Choose a valid time zone, such as Europe/London.',
    });
  });
});

describe('isSameNotificationValues', () => {
  it('ignores the order of the days', () => {
    const a = notificationValues(settings);
    const b = { ...a, reminder_days: [...a.reminder_days].reverse() };
    expect(isSameNotificationValues(a, b)).toBe(true);
    expect(isSameNotificationValues(a, { ...a, reminder_time: '07:30' })).toBe(false);
  });
});

describe('nextReminderLabel', () => {
  const reminders = {
    journal_reminders: true,
    reminder_days: ['monday', 'wednesday'] as UserSettings['reminder_days'],
    reminder_time: '07:30:00',
    reminder_timezone: 'Asia/Kolkata',
  };

  it('names the day and time on the reminder’s own clock', () => {
    // Saturday 21 Nov 2026, 12:00 in Kolkata: the next is Monday.
    expect(nextReminderLabel(reminders, new Date('2026-11-21T06:30:00Z'))).toBe('Monday, 7:30 AM');
  });

  it('says Today and Tomorrow in the reminder’s zone', () => {
    // Monday 23 Nov 2026, 06:00 in Kolkata (Sunday evening in UTC).
    expect(nextReminderLabel(reminders, new Date('2026-11-23T00:30:00Z'))).toBe('Today, 7:30 AM');
    // Tuesday 24 Nov 2026, 20:00 in Kolkata.
    expect(nextReminderLabel(reminders, new Date('2026-11-24T14:30:00Z'))).toBe(
      'Tomorrow, 7:30 AM',
    );
  });

  it('is null with reminders off or no day chosen', () => {
    const now = new Date('2026-11-21T06:30:00Z');
    expect(nextReminderLabel({ ...reminders, journal_reminders: false }, now)).toBeNull();
    expect(nextReminderLabel({ ...reminders, reminder_days: [] }, now)).toBeNull();
  });
});
