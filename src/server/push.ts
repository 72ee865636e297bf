import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import type { PushPayload } from '../shared/schemas/notifications.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';

/**
 * Sends a user's new notification to the browsers they subscribed with Web Push. Without VAPID
 * keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) it is disabled and sends nothing.
 * Sending never throws: a failed push is logged, and a gone subscription (404/410) is deleted.
 */
export type PushSender = {
  readonly enabled: boolean;
  readonly publicKey: string | null;
  sendToUser: (userId: string, payload: PushPayload) => Promise<void>;
};

export type PushLogger = {
  warn: (object: object, message: string) => void;
};

export type PushSenderOptions = {
  /** How long one push request may take in all, connection to response (tests shorten it). */
  timeoutMs?: number;
};

type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** A reminder is about today: after 12 h undelivered (phone off), it is no longer worth showing. */
const pushTtlSeconds = 12 * 60 * 60;
const defaultTimeoutMs = 10_000;
const keyHelp = 'npx web-push generate-vapid-keys makes a pair';
const base64Url = /^[A-Za-z0-9_-]+$/;

function decodeKey(variable: string, value: string, bytes: number, what: string): Buffer {
  const decoded = base64Url.test(value) ? Buffer.from(value, 'base64url') : undefined;
  if (decoded?.length !== bytes) {
    throw new Error(
      `${variable} is not a valid VAPID key: expected ${what} (${bytes} bytes) in URL-safe ` +
        `base64 without padding (${keyHelp}).`,
    );
  }
  return decoded;
}

/**
 * The VAPID settings, or null when push is off (neither key set). Any other mistake stops the
 * server at start with the variable's name: otherwise every push would fail later, one log line
 * at a time. Key values are never echoed, the private one being a secret.
 */
function readVapidDetails(config: Config): VapidDetails | null {
  const { vapidPublicKey: publicKey, vapidPrivateKey: privateKey, vapidSubject: subject } = config;
  if (publicKey === undefined && privateKey === undefined) return null;
  if (publicKey === undefined || privateKey === undefined) {
    const [missing, present] =
      publicKey === undefined
        ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']
        : ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'];
    throw new Error(
      `${present} is set but ${missing} is not: set both to turn on Web Push (${keyHelp}), or neither.`,
    );
  }
  const publicBytes = decodeKey('VAPID_PUBLIC_KEY', publicKey, 65, 'an uncompressed P-256 point');
  const privateBytes = decodeKey('VAPID_PRIVATE_KEY', privateKey, 32, 'a P-256 private key');
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    derived = ecdh.getPublicKey();
  } catch {
    throw new Error(`VAPID_PRIVATE_KEY is not a valid P-256 private key (${keyHelp}).`);
  }
  if (!derived.equals(publicBytes)) {
    throw new Error(
      `VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY: use the two keys of one pair (${keyHelp}).`,
    );
  }
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https:// address, got "${subject}".`);
  }
  return { subject, publicKey, privateKey };
}

/** The push service's host only: the endpoint's path is the subscription's secret capability. */
function pushServiceOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid endpoint';
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch reports network failures as "fetch failed" with the system error as the cause.
  const cause: unknown = error.cause;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : undefined;
  return code ? `${error.message} (${code})` : `${error.name}: ${error.message}`;
}

type Subscription = { id: string; endpoint: string; p256dh: string; auth: string };

export function createPushSender(
  config: Config,
  db: Db,
  log: PushLogger,
  options: PushSenderOptions = {},
): PushSender {
  const vapid = readVapidDetails(config);
  if (!vapid) return { enabled: false, publicKey: null, sendToUser: async () => {} };
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;

  /**
   * web-push encrypts the payload and signs the VAPID header; fetch sends it, because web-push's
   * own sender only limits socket idleness, not the whole request.
   */
  const deliver = async (
    userId: string,
    subscription: Subscription,
    body: string,
  ): Promise<void> => {
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      body,
      { vapidDetails: vapid, TTL: pushTtlSeconds, urgency: 'normal', contentEncoding: 'aes128gcm' },
    );
    // fetch sets Content-Length from the body itself; every other header goes as a string.
    const headers = Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]): [string, string] => [name, String(value)]);
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(request.body),
      // A push service answers, it does not redirect; following one would let a stored endpoint
      // steer our request somewhere else.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return;
    const pushService = pushServiceOf(subscription.endpoint);
    // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again.
    if (response.status === 404 || response.status === 410) {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      return;
    }
    log.warn({ userId, pushService, status: response.status }, 'push was not accepted');
  };

  return {
    enabled: true,
    publicKey: vapid.publicKey,
    sendToUser: async (userId, payload) => {
      try {
        const subscriptions = await db
          .selectFrom('push_subscriptions')
          .select(['id', 'endpoint', 'p256dh', 'auth'])
          .where('user_id', '=', userId)
          .execute();
        const body = JSON.stringify(payload);
        await Promise.all(
          subscriptions.map((subscription) =>
            deliver(userId, subscription, body).catch((error: unknown) => {
              const pushService = pushServiceOf(subscription.endpoint);
              log.warn({ userId, pushService, reason: reasonOf(error) }, 'push failed');
            }),
          ),
        );
      } catch (error) {
        log.warn({ userId, reason: reasonOf(error) }, 'push failed');
      }
    },
  };
}
