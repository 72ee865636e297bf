import type { LookupAddress, LookupOptions } from 'node:dns';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createPushAgent,
  isPublicAddress,
  publicAddressLookup,
  type ResolveHost,
} from './push-address.ts';

describe('isPublicAddress', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, end of the range', '127.255.255.254'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-mapped metadata address', '::ffff:a9fe:a9fe'],
    ['private 10/8', '10.0.0.1'],
    ['private 10/8, end', '10.255.255.255'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12, end', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local 169.254/16 (cloud metadata)', '169.254.169.254'],
    ['IPv6 link-local fe80::/10', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 link-local in capitals', 'FE80::1'],
    ['IPv6 link-local, end of fe80::/10', 'febf::1'],
    ['unique-local fc00::/7', 'fc00::1'],
    ['unique-local fd00::/8', 'fd12:3456::1'],
    ['carrier-grade NAT 100.64/10', '100.64.0.1'],
    ['carrier-grade NAT, end', '100.127.255.255'],
    ['IPv4 unspecified', '0.0.0.0'],
    ['"this network" 0/8', '0.1.2.3'],
    ['IPv6 unspecified', '::'],
    ['multicast 224/4', '224.0.0.1'],
    ['multicast 224/4, end', '239.255.255.250'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 multicast', 'ff02::1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of the metadata address', '64:ff9b::169.254.169.254'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of 192.168.1.1', '2002:c0a8:101::1'],
    ['Teredo', '2001:0:4136:e378::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['benchmarking 198.18/15', '198.19.0.1'],
    ['a host name', 'localhost'],
    ['nothing', ''],
  ])('refuses %s (%s)', (_case, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['Google (FCM)', '142.250.180.10'],
    ['Google over IPv6', '2a00:1450:4009:81f::200a'],
    ['a public resolver', '1.1.1.1'],
    ['just below 172.16/12', '172.15.255.255'],
    ['just above 172.16/12', '172.32.0.1'],
    ['just below 100.64/10', '100.63.255.255'],
    ['just above 100.64/10', '100.128.0.1'],
    ['just below 169.254/16', '169.253.255.255'],
    ['IPv4-mapped public address', '::ffff:142.250.180.10'],
    ['NAT64 of a public address', '64:ff9b::142.250.180.10'],
    ['6to4 of a public address', '2002:8efa:b40a::1'],
  ])('accepts %s (%s)', (_case, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

type LookupResult = { error: NodeJS.ErrnoException | null; address: unknown; family?: number };

function lookUp(resolve: ResolveHost, options: LookupOptions & { all?: boolean }) {
  return new Promise<LookupResult>((done) => {
    publicAddressLookup(resolve)('push.example', options, (error, address, family) => {
      done({ error, address, ...(family === undefined ? {} : { family }) });
    });
  });
}

const answer =
  (...addresses: LookupAddress[]): ResolveHost =>
  async () =>
    addresses;

describe('publicAddressLookup', () => {
  const google = { address: '142.250.180.10', family: 4 };
  const googleV6 = { address: '2a00:1450:4009:81f::200a', family: 6 };

  it('passes public addresses on, all of them or the first', async () => {
    const resolve = answer(googleV6, google);
    expect(await lookUp(resolve, { all: true })).toEqual({
      error: null,
      address: [googleV6, google],
    });
    expect(await lookUp(resolve, {})).toEqual({
      error: null,
      address: googleV6.address,
      family: 6,
    });
  });

  it('asks the resolver for every address of the name', async () => {
    const asked: unknown[] = [];
    const resolve: ResolveHost = async (hostname, options) => {
      asked.push([hostname, options]);
      return [google];
    };
    await lookUp(resolve, { family: 4 });
    expect(asked).toEqual([['push.example', { family: 4, all: true }]]);
  });

  it('fails when any address of the name is not public', async () => {
    const { error } = await lookUp(answer(google, { address: '10.0.0.1', family: 4 }), {
      all: true,
    });
    expect(error).toMatchObject({
      code: 'EPUSHADDRESS',
      message: 'push.example resolves to 10.0.0.1, which is not a public address',
    });
  });

  it('passes on a resolver error, and fails on no address at all', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND push.example'), {
      code: 'ENOTFOUND',
    });
    const failing: ResolveHost = () => Promise.reject(notFound);
    expect((await lookUp(failing, {})).error).toBe(notFound);
    expect((await lookUp(answer(), {})).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('createPushAgent', () => {
  /** A TCP listener on loopback that counts the connections it receives. */
  async function listener() {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      connections: () => connections,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  function post(agent: https.Agent, port: number) {
    return new Promise<NodeJS.ErrnoException>((resolve) => {
      const request = https.request(`https://push.example:${port}/x`, { method: 'POST', agent });
      request.on('error', resolve);
      request.end();
    });
  }

  const toLoopback = answer({ address: '127.0.0.1', family: 4 });

  it('never opens a connection to a name that resolves to loopback', async () => {
    const server = await listener();
    try {
      // The same name and resolver without the check do reach the listener.
      const unchecked = new https.Agent({
        lookup: (_hostname, options, callback) => {
          const loopback = { address: '127.0.0.1', family: 4 };
          if (options.all) callback(null, [loopback]);
          else callback(null, loopback.address, loopback.family);
        },
      });
      await post(unchecked, server.port);
      expect(server.connections()).toBe(1);

      const error = await post(createPushAgent(toLoopback), server.port);

      expect(error).toMatchObject({ code: 'EPUSHADDRESS' });
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
