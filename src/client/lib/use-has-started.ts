import { useSyncExternalStore } from 'react';

function subscribeToNothing(): () => void {
  return () => {};
}

/**
 * False while a screen is drawn on the server and while the browser hydrates that markup (the
 * server's answer), true from then on and in any render that is the browser's own. What only
 * the browser can know (the window's size and scroll, the local time zone) waits for it, so a
 * drawn page hydrates without a mismatch and then shows it at once.
 */
export function useHasStarted(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
