import { useEffect } from 'react';

/**
 * Calls `preload` (which fetches code a screen will need on a person's first action: a form's
 * checks, a dialog) when the browser is next idle after the component appears, so that the code
 * is not part of the screen's first load and yet the action does not wait for it.
 */
export function useIdlePreload(preload: () => void): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(preload, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }, [preload]);
}
