import './app/zod-config.ts';
import '@fontsource-variable/inter';
import '@fontsource-variable/lora';
import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { moveToDrawnSignIn } from './app/drawn-sign-in.ts';
import { adoptHandedOverState, readHandedOverState } from './app/handed-over-state.ts';
import { AppRoutes, screenAt } from './app/router.tsx';
import { prepareClassMerging } from './lib/cn.ts';
import { createQueryClient } from './lib/query-client.ts';
import { keepDeviceTranslationInCookie } from './lib/translation-device.ts';

const queryClient = createQueryClient({
  // networkMode 'always': offline, requests still go out (the service worker answers what it
  // has cached), and a change fails at once with 'You are offline' instead of waiting unseen.
  queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
  mutations: { networkMode: 'always' },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <AppProviders queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);

if (container.hasAttribute('data-prerendered')) {
  // A screen the server sent already drawn (src/client/prerender.tsx): React adopts its markup
  // instead of drawing it again, in a transition so that it works in slices. The data it was
  // drawn with (a chapter of the reader) goes into the cache first, so that the app renders
  // the same; a chapter is also kept for offline reading, as if the app had fetched it (with
  // code loaded only then, which the screens without a chapter do not carry).
  const state = readHandedOverState();
  if (state) {
    adoptHandedOverState(queryClient, state);
    // A visitor at a screen only for someone signed in was sent the sign-in page: the address
    // goes where the app would send them, before the router reads it.
    moveToDrawnSignIn(queryClient, (pathname) => screenAt(pathname).isPrivate === true);
    import('./features/bible/lib/download-bible.ts')
      .then(({ keepChaptersOffline }) => keepChaptersOffline(state))
      .catch(() => {
        // The chunk did not load (the network went away): the chapter is not kept offline.
      });
  }
  // Three tasks, not one long one that blocks input: this script's evaluation, then the class
  // merging tables every component's classes go through, then hydration (itself in slices),
  // once the screen's own code is in (screenAt): a part of the page waiting for its code
  // would miss the taps made on it meanwhile.
  const screenLoaded = screenAt(window.location.pathname)
    .preload()
    .catch(() => {
      // The chunk did not load: hydration asks again, and the error page says so.
    });
  setTimeout(() => {
    prepareClassMerging();
    void screenLoaded.then(() =>
      setTimeout(() => {
        // From here React listens on #root and replays what reaches parts it has not hydrated
        // yet; the page's loader stops holding taps back (app/early-input.ts).
        window.__groundedAppListens = true;
        startTransition(() => {
          hydrateRoot(container, app);
        });
      }, 0),
    );
  }, 0);
} else {
  // A transition: React renders the first page in slices and lets the browser breathe in
  // between, instead of one long task that blocks input (Lighthouse's Total Blocking Time).
  // createRoot replaces the header frame of index.html.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// The server draws the verse of the day in the translation this cookie names (decision 011).
keepDeviceTranslationInCookie();

// Only the built app has /sw.js; the Vite dev server does not. Its own small chunk: nothing on
// the first screen waits for it (it registers once the page has loaded).
if (import.meta.env.PROD) {
  void import('./lib/device-notifications/register-service-worker.ts').then(
    ({ registerServiceWorker }) => registerServiceWorker(),
    () => {
      // Not fetched (offline on a first visit): the next visit registers it.
    },
  );
}
