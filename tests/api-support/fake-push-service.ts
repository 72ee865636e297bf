import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import type { PushPayload } from '#shared/schemas/notifications.ts';

/**
 * Test helpers that play the browser's side of Web Push: a push service that records what it is
 * sent, and the subscription keys a browser would make, able to decrypt what arrives.
 */

/** VAPID keys for a test's push sender: pass `testVapidConfig` in the app's config. */
const testVapidKeys = webpush.generateVAPIDKeys();
export const testVapidConfig = {
  vapidPublicKey: testVapidKeys.publicKey,
  vapidPrivateKey: testVapidKeys.privateKey,
};

/** A journal reminder, as the tests push it. */
export const testPushPayload: PushPayload = {
  id: 'n-1',
  type: 'journal_reminder',
  title: 'Time to journal',
  message: 'How is your heart today?',
  link: '/journal',
};

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type FakePushService = {
  /** The base URL; append a path per subscription, e.g. `${url}/push/a`. */
  url: string;
  received: ReceivedPush[];
  /** The status to answer a path with (201 by default), or 'hang' to never answer. */
  answer: (path: string, status: number | 'hang') => void;
  close: () => Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | 'hang'>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path) ?? 201;
      if (status !== 'hang') response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type BrowserKeys = {
  ecdh: ECDH;
  authSecret: Buffer;
  /** As PushSubscription.toJSON().keys gives them. */
  keys: { p256dh: string; auth: string };
};

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret (RFC 8291). */
export function createBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
  };
}

/** Decrypts a one-record aes128gcm push message (RFC 8188 + RFC 8291) as the browser would. */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a `vapid t=<JWT>, k=<public key>` Authorization header (RFC 8292): the key is the
 * expected one and the ES256 signature verifies with it. Returns the JWT's claims.
 */
export function verifyVapidHeader(
  authorization: string | undefined,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || match[2] !== publicKey)
    throw new Error(`not a VAPID header: ${authorization}`);
  const [header, claims, signature] = match[1].split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}
