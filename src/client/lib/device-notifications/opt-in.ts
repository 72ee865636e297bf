import { useSyncExternalStore } from 'react';

/**
 * 'Show notifications on this device' is a choice per browser, like the permission it needs,
 * so it is kept in localStorage rather than in the account's settings.
 */
const storageKey = 'grounded.device-notifications';
const changeEvent = 'grounded:device-notifications-change';

export function isDeviceOptedIn(): boolean {
  try {
    return localStorage.getItem(storageKey) === 'on';
  } catch {
    // Storage can be blocked; then the device simply has not opted in.
    return false;
  }
}

export function setDeviceOptIn(isOn: boolean): void {
  try {
    if (isOn) localStorage.setItem(storageKey, 'on');
    else localStorage.removeItem(storageKey);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(changeEvent));
}

function subscribe(onChange: () => void): () => void {
  // 'storage' tells other tabs of this browser; the custom event tells this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changeEvent, onChange);
  };
}

export function useDeviceOptIn(): boolean {
  return useSyncExternalStore(subscribe, isDeviceOptedIn, () => false);
}
