import { useEffect } from 'react';
import { readNotificationClickMessage } from '#client/lib/device-notifications/notification-data.ts';

/**
 * When a notification shown by the service worker is clicked, the worker focuses this window,
 * marks the notification read and posts its link here; the app then opens it without a reload.
 */
export function useNotificationClickMessages(onMessage: (link: string | null) => void): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const listener = (event: MessageEvent) => {
      const data = readNotificationClickMessage(event.data);
      if (data) onMessage(data.link);
    };
    container.addEventListener('message', listener);
    // Messages wait in a queue until the page says it is listening.
    container.startMessages();
    return () => container.removeEventListener('message', listener);
  }, [onMessage]);
}
