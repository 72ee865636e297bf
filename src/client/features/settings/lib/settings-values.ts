import type { NotificationSettingsForm, UserSettings } from '#shared/schemas/settings.ts';
import { currentTimeZoneName } from '#shared/time-zone-names.ts';

/** product §3, §5: the stored 'HH:MM:SS' is shown as 'HH:MM' (what <input type="time"> expects). */
export function toTimeInputValue(time: string): string {
  return /^\d{2}:\d{2}/.test(time) ? time.slice(0, 5) : '';
}

/** The zone this browser runs in (by its current name), or null when the engine will not say. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? currentTimeZoneName(zone) : null;
  } catch {
    return null;
  }
}

/**
 * Every zone the browser knows, UTC first, by current IANA names: the engine's list leaves out
 * UTC and still spells some zones the old way (Europe/Kiev for Europe/Kyiv). `include` adds the
 * stored and detected zones to be sure they can be shown as selected.
 */
export function timeZoneChoices(include: (string | null)[] = []): string[] {
  let supported: string[] = [];
  try {
    supported = Intl.supportedValuesOf('timeZone');
  } catch {
    // An old engine: the stored and detected zones are still offered.
  }
  const rest = new Set(
    [...supported, ...include]
      .filter((zone): zone is string => !!zone)
      .map((zone) => currentTimeZoneName(zone)),
  );
  rest.delete('UTC');
  return ['UTC', ...[...rest].sort((a, b) => a.localeCompare(b))];
}

export function timeZoneLabel(zone: string): string {
  return zone === 'UTC' ? 'UTC (Coordinated Universal Time)' : zone.replaceAll('_', ' ');
}

/** The notifications form's values: the time as 'HH:MM' (what <input type="time"> gives; '' when cleared). */
export type NotificationValues = NotificationSettingsForm;

export function notificationValues(settings: UserSettings): NotificationValues {
  return {
    daily_verse_notifications: settings.daily_verse_notifications,
    journal_reminders: settings.journal_reminders,
    reminder_days: settings.reminder_days,
    reminder_time: toTimeInputValue(settings.reminder_time),
    // A zone saved under its old name (before the server kept current names) shows as today's.
    reminder_timezone: currentTimeZoneName(settings.reminder_timezone),
  };
}

export function isSameNotificationValues(a: NotificationValues, b: NotificationValues): boolean {
  return (
    a.daily_verse_notifications === b.daily_verse_notifications &&
    a.journal_reminders === b.journal_reminders &&
    a.reminder_time === b.reminder_time &&
    a.reminder_timezone === b.reminder_timezone &&
    a.reminder_days.length === b.reminder_days.length &&
    a.reminder_days.every((day) => b.reminder_days.includes(day))
  );
}
