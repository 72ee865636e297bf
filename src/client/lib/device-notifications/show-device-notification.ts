import type { PushPayload } from '#shared/schemas/notifications.ts';
import type { NotificationData } from './notification-data.ts';

/** The app icon beside every notification (public/icons, from the logo). */
export const notificationIcon = '/icons/icon-192.png';

/**
 * Shows a notification through the service worker when one is running (its notificationclick
 * handler then focuses the app and opens the link), otherwise with `new Notification`, whose
 * click calls `onClick` in this page. The tag is the notification's id, so a second tab or a
 * push of the same notification replaces it rather than adding another.
 */
export async function showDeviceNotification(
  notification: Pick<PushPayload, 'id' | 'title' | 'message' | 'link'>,
  onClick: () => void,
): Promise<void> {
  const data: NotificationData = { id: notification.id, link: notification.link };
  const options: NotificationOptions = {
    body: notification.message,
    icon: notificationIcon,
    tag: notification.id,
    data,
  };
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration?.active) {
    await registration.showNotification(notification.title, options);
    return;
  }
  const shown = new Notification(notification.title, options);
  shown.addEventListener('click', () => {
    window.focus();
    shown.close();
    onClick();
  });
}
