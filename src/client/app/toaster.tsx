import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSonner } from '#client/lib/notify.ts';
import { useTheme } from '#client/lib/theme.tsx';

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/**
 * Calls back once the page has loaded and the browser is idle, or `timeout` ms after the load,
 * so that loading the toaster never competes with the first screen.
 */
function whenLoadedAndIdle(callback: () => void, timeout: number): () => void {
  let cancel = () => {};
  const afterLoad = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback, timeout / 2);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}

/**
 * product §9: one toast visible at a time, 4000 ms by default (destructive ones set 6000 ms).
 * Mounted once the page has loaded and is idle, so that sonner never delays the first screen;
 * a toast raised before then is shown as soon as it mounts.
 */
export function AppToaster() {
  const { resolved } = useTheme();
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setIsMounted(true), 2000), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={resolved}
        visibleToasts={1}
        duration={4000}
        position="bottom-right"
        richColors
        closeButton
      />
    </Suspense>
  );
}
