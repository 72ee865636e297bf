import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '#client/components/offline-banner.tsx';
import { EmailConfirmationReminderSlot } from './email-confirmation-reminder-slot.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/**
 * product §2: every route change scrolls to top. Not the first screen: the page was there before
 * the app started (drawn by the server or the build), and a person who scrolled it meanwhile, or
 * the browser restoring the place on a reload, keeps their place.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <OfflineBanner />
      <EmailConfirmationReminderSlot />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
