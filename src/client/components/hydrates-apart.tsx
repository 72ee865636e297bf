import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-drawn page that React hydrates on its own. React hydrates and commits each
 * Suspense boundary separately, after the rest of the page, so a long page comes to life in
 * several short tasks rather than one long one during which a tap waits (Lighthouse's Total
 * Blocking Time). A tap on a part not yet hydrated hydrates it at once and is then handled.
 * Nothing inside may suspend once the page runs: the fallback is nothing at all.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
