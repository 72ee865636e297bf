import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadError } from '#client/components/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSession, useSessionCheck } from '#client/lib/session.ts';

function Loading() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8" />
      <p>Loading...</p>
    </div>
  );
}

/**
 * No answer to 'who is signed in?' (offline, or the server out of reach): the person may well
 * be signed in, so they are offered a retry here rather than sent to the sign-in form.
 */
function SessionUnreachable() {
  const { isRetrying, retry } = useSessionCheck();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <LoadError
        message="We couldn't check that you are signed in."
        isRetrying={isRetrying}
        onRetry={retry}
      />
    </div>
  );
}

/**
 * product §2: 'Loading...' while the session resolves, then /auth (remembering the origin). Only
 * the server's signed-out answer leads to /auth; a failed request offers a retry instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const { isUnreachable } = useSessionCheck();
  const location = useLocation();
  if (session.status === 'loading') return isUnreachable ? <SessionUnreachable /> : <Loading />;
  if (session.status === 'signed-out') {
    // Signing out from here navigates to / and then clears the session. The router renders the
    // new page in a transition, so this screen can still be on display for a moment while the
    // address bar already shows /. Leaving anyway: show nothing rather than redirect to /auth.
    if (window.location.pathname !== location.pathname) return null;
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  // The screen's chunk may still be on its way when the session arrives. That update is not a
  // transition, so React needs a boundary here to show 'Loading...' until the chunk is in.
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
