import { useEffect, useRef, useState } from 'react';
import type { LoadOnce } from './load-once.ts';

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
