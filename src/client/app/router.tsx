import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** A screen in a chunk of its own, loaded when its route is first drawn. */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return lazy(async () => {
    const Component: ComponentType = (await load())[name];
    return { default: Component };
  });
}

// The import paths are the `screen` entries of src/shared/site-routes.ts (the server preloads
// each route's chunk from them; site-routes.test.ts checks that the two lists agree).
const LandingPage = screen(
  () => import('../features/landing/routes/landing-page.tsx'),
  'LandingPage',
);
const AuthPage = screen(() => import('../features/auth/routes/auth-page.tsx'), 'AuthPage');
const ResetPasswordPage = screen(
  () => import('../features/auth/routes/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = screen(
  () => import('../features/auth/routes/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);
const FeelingPage = screen(
  () => import('../features/feeling/routes/feeling-page.tsx'),
  'FeelingPage',
);
const VerseOfDayPage = screen(
  () => import('../features/verse-of-day/routes/verse-of-day-page.tsx'),
  'VerseOfDayPage',
);
const ReadBiblePage = screen(
  () => import('../features/bible/routes/read-bible-page.tsx'),
  'ReadBiblePage',
);
const PrayerPage = screen(() => import('../features/prayer/routes/prayer-page.tsx'), 'PrayerPage');
const JournalPage = screen(
  () => import('../features/journal/routes/journal-page.tsx'),
  'JournalPage',
);
const JournalEntriesPage = screen(
  () => import('../features/journal/routes/journal-entries-page.tsx'),
  'JournalEntriesPage',
);
const SavedVersesPage = screen(
  () => import('../features/saved-verses/routes/saved-verses-page.tsx'),
  'SavedVersesPage',
);
const BookmarksPage = screen(
  () => import('../features/bookmarks/routes/bookmarks-page.tsx'),
  'BookmarksPage',
);
const VerseGraphicsPage = screen(
  () => import('../features/verse-graphics/routes/verse-graphics-page.tsx'),
  'VerseGraphicsPage',
);
const TestimonyPage = screen(
  () => import('../features/testimonies/routes/testimony-page.tsx'),
  'TestimonyPage',
);
const ModerationPage = screen(
  () => import('../features/moderation/routes/moderation-page.tsx'),
  'ModerationPage',
);
const SettingsPage = screen(
  () => import('../features/settings/routes/settings-page.tsx'),
  'SettingsPage',
);
const PrivacyPolicyPage = screen(
  () => import('../features/legal/routes/privacy-policy-page.tsx'),
  'PrivacyPolicyPage',
);
const TermsOfServicePage = screen(
  () => import('../features/legal/routes/terms-of-service-page.tsx'),
  'TermsOfServicePage',
);
const NotFoundPage = screen(
  () => import('../features/misc/routes/not-found-page.tsx'),
  'NotFoundPage',
);

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
          <Route index element={<LandingPage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="terms-of-service" element={<TermsOfServicePage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route path="auth/reset-password" element={<ResetPasswordPage />} />
          <Route path="auth/confirm-email" element={<ConfirmEmailPage />} />
          <Route
            path="settings"
            element={
              <RequireAuth>
                <SettingsPage />
              </RequireAuth>
            }
          />
          <Route
            path="bookmarks"
            element={
              <RequireAuth>
                <BookmarksPage />
              </RequireAuth>
            }
          />
          <Route path="feeling" element={<FeelingPage />} />
          <Route path="verse-of-day" element={<VerseOfDayPage />} />
          <Route path="read-bible" element={<ReadBiblePage />} />
          <Route path="saved-verses" element={<SavedVersesPage />} />
          <Route path="verse-graphics" element={<VerseGraphicsPage />} />
          <Route path="testimony" element={<TestimonyPage />} />
          <Route
            path="moderation"
            element={
              <RequireAuth>
                <ModerationPage />
              </RequireAuth>
            }
          />
          <Route path="journal" element={<JournalPage />} />
          <Route
            path="journal-entries"
            element={
              <RequireAuth>
                <JournalEntriesPage />
              </RequireAuth>
            }
          />
          <Route path="prayer" element={<PrayerPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
