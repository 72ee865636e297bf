import { createECDH } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { pushEndpointProblem } from '#shared/notifications/push-endpoint.ts';
import type { PushPayload } from '#shared/schemas/notifications.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { createPushAgent, type ResolveHost } from './push-address.ts';

/**
 * Sends a user's new notification to the browsers they subscribed with Web Push. Without VAPID
 * keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) it is disabled and sends nothing.
 * Sending never throws: a failed push is logged, and a gone subscription (404/410) is deleted.
 * Pushes go only to known push services (shared/notifications/push-endpoint.ts) at public
 * addresses (push-address.ts): a stored endpoint of any other service is deleted unsent.
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
  /**
   * The DNS lookup beneath the address check (tests answer with fixed addresses); whatever it
   * returns is checked all the same. The system resolver by default.
   */
  resolveHost?: ResolveHost;
  /**
   * Tests only: the origins of fake push services on loopback (startFakePushService), which are
   * sent to over http, past the allow-list and the address check. Only a test passes it; no
   * setting or environment variable reaches it, so a server never sends to loopback.
   */
  fakePushServiceOrigins?: readonly string[];
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
  // An aborted request carries why as its cause: the TimeoutError of AbortSignal.timeout().
  const cause: unknown = error.cause;
  if (error.name === 'AbortError' && cause instanceof Error) {
    return `${cause.name}: ${cause.message}`;
  }
  const code = 'code' in error ? String(error.code) : undefined;
  return code ? `${error.message} (${code})` : `${error.name}: ${error.message}`;
}

/** Checks the tests' fake push service origins: http on loopback, nothing else. */
function fakeOriginsOf(origins: readonly string[]): ReadonlySet<string> {
  for (const origin of origins) {
    const url = URL.parse(origin);
    const isLoopback = url?.hostname === '127.0.0.1' || url?.hostname === '[::1]';
    if (url?.origin !== origin || url.protocol !== 'http:' || !isLoopback) {
      throw new Error(
        `fakePushServiceOrigins takes http origins on loopback (a test's fake push service), got "${origin}".`,
      );
    }
  }
  return new Set(origins);
}

/**
 * POSTs a push and gives the status. The whole request, connection to response, is bounded by
 * the signal; web-push's own sender only limits socket idleness. A redirect is not followed: a
 * push service answers, and following one would let a stored endpoint steer the request.
 * Only a test's fake push service is http, and it goes without the agent.
 */
function post(
  url: URL,
  request: webpush.RequestDetails,
  agent: https.Agent | undefined,
  timeoutMs: number,
): Promise<number> {
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      { method: 'POST', headers: request.headers, agent, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        // After an error, the promise is already settled and reject() does nothing.
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

type Subscription = { id: string; endpoint: string; p256dh: string; auth: string };

export function createPushSender(
  config: Config,
  db: Db,
  log: PushLogger,
  options: PushSenderOptions = {},
): PushSender {
  const fakeOrigins = fakeOriginsOf(options.fakePushServiceOrigins ?? []);
  const vapid = readVapidDetails(config);
  if (!vapid) return { enabled: false, publicKey: null, sendToUser: async () => {} };
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const agent = createPushAgent(options.resolveHost);

  /** web-push encrypts the payload and signs the VAPID header; post() sends it. */
  const deliver = async (
    userId: string,
    subscription: Subscription,
    body: string,
  ): Promise<void> => {
    const pushService = pushServiceOf(subscription.endpoint);
    const isFake = fakeOrigins.has(URL.parse(subscription.endpoint)?.origin ?? '');
    // Rows stored before endpoints were checked, or edited by hand, are checked again here.
    if (!isFake && pushEndpointProblem(subscription.endpoint) !== null) {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      log.warn(
        { userId, pushService },
        'push endpoint is not a known push service; subscription deleted',
      );
      return;
    }
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      body,
      { vapidDetails: vapid, TTL: pushTtlSeconds, urgency: 'normal', contentEncoding: 'aes128gcm' },
    );
    const url = new URL(request.endpoint);
    const status = await post(url, request, isFake ? undefined : agent, timeoutMs);
    if (status >= 200 && status < 300) return;
    // 404 and 410: the browser unsubscribed or the subscription expired; it will never work again.
    if (status === 404 || status === 410) {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      return;
    }
    log.warn({ userId, pushService, status }, 'push was not accepted');
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
