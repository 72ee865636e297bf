import { useEffect } from 'react';

/**
 * Runs `task` once the browser is idle (at the latest after 4 s), or after 1.5 s where there is no
 * requestIdleCallback (Safari); again whenever `task` changes, and never after it is unset.
 * Work the reader does not wait for (the next chapter, the verse dialog's code) goes here.
 */
export function useWhenIdle(task: (() => void) | null): void {
  useEffect(() => {
    if (!task) return;
    const run = () => task();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(run, 1500);
    return () => window.clearTimeout(timer);
  }, [task]);
}
