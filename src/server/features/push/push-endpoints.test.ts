import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender, type PushLogger } from '#server/push.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import {
  createBrowserKeys,
  startFakePushService,
  testPushPayload,
  testVapidConfig,
  type FakePushService,
} from '#tests/api-support/fake-push-service.ts';
import { useTestApp, type TestApp } from '#tests/api-support/test-app.ts';

/**
 * A push endpoint is a URL the server POSTs to, so a user must not be able to
 * point it at the server's own network. Only endpoints of real push services are stored, and
 * nothing private is contacted at send time, whatever is stored or whatever DNS answers.
 */

const vapidConfig = testVapidConfig;

const payload = testPushPayload;

const notAPushService = 'endpoint: The push endpoint is not an address of a known push service.';
const notHttps = 'endpoint: The push endpoint must use https.';
const notPort443 = 'endpoint: The push endpoint must use the standard https port (443).';
const hasCredentials = 'endpoint: The push endpoint must not contain a user name or password.';

function subscribe(t: TestApp, account: SignedIn, endpoint: string) {
  return browserRequest(t, {
    method: 'PUT',
    url: '/api/push/subscription',
    payload: { endpoint, keys: createBrowserKeys().keys },
    cookie: account.cookie,
  });
}

function endpointsOf(t: TestApp, userId: string) {
  return t.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('endpoint')
    .execute()
    .then((rows) => rows.map((row) => row.endpoint));
}

/** A row as an older version of the server, or a database edited by hand, may have stored it. */
async function storeDirectly(t: TestApp, userId: string, endpoint: string): Promise<void> {
  const { keys } = createBrowserKeys();
  await t.db
    .insertInto('push_subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      created_at: new Date().toISOString(),
    })
    .execute();
}

function collectingLog(): PushLogger & { lines: { object: object; message: string }[] } {
  const lines: { object: object; message: string }[] = [];
  return { lines, warn: (object, message) => lines.push({ object, message }) };
}

describe('PUT /api/push/subscription accepts only endpoints of known push services', () => {
  const t = useTestApp({ config: vapidConfig });

  it.each([
    ['a loopback address with a port', 'https://127.0.0.1:4443/x', notAPushService],
    ['localhost', 'https://localhost/x', notAPushService],
    ['a private address', 'https://10.0.0.1/x', notAPushService],
    ['the IPv6 loopback address', 'https://[::1]/x', notAPushService],
    ['the cloud metadata address', 'https://169.254.169.254/latest', notAPushService],
    ['an IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/x', notAPushService],
    ['an IPv4-mapped IPv6 metadata address', 'https://[::ffff:a9fe:a9fe]/latest', notAPushService],
    ['loopback written as a decimal number', 'https://2130706433/', notAPushService],
    ['loopback written in hexadecimal', 'https://0x7f000001/', notAPushService],
    ['loopback written in octal', 'https://0177.0.0.1/', notAPushService],
    ['an unknown host', 'https://evil.example/x', notAPushService],
    ['a known host as a prefix', 'https://fcm.googleapis.com.evil.example/x', notAPushService],
    [
      'a known host as a suffix without a dot',
      'https://evil-fcm.googleapis.com/x',
      notAPushService,
    ],
    ['a wildcard service’s bare domain', 'https://notify.windows.com/x', notAPushService],
    ['a known host on another port', 'https://fcm.googleapis.com:8443/x', notPort443],
    ['a known host over http', 'http://fcm.googleapis.com/x', notHttps],
    ['a known host with a user name', 'https://user@fcm.googleapis.com/x', hasCredentials],
    ['a known host with a password', 'https://user:secret@fcm.googleapis.com/x', hasCredentials],
  ])('refuses %s (%s) with 400 and stores nothing', async (_case, endpoint, message) => {
    const account = await signUp(t);
    const response = await subscribe(t, account, endpoint);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message });
    expect(await endpointsOf(t, account.user.id)).toEqual([]);
  });

  it.each([
    ['Chrome (FCM)', 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-test_token'],
    ['Firefox (Mozilla autopush)', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk'],
    ['Edge (WNS)', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bTest'],
    ['Safari', 'https://web.push.apple.com/QGuQyavXutnMHTUtCk3rSQ'],
    ['another Apple push host', 'https://api.push.apple.com/3/device/abc'],
    ['a known host with the default port written out', 'https://fcm.googleapis.com:443/wp/abc'],
  ])('accepts an endpoint of %s', async (_case, endpoint) => {
    const account = await signUp(t);
    const response = await subscribe(t, account, endpoint);
    expect(response.statusCode, response.body).toBe(204);
    expect(await endpointsOf(t, account.user.id)).toEqual([endpoint]);
  });
});

describe('sending refuses addresses that are not public', () => {
  const t = useTestApp({ config: vapidConfig });
  let service: FakePushService;
  beforeAll(async () => {
    service = await startFakePushService();
  });
  afterAll(async () => {
    await service.close();
  });

  it('never contacts a stored endpoint of no known push service, and deletes it', async () => {
    const account = await signUp(t);
    const stored = [
      `${service.url}/push/stored-before-the-check`,
      'https://127.0.0.1:4443/x',
      'https://evil.example/x',
    ];
    for (const endpoint of stored) await storeDirectly(t, account.user.id, endpoint);
    const log = collectingLog();

    // The sender as production makes it: no way to reach loopback.
    await createPushSender(t.config, t.db, log).sendToUser(account.user.id, payload);

    expect(service.received).toEqual([]);
    expect(await endpointsOf(t, account.user.id)).toEqual([]);
    expect(log.lines).toEqual(
      expect.arrayContaining(
        stored.map((endpoint) => ({
          object: { userId: account.user.id, pushService: new URL(endpoint).host },
          message: 'push endpoint is not a known push service; subscription deleted',
        })),
      ),
    );
    expect(log.lines).toHaveLength(stored.length);
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.8', '169.254.169.254', 'fd00::1'])(
    'does not connect when a known push service’s name resolves to %s',
    async (address) => {
      const account = await signUp(t);
      const endpoint = `https://fcm.googleapis.com/fcm/send/rebound-${randomUUID()}`;
      await storeDirectly(t, account.user.id, endpoint);
      const asked: string[] = [];
      const log = collectingLog();
      const sender = createPushSender(t.config, t.db, log, {
        resolveHost: async (hostname: string) => {
          asked.push(hostname);
          return [{ address, family: address.includes(':') ? 6 : 4 }];
        },
      });

      await sender.sendToUser(account.user.id, payload);

      expect(asked).toContain('fcm.googleapis.com');
      expect(log.lines).toEqual([
        {
          object: {
            userId: account.user.id,
            pushService: 'fcm.googleapis.com',
            reason: `fcm.googleapis.com resolves to ${address}, which is not a public address (EPUSHADDRESS)`,
          },
          message: 'push failed',
        },
      ]);
      // The name is a real push service's; a wrong DNS answer may be fixed, so the row stays.
      expect(await endpointsOf(t, account.user.id)).toEqual([endpoint]);
    },
  );

  it('lets tests reach only a fake push service on loopback', () => {
    for (const origin of ['https://fcm.googleapis.com', 'http://10.0.0.1:8080', 'not a url']) {
      expect(() =>
        createPushSender(t.config, t.db, collectingLog(), { fakePushServiceOrigins: [origin] }),
      ).toThrow('fakePushServiceOrigins');
    }
  });
});
