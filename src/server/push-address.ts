import { promises as dns, type LookupAddress, type LookupAllOptions } from 'node:dns';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Web Push is sent only to public internet addresses, so no user can aim the server at its own
 * network. The endpoint's host is
 * already one of the known push services, but DNS decides where that name leads, and a stored
 * row or a resolver can be wrong; so the address actually connected to is checked as well.
 */

/** IPv4 ranges that are not global unicast (IANA IPv4 special-purpose address registry). */
const nonPublicIpv4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", incl. the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. cloud metadata at 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
];

/** IPv6 ranges that are not global unicast (IANA IPv6 special-purpose address registry). */
const nonPublicIpv6: readonly (readonly [string, number])[] = [
  ['::', 96], // unspecified, loopback ::1 and the deprecated IPv4-compatible addresses
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, incl. Teredo
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** An IPv4 address as the two hextets it fills in an IPv6 address. */
function ipv4Hextets(address: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const nonPublic = new BlockList();
for (const [network, prefix] of nonPublicIpv4) {
  // BlockList also applies IPv4 rules to IPv4-mapped IPv6 addresses (::ffff:127.0.0.1).
  nonPublic.addSubnet(network, prefix, 'ipv4');
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address, which is what is reached.
  nonPublic.addSubnet(`64:ff9b::${ipv4Hextets(network)}`, 96 + prefix, 'ipv6');
  nonPublic.addSubnet(`2002:${ipv4Hextets(network)}::`, 16 + prefix, 'ipv6');
}
for (const [network, prefix] of nonPublicIpv6) nonPublic.addSubnet(network, prefix, 'ipv6');

/** Whether an address is a public internet address; anything that is no IP address is not. */
export function isPublicAddress(address: string): boolean {
  // A zone index (fe80::1%eth0) names an interface; the address is what is checked.
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return !nonPublic.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves a name to all its addresses, as dns.lookup(name, { all: true }) does. */
export type ResolveHost = (hostname: string, options: LookupAllOptions) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (hostname, options) => dns.lookup(hostname, options);

function nonPublicAddressError(hostname: string, address: string): NodeJS.ErrnoException {
  return Object.assign(
    new Error(`${hostname} resolves to ${address}, which is not a public address`),
    { code: 'EPUSHADDRESS' },
  );
}

/**
 * A socket's `lookup` that resolves the name and fails when any of its addresses is not public,
 * so the check is on the addresses the socket then connects to, not on a separate lookup that
 * DNS could answer differently. (Sockets skip lookup for an IP literal; no push service's host
 * is one.)
 */
export function publicAddressLookup(resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }).then(
      (addresses) => {
        const refused = addresses.find(({ address }) => !isPublicAddress(address));
        if (refused) return callback(nonPublicAddressError(hostname, refused.address), '');
        const [first] = addresses;
        if (!first) {
          return callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
          );
        }
        if (options.all) return callback(null, addresses);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** The agent every push goes out through: public addresses only, connections kept for 5 s. */
export function createPushAgent(resolve?: ResolveHost): https.Agent {
  return new https.Agent({ keepAlive: true, timeout: 5_000, lookup: publicAddressLookup(resolve) });
}
