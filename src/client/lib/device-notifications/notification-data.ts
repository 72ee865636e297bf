import type { PushPayload } from '#shared/schemas/notifications.ts';

/**
 * What travels with a notification this app shows (Notification `data`), and what the service
 * worker posts to an open window when one is clicked. Shared by the page and src/client/sw.ts,
 * so it uses neither DOM nor worker types.
 */
export type NotificationData = { id: string; link: string | null };

export const notificationClickType = 'grounded:notification-click';

export type NotificationClickMessage = NotificationData & { type: typeof notificationClickType };

/**
 * A link is followed only when it is a path of this app ('/journal'): a notification must not
 * become a way to send someone to another site or to run a javascript: URL.
 */
export function appPath(link: unknown): string | null {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

export function readNotificationData(value: unknown): NotificationData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, link } = value as Record<string, unknown>;
  return typeof id === 'string' ? { id, link: appPath(link) } : null;
}

export function readNotificationClickMessage(value: unknown): NotificationData | null {
  if (typeof value !== 'object' || value === null) return null;
  return (value as Record<string, unknown>).type === notificationClickType
    ? readNotificationData(value)
    : null;
}

/**
 * Reads a push message's JSON (the shape of `pushPayloadSchema`). Written out by hand so that
 * the service worker does not carry zod; notification-data.test.ts checks it against the schema.
 */
export function readPushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, type, title, message, link } = value as Record<string, unknown>;
  if (
    typeof id !== 'string' ||
    typeof type !== 'string' ||
    typeof title !== 'string' ||
    typeof message !== 'string' ||
    (link !== null && typeof link !== 'string')
  ) {
    return null;
  }
  return { id, type, title, message, link };
}
