import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches a media query (a Tailwind breakpoint, say), following it as the
 * window changes. False on the server and while the app takes over a drawn page, so that both
 * draw the same thing first.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
