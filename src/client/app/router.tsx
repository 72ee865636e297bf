import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { findSiteRoute, siteRoutes, type SiteRouteId } from '#shared/site-routes.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { ScreenStarted } from './screen-started.tsx';

type ScreenModule<Name extends string> = Record<Name, ComponentType>;

/** A screen of the router: its chunk's import, and the component drawn from it. */
type Screen = {
  /** The screen's module, as the server preloads it (site-routes.ts `screen`). */
  load: () => Promise<unknown>;
  /**
   * Loads the screen's chunk ahead of its first render, which then draws it at once instead of
   * suspending: main.tsx waits for it before hydrating a drawn page, so that no part of the
   * page waits for its code while the person can already tap it.
   */
  preload: () => Promise<void>;
  Component: ComponentType;
  /** Only for someone signed in: RequireAuth sends a visitor to /auth and back. */
  isPrivate?: boolean;
};

/**
 * A component from a chunk of its own, loaded when first drawn, or ahead of that by `preload`.
 * Once loaded, React.lazy gets a thenable that answers at once and draws it in the same pass (a
 * promise, even a settled one, would answer only later, and that render would suspend).
 */
function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  const preload = async () => {
    loaded = await load();
  };
  const Component = lazy(() => {
    if (loaded) {
      const loadedModule = { default: loaded };
      const settled = {
        then: (resolve: (value: typeof loadedModule) => void) => resolve(loadedModule),
      };
      // React.lazy asks only for a thenable; its type asks for a promise.
      return settled as unknown as Promise<typeof loadedModule>;
    }
    return preload().then(() => ({ default: loaded as ComponentType<Props> }));
  });
  return { preload, Component };
}

// Only the screens for someone signed in need it, so it is not part of every first load; each
// such screen's preload brings it along.
const requireAuth = preloadable(async () => (await import('./require-auth.tsx')).RequireAuth);
const RequireAuth = requireAuth.Component;

/** A screen in a chunk of its own, loaded when its route is first drawn. */
function screen<Name extends string>(
  load: () => Promise<ScreenModule<Name>>,
  name: Name,
  { isPrivate = false }: { isPrivate?: boolean } = {},
): Screen {
  const { preload: preloadScreen, Component } = preloadable(async () => (await load())[name]);
  const preload = async () => {
    await Promise.all([preloadScreen(), isPrivate ? requireAuth.preload() : undefined]);
  };
  return { load, preload, Component, isPrivate };
}

// The screen of each route of src/shared/site-routes.ts, by its id; the address comes from
// there. The import paths are the routes' `screen` entries (the server preloads each route's
// chunk from them; router.test.ts checks that each loads the same module).
export const screens = {
  landing: screen(() => import('#client/features/landing/routes/landing-page.tsx'), 'LandingPage'),
  auth: screen(() => import('#client/features/auth/routes/auth-page.tsx'), 'AuthPage'),
  'reset-password': screen(
    () => import('#client/features/auth/routes/reset-password-page.tsx'),
    'ResetPasswordPage',
  ),
  'confirm-email': screen(
    () => import('#client/features/auth/routes/confirm-email-page.tsx'),
    'ConfirmEmailPage',
  ),
  feeling: screen(() => import('#client/features/feeling/routes/feeling-page.tsx'), 'FeelingPage'),
  'verse-of-day': screen(
    () => import('#client/features/verse-of-day/routes/verse-of-day-page.tsx'),
    'VerseOfDayPage',
  ),
  'read-bible': screen(
    () => import('#client/features/bible/routes/read-bible-page.tsx'),
    'ReadBiblePage',
  ),
  prayer: screen(() => import('#client/features/prayer/routes/prayer-page.tsx'), 'PrayerPage'),
  journal: screen(() => import('#client/features/journal/routes/journal-page.tsx'), 'JournalPage'),
  'journal-entries': screen(
    () => import('#client/features/journal/routes/journal-entries-page.tsx'),
    'JournalEntriesPage',
    { isPrivate: true },
  ),
  'saved-verses': screen(
    () => import('#client/features/saved-verses/routes/saved-verses-page.tsx'),
    'SavedVersesPage',
  ),
  topics: screen(() => import('#client/features/topics/routes/topics-page.tsx'), 'TopicsPage', {
    isPrivate: true,
  }),
  notes: screen(() => import('#client/features/notes/routes/notes-page.tsx'), 'NotesPage', {
    isPrivate: true,
  }),
  groups: screen(() => import('#client/features/groups/routes/groups-page.tsx'), 'GroupsPage', {
    isPrivate: true,
  }),
  group: screen(() => import('#client/features/groups/routes/group-page.tsx'), 'GroupPage', {
    isPrivate: true,
  }),
  'group-join': screen(
    () => import('#client/features/groups/routes/join-page.tsx'),
    'JoinGroupPage',
  ),
  bookmarks: screen(
    () => import('#client/features/bookmarks/routes/bookmarks-page.tsx'),
    'BookmarksPage',
    { isPrivate: true },
  ),
  'verse-graphics': screen(
    () => import('#client/features/verse-graphics/routes/verse-graphics-page.tsx'),
    'VerseGraphicsPage',
  ),
  testimony: screen(
    () => import('#client/features/testimonies/routes/testimony-page.tsx'),
    'TestimonyPage',
  ),
  plans: screen(() => import('#client/features/plans/routes/plans-page.tsx'), 'PlansPage'),
  memorize: screen(
    () => import('#client/features/memorize/routes/memorize-page.tsx'),
    'MemorizePage',
    {
      isPrivate: true,
    },
  ),
  moderation: screen(
    () => import('#client/features/moderation/routes/moderation-page.tsx'),
    'ModerationPage',
    { isPrivate: true },
  ),
  settings: screen(
    () => import('#client/features/settings/routes/settings-page.tsx'),
    'SettingsPage',
    {
      isPrivate: true,
    },
  ),
  'privacy-policy': screen(
    () => import('#client/features/legal/routes/privacy-policy-page.tsx'),
    'PrivacyPolicyPage',
  ),
  'terms-of-service': screen(
    () => import('#client/features/legal/routes/terms-of-service-page.tsx'),
    'TermsOfServicePage',
  ),
} as const satisfies Record<SiteRouteId, Screen>;

/** Any other address (site-routes.ts `notFoundRoute`). */
export const notFoundScreen = screen(
  () => import('#client/features/misc/routes/not-found-page.tsx'),
  'NotFoundPage',
);
const NotFoundPage = notFoundScreen.Component;

/** The screen the router draws at this path. */
export function screenAt(pathname: string): Screen {
  const route = findSiteRoute(pathname);
  return route ? screens[route.id] : notFoundScreen;
}

function routeFor({ id, path }: { id: SiteRouteId; path: string }) {
  const { Component, isPrivate } = screens[id];
  const element = isPrivate ? (
    <RequireAuth>
      <Component />
      <ScreenStarted />
    </RequireAuth>
  ) : (
    <>
      <Component />
      <ScreenStarted />
    </>
  );
  return path === '/' ? (
    <Route key={id} index element={element} />
  ) : (
    <Route key={id} path={path.slice(1)} element={element} />
  );
}

/**
 * Every screen is its own chunk so that a page loads only what it needs. Declarative routes
 * rather than a data router: no screen uses loaders or actions, and the data router alone
 * would add about 17 KB (gzip) to every first load.
 *
 * No Suspense boundary around the screens, on purpose. On the first load React then waits
 * for the screen's chunk (which the server preloads with the entry) and paints the page whole,
 * instead of painting a fallback and holding the screen back for React's 300 ms fallback
 * throttle. Navigations run in a transition (BrowserRouter's default), so the current screen
 * stays until the next one's chunk has arrived.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootLayout />}>
          {siteRoutes.map(routeFor)}
          <Route
            path="*"
            element={
              <>
                <NotFoundPage />
                <ScreenStarted />
              </>
            }
          />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
