import { createBrowserRouter } from 'react-router';
import { PageShell } from '../components/page-shell.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RequireAuth } from './require-auth.tsx';

/** Screens whose feature is still to be built: the title and the back link only. */
const upcoming: {
  path: string;
  title: string;
  back?: { to: string; label: string };
  /** spec §2: sign-in required at route level. */
  isProtected?: boolean;
}[] = [];

// Every screen is its own chunk so the landing page loads only what it needs.
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/landing/routes/landing-page.tsx')).LandingPage,
        }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({
          Component: (await import('../features/legal/routes/privacy-policy-page.tsx'))
            .PrivacyPolicyPage,
        }),
      },
      {
        path: 'terms-of-service',
        lazy: async () => ({
          Component: (await import('../features/legal/routes/terms-of-service-page.tsx'))
            .TermsOfServicePage,
        }),
      },
      {
        path: 'auth',
        lazy: async () => ({
          Component: (await import('../features/auth/routes/auth-page.tsx')).AuthPage,
        }),
      },
      {
        path: 'auth/reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/routes/reset-password-page.tsx'))
            .ResetPasswordPage,
        }),
      },
      {
        path: 'settings',
        lazy: async () => {
          const { SettingsPage } = await import('../features/settings/routes/settings-page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <SettingsPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'bookmarks',
        lazy: async () => {
          const { BookmarksPage } = await import('../features/bookmarks/routes/bookmarks-page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <BookmarksPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'feeling',
        lazy: async () => ({
          Component: (await import('../features/feeling/routes/feeling-page.tsx')).FeelingPage,
        }),
      },
      {
        path: 'verse-of-day',
        lazy: async () => ({
          Component: (await import('../features/verse-of-day/routes/verse-of-day-page.tsx'))
            .VerseOfDayPage,
        }),
      },
      {
        path: 'read-bible',
        lazy: async () => ({
          Component: (await import('../features/bible/routes/read-bible-page.tsx')).ReadBiblePage,
        }),
      },
      {
        path: 'saved-verses',
        lazy: async () => ({
          Component: (await import('../features/saved-verses/routes/saved-verses-page.tsx'))
            .SavedVersesPage,
        }),
      },
      {
        path: 'verse-graphics',
        lazy: async () => ({
          Component: (await import('../features/verse-graphics/routes/verse-graphics-page.tsx'))
            .VerseGraphicsPage,
        }),
      },
      {
        path: 'testimony',
        lazy: async () => ({
          Component: (await import('../features/testimonies/routes/testimony-page.tsx'))
            .TestimonyPage,
        }),
      },
      {
        path: 'moderation',
        lazy: async () => {
          const { ModerationPage } =
            await import('../features/moderation/routes/moderation-page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <ModerationPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'journal',
        lazy: async () => ({
          Component: (await import('../features/journal/routes/journal-page.tsx')).JournalPage,
        }),
      },
      {
        path: 'journal-entries',
        lazy: async () => {
          const { JournalEntriesPage } =
            await import('../features/journal/routes/journal-entries-page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <JournalEntriesPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'prayer',
        lazy: async () => ({
          Component: (await import('../features/prayer/routes/prayer-page.tsx')).PrayerPage,
        }),
      },
      ...upcoming.map(({ path, title, back, isProtected }) => {
        const page = <PageShell title={title} {...(back ? { back } : {})} />;
        return { path, element: isProtected ? <RequireAuth>{page}</RequireAuth> : page };
      }),
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/misc/routes/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
]);
