import { useEffect, useRef, useState } from 'react';
import type { LoadOnce } from './load-once.ts';
import { notify } from './notify.ts';

/**
 * What `code` brings, fetched once `isWanted` (a dialog opening, a list that can grow): undefined
 * until it has come, and while it is not wanted. A failed fetch calls `onFailure` (if given) and
 * is tried again the next time it is wanted.
 */
export function useLoaded<T>(
  code: LoadOnce<T>,
  isWanted: boolean,
  onFailure?: () => void,
): T | undefined {
  const [loaded, setLoaded] = useState(code.loaded);
  // The latest callback: a parent's new function on each render asks for nothing again.
  const failed = useRef(onFailure);
  useEffect(() => {
    failed.current = onFailure;
  });
  useEffect(() => {
    if (!isWanted || loaded) return;
    let isCurrent = true;
    code.load().then(
      (value) => {
        if (isCurrent) setLoaded(() => value);
      },
      () => {
        if (isCurrent) failed.current?.();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [code, isWanted, loaded]);
  return isWanted ? loaded : undefined;
}

/**
 * What something that opens (a dialog, a popover, a menu) shows, fetched at the latest when it
 * opens. If it cannot be fetched, a toast says so and `close` closes it; the next opening tries
 * again.
 */
export function useLoadedWhileOpen<T>(
  code: LoadOnce<T>,
  isOpen: boolean,
  close: () => void,
): T | undefined {
  return useLoaded(code, isOpen, () => {
    notify.error('Could not open this', 'Please check your connection and try again.');
    close();
  });
}
