import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { fixedClock } from '#server/clock.ts';
import { readConfig, type Config } from '#server/config.ts';
import { createPushSender, type PushLogger, type PushSenderOptions } from '#server/push.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import {
  createBrowserKeys,
  decryptPush,
  startFakePushService,
  testPushPayload,
  testVapidConfig,
  verifyVapidHeader,
  type FakePushService,
} from '#tests/api-support/fake-push-service.ts';
import { createTestApp, useTestApp, type TestApp } from '#tests/api-support/test-app.ts';
import { maxPushSubscriptionsPerUser } from './push.service.ts';

const vapidConfig = testVapidConfig;
const notConfigured = 'Push notifications are not configured on this server.';

const payload = testPushPayload;

function send(
  t: TestApp,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  account?: SignedIn,
  body?: unknown,
) {
  return browserRequest(t, {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    ...(account ? { cookie: account.cookie } : {}),
  });
}

function subscriptionBody(endpoint: string) {
  return { endpoint, keys: createBrowserKeys().keys };
}

function rowsOf(t: TestApp, userId: string) {
  return t.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

function collectingLog(): PushLogger & { lines: { object: object; message: string }[] } {
  const lines: { object: object; message: string }[] = [];
  return { lines, warn: (object, message) => lines.push({ object, message }) };
}

describe('without VAPID keys', () => {
  const t = useTestApp();

  it('GET /api/push/config says push is off, signed out too', async () => {
    const response = await send(t, 'GET', '/api/push/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, public_key: null });
  });

  it('PUT /api/push/subscription answers 409 PUSH_NOT_CONFIGURED and stores nothing', async () => {
    const account = await signUp(t);
    const body = subscriptionBody('https://fcm.googleapis.com/fcm/send/abc');
    const response = await send(t, 'PUT', '/api/push/subscription', account, body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'PUSH_NOT_CONFIGURED', message: notConfigured });
    expect(await rowsOf(t, account.user.id)).toEqual([]);
  });

  it('DELETE /api/push/subscription still answers 204', async () => {
    const account = await signUp(t);
    const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' };
    const response = await send(t, 'DELETE', '/api/push/subscription', account, body);
    expect(response.statusCode).toBe(204);
  });

  it('the sender is disabled and sends nothing', async () => {
    const sender = createPushSender(t.config, t.db, collectingLog());
    expect(sender).toMatchObject({ enabled: false, publicKey: null });
    await expect(sender.sendToUser('anyone', payload)).resolves.toBeUndefined();
  });
});

describe('with VAPID keys', () => {
  const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
  const t = useTestApp({ clock, config: vapidConfig });

  it('GET /api/push/config gives the public key, signed out too', async () => {
    const response = await send(t, 'GET', '/api/push/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true, public_key: vapidConfig.vapidPublicKey });
  });

  it('PUT stores the subscription (204); sending it again updates the keys in place', async () => {
    const account = await signUp(t);
    const first = subscriptionBody('https://fcm.googleapis.com/fcm/send/one');
    const response = await send(t, 'PUT', '/api/push/subscription', account, first);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(await rowsOf(t, account.user.id)).toEqual([
      {
        id: expect.any(String),
        user_id: account.user.id,
        endpoint: first.endpoint,
        p256dh: first.keys.p256dh,
        auth: first.keys.auth,
        created_at: clock.now().toISOString(),
      },
    ]);

    const renewed = subscriptionBody(first.endpoint);
    clock.advance(60_000);
    expect((await send(t, 'PUT', '/api/push/subscription', account, renewed)).statusCode).toBe(204);
    const rows = await rowsOf(t, account.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
      created_at: clock.now().toISOString(),
    });
  });

  it('an endpoint subscribed by another user moves to the last one', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const body = subscriptionBody('https://fcm.googleapis.com/fcm/send/shared-browser');
    expect((await send(t, 'PUT', '/api/push/subscription', first, body)).statusCode).toBe(204);
    expect((await send(t, 'PUT', '/api/push/subscription', second, body)).statusCode).toBe(204);
    expect(await rowsOf(t, first.user.id)).toEqual([]);
    expect(await rowsOf(t, second.user.id)).toMatchObject([{ endpoint: body.endpoint }]);
  });

  it(`keeps the ${maxPushSubscriptionsPerUser} newest subscriptions per user`, async () => {
    const account = await signUp(t);
    const endpoints = Array.from(
      { length: maxPushSubscriptionsPerUser + 1 },
      (_, index) => `https://fcm.googleapis.com/fcm/send/cap-${index}`,
    );
    for (const endpoint of endpoints) {
      clock.advance(1000);
      const response = await send(t, 'PUT', '/api/push/subscription', account, {
        ...subscriptionBody(endpoint),
      });
      expect(response.statusCode).toBe(204);
    }
    const kept = (await rowsOf(t, account.user.id)).map((row) => row.endpoint);
    expect(kept).toEqual(endpoints.slice(1));
  });

  it('DELETE removes only the caller’s own subscription (204 either way)', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const body = subscriptionBody('https://fcm.googleapis.com/fcm/send/mine');
    expect((await send(t, 'PUT', '/api/push/subscription', owner, body)).statusCode).toBe(204);

    const byOther = await send(t, 'DELETE', '/api/push/subscription', other, {
      endpoint: body.endpoint,
    });
    expect(byOther.statusCode).toBe(204);
    expect(await rowsOf(t, owner.user.id)).toHaveLength(1);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const byOwner = await send(t, 'DELETE', '/api/push/subscription', owner, {
        endpoint: body.endpoint,
      });
      expect(byOwner.statusCode).toBe(204);
    }
    expect(await rowsOf(t, owner.user.id)).toEqual([]);
  });

  it.each([
    ['PUT', subscriptionBody('https://fcm.googleapis.com/fcm/send/x')],
    ['DELETE', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }],
  ] as const)('%s signed out answers 401', async (method, body) => {
    const response = await send(t, method, '/api/push/subscription', undefined, body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });

  const { keys } = createBrowserKeys();
  const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
  const compressed = createECDH('prime256v1');
  compressed.generateKeys();
  it.each([
    ['no body fields', {}, 'endpoint: '],
    ['an endpoint that is no URL', { endpoint: 'not a url', keys }, 'endpoint: '],
    ['an ftp endpoint', { endpoint: 'ftp://fcm.googleapis.com/fcm/send/x', keys }, 'endpoint: '],
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }, 'keys: '],
    [
      'a p256dh that is not base64url',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, p256dh: 'a+b/c' } },
      'keys.p256dh: The push key is not valid.',
    ],
    [
      'a p256dh off the curve',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, p256dh: offCurve } },
      'keys.p256dh: The push key is not valid.',
    ],
    [
      'a compressed p256dh',
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { ...keys, p256dh: compressed.getPublicKey('base64url', 'compressed') },
      },
      'keys.p256dh: The push key is not valid.',
    ],
    [
      'an 8-byte auth secret',
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { ...keys, auth: randomBytes(8).toString('base64url') },
      },
      'keys.auth: The push key is not valid.',
    ],
  ])('PUT with %s answers 400 VALIDATION_ERROR', async (_case, body, message) => {
    const account = await signUp(t);
    const response = await send(t, 'PUT', '/api/push/subscription', account, body);
    expect(response.statusCode).toBe(400);
    const error = response.json<{ error: string; message: string }>();
    expect(error.error).toBe('VALIDATION_ERROR');
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(await rowsOf(t, account.user.id)).toEqual([]);
  });

  it('DELETE without an endpoint answers 400 VALIDATION_ERROR', async () => {
    const account = await signUp(t);
    const response = await send(t, 'DELETE', '/api/push/subscription', account, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  describe('delivery to a real (local) push service', () => {
    let service: FakePushService;
    beforeAll(async () => {
      service = await startFakePushService();
    });
    afterAll(async () => {
      await service.close();
    });

    /**
     * The fake service is on loopback, which PUT refuses (push-endpoints.test.ts), so its
     * subscriptions are stored directly, and only a sender told about it sends to it.
     */
    async function subscribe(account: SignedIn, path: string, origin = service.url) {
      const browser = createBrowserKeys();
      await t.db
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          user_id: account.user.id,
          endpoint: `${origin}${path}`,
          p256dh: browser.keys.p256dh,
          auth: browser.keys.auth,
          created_at: clock.now().toISOString(),
        })
        .execute();
      return browser;
    }

    function senderFor(log: PushLogger, options: PushSenderOptions = {}) {
      const fakePushServiceOrigins = [service.url, ...(options.fakePushServiceOrigins ?? [])];
      return createPushSender(t.config, t.db, log, { ...options, fakePushServiceOrigins });
    }

    function receivedAt(path: string) {
      return service.received.filter((push) => push.path === path);
    }

    it('sends an encrypted aes128gcm message with a signed VAPID header', async () => {
      const account = await signUp(t);
      const other = await signUp(t);
      const browser = await subscribe(account, '/push/delivered');
      await subscribe(other, '/push/someone-else');

      await senderFor(collectingLog()).sendToUser(account.user.id, payload);

      expect(receivedAt('/push/someone-else')).toEqual([]);
      const [push] = receivedAt('/push/delivered');
      if (!push) throw new Error('the push service received nothing');
      expect(push.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(12 * 60 * 60),
        urgency: 'normal',
      });
      const claims = verifyVapidHeader(push.headers.authorization, vapidConfig.vapidPublicKey);
      expect(claims).toMatchObject({ aud: service.url, sub: t.config.vapidSubject });
      expect(push.body.includes(Buffer.from(payload.title))).toBe(false);
      expect(JSON.parse(decryptPush(push.body, browser))).toEqual(payload);
    });

    it('deletes a subscription answered 410, keeps one answered 500 and logs no endpoint', async () => {
      const account = await signUp(t);
      service.answer('/push/gone-secret', 410);
      service.answer('/push/broken-secret', 500);
      await subscribe(account, '/push/gone-secret');
      await subscribe(account, '/push/broken-secret');
      await subscribe(account, '/push/fine');
      const log = collectingLog();

      await senderFor(log).sendToUser(account.user.id, payload);

      for (const path of ['/push/gone-secret', '/push/broken-secret', '/push/fine']) {
        expect(receivedAt(path)).toHaveLength(1);
      }
      const kept = (await rowsOf(t, account.user.id)).map((row) => row.endpoint).sort();
      expect(kept).toEqual([`${service.url}/push/broken-secret`, `${service.url}/push/fine`]);
      expect(log.lines).toEqual([
        {
          object: {
            userId: account.user.id,
            pushService: new URL(service.url).host,
            status: 500,
          },
          message: 'push was not accepted',
        },
      ]);
      expect(JSON.stringify(log.lines)).not.toContain('secret');
    });

    it('gives up on a push service that does not answer, without throwing', async () => {
      const account = await signUp(t);
      service.answer('/push/hangs', 'hang');
      await subscribe(account, '/push/hangs');
      const log = collectingLog();
      const sender = senderFor(log, { timeoutMs: 200 });

      await expect(sender.sendToUser(account.user.id, payload)).resolves.toBeUndefined();

      expect(receivedAt('/push/hangs')).toHaveLength(1);
      expect(log.lines).toEqual([
        {
          object: expect.objectContaining({ reason: expect.stringMatching(/Timeout/) }),
          message: 'push failed',
        },
      ]);
      expect(await rowsOf(t, account.user.id)).toHaveLength(1);
    });

    it('logs an unreachable push service and carries on', async () => {
      const account = await signUp(t);
      const closed = await startFakePushService();
      await closed.close();
      await subscribe(account, '/push/nowhere', closed.url);
      await subscribe(account, '/push/still-fine');
      const log = collectingLog();

      await senderFor(log, { fakePushServiceOrigins: [closed.url] }).sendToUser(
        account.user.id,
        payload,
      );

      expect(receivedAt('/push/still-fine')).toHaveLength(1);
      expect(log.lines).toEqual([
        {
          object: expect.objectContaining({ reason: expect.stringContaining('ECONNREFUSED') }),
          message: 'push failed',
        },
      ]);
    });
  });
});

describe('in production', () => {
  const t = useTestApp({ config: { ...vapidConfig, isProduction: true } });

  it('accepts only https endpoints of push services', async () => {
    const account = await signUp(t);
    const http = await send(t, 'PUT', '/api/push/subscription', account, {
      ...subscriptionBody('http://127.0.0.1:9/push/internal'),
    });
    expect(http.statusCode).toBe(400);
    expect(http.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'endpoint: The push endpoint must use https.',
    });
    const https = await send(t, 'PUT', '/api/push/subscription', account, {
      ...subscriptionBody('https://fcm.googleapis.com/fcm/send/prod'),
    });
    expect(https.statusCode).toBe(204);
  });
});

describe('VAPID settings are checked at start', () => {
  const base: Config = { ...readConfig({}), ...vapidConfig };
  const other = webpush.generateVAPIDKeys();
  // The sender reads no database before it sends; these checks fail before that.
  const noDb = {} as Parameters<typeof createPushSender>[1];
  const start = (config: Partial<Config>) => () =>
    createPushSender({ ...base, ...config }, noDb, collectingLog());

  it.each([
    [
      'only the public key',
      { vapidPrivateKey: undefined },
      'VAPID_PUBLIC_KEY is set but VAPID_PRIVATE_KEY is not',
    ],
    [
      'only the private key',
      { vapidPublicKey: undefined },
      'VAPID_PRIVATE_KEY is set but VAPID_PUBLIC_KEY is not',
    ],
    [
      'a padded public key',
      { vapidPublicKey: `${vapidConfig.vapidPublicKey}=` },
      'VAPID_PUBLIC_KEY is not a valid VAPID key',
    ],
    ['a short public key', { vapidPublicKey: 'abc' }, 'VAPID_PUBLIC_KEY is not a valid VAPID key'],
    [
      'a private key with a space',
      { vapidPrivateKey: ` ${vapidConfig.vapidPrivateKey}` },
      'VAPID_PRIVATE_KEY is not a valid VAPID key',
    ],
    [
      'a zero private key',
      { vapidPrivateKey: Buffer.alloc(32).toString('base64url') },
      'VAPID_PRIVATE_KEY is not a valid P-256 private key',
    ],
    [
      'keys of two pairs',
      { vapidPrivateKey: other.privateKey },
      'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY',
    ],
    [
      'a bare e-mail subject',
      { vapidSubject: 'no-reply@grounded.app' },
      'VAPID_SUBJECT must be a mailto: or https://',
    ],
  ] as const)('%s is refused with the variable named', (_case, config, message) => {
    let thrown: unknown;
    try {
      start(config)();
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).toContain(message);
    expect(String(thrown)).not.toContain(vapidConfig.vapidPrivateKey);
    expect(String(thrown)).not.toContain(other.privateKey);
  });

  it('stops the app from starting', async () => {
    await expect(
      createTestApp({ config: { ...vapidConfig, vapidPublicKey: 'abc' } }),
    ).rejects.toThrow('VAPID_PUBLIC_KEY is not a valid VAPID key');
  });
});
