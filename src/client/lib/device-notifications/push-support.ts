// Whether this browser can take Web Push: Settings asks at render, before the subscription code
// (push-subscription.ts) is fetched.
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window;
}
