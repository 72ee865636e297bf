import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '#client/lib/session.ts';

// Its own chunk: only a signed-in person whose e-mail is not confirmed yet ever sees it, so no
// visitor's first load carries it (nor its request, icons and dismissal). The landing page is
// within a kilobyte of its budget: keep this file small.
const EmailConfirmationReminder = lazy(async () => ({
  default: (await import('./email-confirmation-reminder.tsx')).EmailConfirmationReminder,
}));

/**
 * Under the header, for a signed-in person whose e-mail is not confirmed yet (decision 009: until
 * then, no Google sign-in may join the account). Nothing at all for visitors or while the
 * session loads, so prerendered and server-drawn pages hydrate as drawn. Not on the /auth
 * pages, which speak for themselves (the confirmation page above all).
 */
export function EmailConfirmationReminderSlot() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || user.email_verified || /^\/auth(\/|$)/.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <EmailConfirmationReminder userId={user.id} email={user.email} />
    </Suspense>
  );
}
