// The service worker (built to /sw.js by vite-plugin-pwa, injectManifest). It precaches the
// hashed app files, shows Web Push notifications and opens the app when one is clicked.
// Pages are not precached: navigations keep going to the server (its 404s stay 404s) until the
// offline work gives the worker a navigation fallback.
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import type { PushPayload } from '../shared/schemas/notifications.ts';
import {
  notificationClickType,
  readNotificationData,
  readPushPayload,
  type NotificationClickMessage,
  type NotificationData,
} from './lib/device-notifications/notification-data.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const icon = '/icons/icon-192.png';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker takes over at once: it only adds push handling and files the server still has,
// so there is nothing for open pages to finish with the old one.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event: PushEvent): PushPayload | null {
  try {
    return readPushPayload(event.data?.json());
  } catch {
    // Not JSON.
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  // userVisibleOnly: every push must show something, or the browser shows its own message.
  const title = payload?.title ?? 'Grounded';
  const data: NotificationData | null = payload ? { id: payload.id, link: payload.link } : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload?.message ?? 'You have a new notification.',
      icon,
      ...(payload ? { tag: payload.id } : {}),
      data,
    }),
  );
});

/** Marks it read with the signed-in user's cookie; a failure only leaves it unread. */
async function markRead(id: string): Promise<void> {
  try {
    await fetch(`/api/notifications/${encodeURIComponent(id)}/read`, {
      method: 'POST',
      credentials: 'same-origin',
    });
  } catch {
    // Offline: the bell still shows it as unread, which is the truth.
  }
}

async function openApp(data: NotificationData | null): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focus first: the browser allows it only while the click is being handled. If it still
    // refuses, the link is opened in that window all the same.
    await open.focus().catch(() => open);
    if (data) {
      await markRead(data.id);
      const message: NotificationClickMessage = { type: notificationClickType, ...data };
      // The page navigates inside the app (no reload) and refreshes its bell.
      open.postMessage(message);
    }
    return;
  }
  await self.clients.openWindow(data?.link ?? '/');
  if (data) await markRead(data.id);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(readNotificationData(event.notification.data)));
});
