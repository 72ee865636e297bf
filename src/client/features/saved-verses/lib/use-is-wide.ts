import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here the saved verses sit in two columns. */
const wideQuery = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(wideQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for two columns of cards. */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(wideQuery).matches,
    () => false,
  );
}
