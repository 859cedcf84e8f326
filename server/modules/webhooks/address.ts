import { BlockList, isIP } from 'node:net';
import type { ErrorCode } from '@contract/errors';

/**
 * Where a webhook may not go outside development (decision 094): the server's own machine and networks no one
 * outside can reach. A URL pointing there would let a company's admin make the server call its neighbours (SSRF).
 */
const LOCAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  LOCAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  LOCAL.addSubnet(network, prefix, 'ipv6');

/**
 * Whether an IP address (v4 or v6) is loopback, private, link-local or otherwise not on the public internet. An IPv4 address
 * written as IPv6 (`::ffff:7f00:1`) is judged as that IPv4 address: BlockList maps it.
 */
export function isLocalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return LOCAL.check(address, 'ipv4');
  if (family === 6) return LOCAL.check(address, 'ipv6');
  return true;
}

/** A URL's host as net wants it: IPv6 without its brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The policy for an endpoint's address, on the literal URL (its resolved addresses are checked again on every
 * delivery, at connection time): https and a public host, unless local endpoints are allowed.
 */
export function refusalOfUrl(value: string, allowLocal: boolean): ErrorCode | null {
  if (!URL.canParse(value)) return 'WEBHOOK_URL_INVALID';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'WEBHOOK_URL_INVALID';
  if (allowLocal) return null;
  if (url.protocol !== 'https:') return 'WEBHOOK_URL_NOT_HTTPS';
  const host = hostOf(url).toLowerCase();
  // A name with no dot is resolved on the local network (or the machine's hosts file), never on the internet.
  if (host === 'localhost' || host.endsWith('.localhost') || (!isIP(host) && !host.includes('.'))) return 'WEBHOOK_URL_PRIVATE';
  if (isIP(host) && isLocalAddress(host)) return 'WEBHOOK_URL_PRIVATE';
  return null;
}
