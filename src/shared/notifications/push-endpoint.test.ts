import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from './push-endpoint.ts';

const notAPushService = 'The push endpoint is not an address of a known push service.';

describe('pushEndpointProblem', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://fcm.googleapis.com/wp/abc',
    'https://FCM.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://db5p.notify.windows.com/w/?token=abc',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://fcm.googleapis.com:443/fcm/send/abc',
  ])('accepts %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint)).toBeNull();
  });

  it.each([
    ['not a url', 'The push endpoint must be a web address.'],
    ['', 'The push endpoint must be a web address.'],
    ['http://fcm.googleapis.com/fcm/send/abc', 'The push endpoint must use https.'],
    ['wss://fcm.googleapis.com/fcm/send/abc', 'The push endpoint must use https.'],
    [
      'https://a:b@web.push.apple.com/x',
      'The push endpoint must not contain a user name or password.',
    ],
    [
      'https://fcm.googleapis.com:8443/x',
      'The push endpoint must use the standard https port (443).',
    ],
    ['https://127.0.0.1/x', notAPushService],
    ['https://2130706433/x', notAPushService],
    ['https://0x7f.1/x', notAPushService],
    ['https://[::ffff:127.0.0.1]/x', notAPushService],
    ['https://[fe80::1]/x', notAPushService],
    ['https://fcm.googleapis.com./x', notAPushService],
    ['https://fcm.googleapis.com.evil.example/x', notAPushService],
    ['https://evilfcm.googleapis.com/x', notAPushService],
    ['https://googleapis.com/x', notAPushService],
    ['https://push.services.mozilla.com/x', notAPushService],
    ['https://notify.windows.com/x', notAPushService],
    ['https://.notify.windows.com/x', notAPushService],
    ['https://evilnotify.windows.com/x', notAPushService],
    ['https://push.apple.com/x', notAPushService],
    ['https://web.push.apple.com.evil.example/x', notAPushService],
  ])('refuses %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint)).toBe(problem);
  });
});
