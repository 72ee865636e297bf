import { useSyncExternalStore } from 'react';

export type DevicePermission = NotificationPermission | 'unsupported';

export function devicePermission(): DevicePermission {
  return typeof window !== 'undefined' && 'Notification' in window
    ? Notification.permission
    : 'unsupported';
}

/** Follows changes made in the browser's site settings while the page is open, where it can. */
function subscribe(onChange: () => void): () => void {
  let status: PermissionStatus | null = null;
  let isCancelled = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((result) => {
      if (isCancelled) return;
      status = result;
      status.addEventListener('change', onChange);
    })
    .catch(() => {
      // Not every browser can query this permission; the value is then read on each render.
    });
  return () => {
    isCancelled = true;
    status?.removeEventListener('change', onChange);
  };
}

export function useDevicePermission(): DevicePermission {
  return useSyncExternalStore(subscribe, devicePermission, () => 'unsupported');
}
