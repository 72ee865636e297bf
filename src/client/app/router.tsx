import { createBrowserRouter } from 'react-router';
import { PageShell } from '../components/page-shell.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/** Screens whose feature is still to be built: the title and the back link only. */
const upcoming: { path: string; title: string; back?: { to: string; label: string } }[] = [
  { path: 'auth', title: 'Welcome to Grounded' },
  { path: 'auth/reset-password', title: 'Choose a New Password' },
  { path: 'feeling', title: 'How Are You Feeling?' },
  { path: 'verse-of-day', title: 'Verse of the Day' },
  { path: 'read-bible', title: 'Read the Bible' },
  { path: 'prayer', title: 'Prayer & Meditation' },
  { path: 'journal', title: 'Journal' },
  {
    path: 'journal-entries',
    title: 'My Journal Entries',
    back: { to: '/journal', label: 'Back to Journal' },
  },
  { path: 'saved-verses', title: 'Saved Verses' },
  { path: 'bookmarks', title: 'Bookmarked Chapters' },
  { path: 'verse-graphics', title: 'Verse Graphics' },
  { path: 'testimony', title: 'Share Your Testimony' },
  { path: 'settings', title: 'Settings' },
];

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
      ...upcoming.map(({ path, title, back }) => ({
        path,
        element: <PageShell title={title} {...(back ? { back } : {})} />,
      })),
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/misc/routes/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
]);
