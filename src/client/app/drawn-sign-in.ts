import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '#client/lib/session.ts';
import type { SessionResponse } from '#shared/schemas/auth.ts';

/**
 * A visitor who opens a screen only for someone signed in is sent the sign-in page, drawn by the
 * server at the address they asked for (decision 011). The app would send them to /auth anyway
 * (RequireAuth, product §2): before the router starts, the address moves there, with where they
 * came from in the history state as RequireAuth's redirect puts it, so that the app hydrates the
 * drawn sign-in page instead of drawing 'Loading...' and then the card again, and signing in
 * leads back. The state is written in React Router's form for a history entry (`usr` is what
 * it hands the app as `location.state`).
 *
 * Returns whether it moved: only when the screen at the address is private and the page came
 * with the server's answer that nobody is signed in.
 */
export function moveToDrawnSignIn(
  queryClient: QueryClient,
  isPrivate: (pathname: string) => boolean,
): boolean {
  const { pathname, search } = window.location;
  const session = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
  if (!isPrivate(pathname) || session?.user !== null) return false;
  window.history.replaceState({ usr: { from: pathname + search } }, '', '/auth');
  return true;
}
