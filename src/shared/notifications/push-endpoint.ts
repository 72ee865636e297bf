/**
 * The push services a browser's PushSubscription.endpoint may belong to. The server POSTs to
 * the endpoint, so any other address would let a user aim the server at its own network.
 * A leading '*.' stands for one or more labels before the domain.
 */
const pushServiceHosts = [
  // Chrome and the other Chromium browsers that use Firebase Cloud Messaging.
  'fcm.googleapis.com',
  // Firefox (Mozilla autopush).
  'updates.push.services.mozilla.com',
  // Edge (Windows Push Notification Services), e.g. wns2-par02p.notify.windows.com.
  '*.notify.windows.com',
  // Safari on macOS 13+ and iOS 16.4+ (web.push.apple.com); Apple asks to allow *.push.apple.com.
  '*.push.apple.com',
];

const labels = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

function isPushServiceHost(hostname: string): boolean {
  return pushServiceHosts.some((pattern) => {
    if (!pattern.startsWith('*.')) return hostname === pattern;
    const domain = pattern.slice(1);
    return hostname.endsWith(domain) && labels.test(hostname.slice(0, -domain.length));
  });
}

/**
 * Why an endpoint is not one the server may send to, or null when it is: https on the standard
 * port, no credentials, and the host of a known push service. An IP address in any spelling
 * (the URL parser turns 2130706433 and 0x7f.1 into 127.0.0.1) is never a push service's host.
 */
export function pushEndpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be a web address.';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must use https.';
  if (url.username !== '' || url.password !== '') {
    return 'The push endpoint must not contain a user name or password.';
  }
  if (!isPushServiceHost(url.hostname)) {
    return 'The push endpoint is not an address of a known push service.';
  }
  // The parser empties the port when it is the scheme's default, 443.
  if (url.port !== '') return 'The push endpoint must use the standard https port (443).';
  return null;
}
