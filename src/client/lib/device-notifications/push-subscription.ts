import { apiRequest } from '#client/lib/api-client.ts';
import type { PushSubscriptionRequest } from '#shared/schemas/notifications.ts';
import { isPushSupported } from './push-support.ts';

export { isPushSupported };

export function savePushSubscription(body: PushSubscriptionRequest): Promise<void> {
  return apiRequest<void>('/api/push/subscription', { method: 'PUT', body });
}

export function deletePushSubscription(endpoint: string): Promise<void> {
  return apiRequest<void>('/api/push/subscription', { method: 'DELETE', body: { endpoint } });
}

/** The VAPID public key is base64url text; pushManager wants its bytes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function isSameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  // getRegistration() rather than `ready`, which never settles where no worker is registered.
  const registered = await navigator.serviceWorker.getRegistration();
  if (!registered) return null;
  return registered.active ? registered : navigator.serviceWorker.ready;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this browser (or keeps its subscription when it was made with the same server
 * key) and gives it to the server, which stores it for the signed-in user. Throws when the
 * browser cannot subscribe.
 */
export async function subscribeToPush(publicKey: string): Promise<void> {
  const worker = await registration();
  if (!worker) throw new Error('No service worker is running for this page.');
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    // Made with a key this server no longer has: pushes to it could never arrive.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) {
    throw new Error('The browser gave a push subscription without keys.');
  }
  await savePushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}

/** Ends this browser's subscription, then tells the server to forget it. */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await deletePushSubscription(endpoint);
  } catch {
    // The subscription is already dead in the browser; the server drops it at the next push
    // (the push service answers 410 Gone).
  }
}

/**
 * Before signing out: the server forgets this browser, so the next person to use it receives
 * none of this user's pushes. The browser keeps its subscription; whoever signs in next with the
 * device opted in hands it to the server as theirs. Never blocks signing out.
 */
export async function forgetPushSubscriptionOnServer(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (subscription) await deletePushSubscription(subscription.endpoint);
  } catch {
    // Offline or already gone: the session still ends, and a dead endpoint is dropped later.
  }
}
