import { loadOnce } from '#client/lib/load-once.ts';
import { useIsOnline } from '#client/lib/offline/use-online-status.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';

// The notice itself is fetched when the browser is first idle (the service worker keeps it for
// later visits), so that no first load carries it and it is at hand once the network goes.
const notice = loadOnce(() => import('./offline-notice.lazy.tsx'));

/**
 * A slim strip under the header while the browser is offline. The live region is always in the
 * page, so that screen readers announce the change when it happens.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  useIdlePreload(notice.preload);
  const loaded = useLoaded(notice, !isOnline);
  return <div role="status">{loaded ? <loaded.OfflineNotice /> : null}</div>;
}
