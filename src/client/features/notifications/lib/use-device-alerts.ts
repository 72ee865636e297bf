import { useEffect, useRef } from 'react';
import type { NotificationList } from '#client/api/notifications.ts';
import { usePushConfig } from '#client/lib/device-notifications/get-push-config.ts';
import { useDeviceOptIn } from '#client/lib/device-notifications/opt-in.ts';
import { useDevicePermission } from '#client/lib/device-notifications/permission.ts';
import {
  currentPushSubscription,
  subscribeToPush,
} from '#client/lib/device-notifications/push-subscription.ts';
import { showDeviceNotification } from '#client/lib/device-notifications/show-device-notification.ts';
import type { Notification } from '#shared/schemas/notifications.ts';

/** A burst (a day's backlog arriving at once, say) shows a few, not a screenful. */
const maxShownAtOnce = 3;

/**
 * 'Show notifications on this device' while the app is open: each notification that arrives
 * after the page loaded (never the backlog it loaded with) is shown by the browser. With Web
 * Push active the service worker shows it instead, so it is not shown twice.
 */
export function useDeviceAlerts(
  list: NotificationList | undefined,
  onClick: (notification: Notification) => void,
): void {
  const isOptedIn = useDeviceOptIn();
  const permission = useDevicePermission();
  const isOn = isOptedIn && permission === 'granted';
  const pushConfig = usePushConfig({ isEnabled: isOn });
  const isPushEnabled = pushConfig.data?.enabled ?? false;
  const publicKey = pushConfig.data?.public_key ?? null;
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!list) return;
    if (seen.current === null) {
      seen.current = new Set(list.pages.flatMap((page) => page.items.map(({ id }) => id)));
      return;
    }
    const known = seen.current;
    // Only the newest page can hold new arrivals; older pages come from 'Load more'.
    const arrived = (list.pages[0]?.items ?? []).filter(({ id }) => !known.has(id));
    for (const page of list.pages) for (const { id } of page.items) known.add(id);
    const toShow = arrived.filter(({ is_read }) => !is_read).slice(0, maxShownAtOnce);
    if (!isOn || toShow.length === 0) return;
    void (async () => {
      if (isPushEnabled && (await currentPushSubscription())) return;
      for (const notification of toShow) {
        await showDeviceNotification(notification, () => onClick(notification)).catch(() => {
          // The browser refused (permission withdrawn a moment ago): the bell still has it.
        });
      }
    })();
  }, [list, isOn, isPushEnabled, onClick]);

  // Keeps this browser subscribed while the device opted in (a subscription the push service
  // dropped, or one made before the server had push keys); the server stores it idempotently.
  useEffect(() => {
    if (!isOn || !isPushEnabled || !publicKey) return;
    subscribeToPush(publicKey).catch(() => {
      // Settings shows whether push works on this device; here there is no one to tell.
    });
  }, [isOn, isPushEnabled, publicKey]);
}
