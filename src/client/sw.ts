// The service worker (built to /sw.js by vite-plugin-pwa, injectManifest). It keeps the app
// usable offline after one online visit, shows Web Push notifications and opens the app when
// one is clicked.
//
// Offline, in short:
// - the app shell (index.html with its inline theme script, every hashed JS and CSS file, the
//   Latin fonts, the icons) is precached; other font subsets are cached the first time a page
//   uses them;
// - navigations still go to the server first, so an unknown path keeps its real 404; only when
//   the network fails does the precached index.html answer, and the app draws the screen;
// - chapters are cached the first time they are read (they never change), and the reader's
//   "Download the Bible for offline use" fills the same cache with all 1,189 of them;
// - a chapter's study data and the Strong's dictionaries (?v= names their release) likewise: cached
//   when first fetched, and "Study notes for offline use" fills their cache with every chapter's;
// - the public content the screens need (verse catalogue, daily verses, passages, the public
//   testimonies) is cached as it is fetched;
// - who is signed in (the session answer) is kept, so that a reload offline still shows the
//   person's own screens and their writes fail with 'You are offline'; it is deleted at
//   sign-out. No other signed-in data is ever cached here.
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { PushPayload } from '#shared/schemas/notifications.ts';
import {
  notificationClickType,
  readNotificationData,
  readPushPayload,
  type NotificationClickMessage,
  type NotificationData,
} from './lib/device-notifications/notification-data.ts';
import {
  bibleChapterCache,
  bibleChapterCount,
  offlineTranslationCount,
  fontCache,
  publicContentCache,
  sessionCache,
  studyCache,
} from './lib/offline/cache-names.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const icon = '/icons/icon-192.png';

// No directory index: '/' is a navigation like any other and goes to the server first (below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

/** Same-origin GETs whose path matches; the worker never touches another site's requests. */
function sameOriginGet(pattern: RegExp) {
  return ({ url, request }: { url: URL; request: Request }) =>
    request.method === 'GET' && url.origin === self.location.origin && pattern.test(url.pathname);
}

// Navigations: the server, and the precached app shell when it cannot be reached. A network
// that hangs counts as none after a few seconds; the shell then draws the screen at once.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: 5,
      plugins: [
        {
          handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error(),
        },
      ],
    }),
    { denylist: [/^\/api\//] },
  ),
);

// GET /api/bible/{book}/{chapter}: immutable, so the cache answers first. Room for every
// chapter of each translation (and a few spellings more); the oldest read go first beyond that.
registerRoute(
  sameOriginGet(/^\/api\/bible\/[^/]+\/\d+$/),
  new CacheFirst({
    cacheName: bibleChapterCache,
    plugins: [
      new ExpirationPlugin({
        maxEntries: bibleChapterCount * offlineTranslationCount + 100,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// GET /api/study/{book}/{chapter}?v= and GET /api/study/dictionary?v=: their address names the
// study data's release, so the cache answers first (the study notes' download fills it), and the
// network when it lacks one. Without ?v= they are left to the network.
const studyData = sameOriginGet(/^\/api\/study\/(dictionary|[^/]+\/\d+)$/);
registerRoute(
  (options: { url: URL; request: Request }) =>
    studyData(options) && options.url.searchParams.has('v'),
  new CacheFirst({
    cacheName: studyCache,
    plugins: [
      new ExpirationPlugin({ maxEntries: bibleChapterCount + 100, purgeOnQuotaError: true }),
    ],
  }),
);

// Public content that changes only with a deploy: answered from the cache at once, refreshed
// in the background.
registerRoute(
  sameOriginGet(
    /^\/api\/(verses\/catalogue|verses\/suggestions|verses\/daily\/\d+|bible\/passage|bible\/books)$/,
  ),
  new StaleWhileRevalidate({
    cacheName: publicContentCache,
    plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
);

// The public testimonies change as they are approved: the network first, the last first page
// seen when offline. Only the first page (any ?limit=): the list is read a page at a time
// (decision 012), and older pages (?cursor=) would fill the cache without bound.
const testimoniesFirstPage = sameOriginGet(/^\/api\/testimonies$/);
registerRoute(
  (options: { url: URL; request: Request }) =>
    testimoniesFirstPage(options) && !options.url.searchParams.has('cursor'),
  new NetworkFirst({
    cacheName: publicContentCache,
    networkTimeoutSeconds: 5,
  }),
);

// Who is signed in: always the network while there is one (a sign-out elsewhere shows at
// once); the last answer only when the network fails.
registerRoute(
  sameOriginGet(/^\/api\/auth\/session$/),
  new NetworkFirst({ cacheName: sessionCache }),
);

// Font subsets other than the precached Latin ones: hashed names, so they never change.
registerRoute(
  sameOriginGet(/^\/assets\/.+\.woff2$/),
  new CacheFirst({
    cacheName: fontCache,
    plugins: [new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
  }),
);

// A new worker takes over at once: the precache holds the files of the build it came with, and
// the caches above are shared by every version.
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
