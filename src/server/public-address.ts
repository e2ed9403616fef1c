/**
 * Where a webhook may be sent (issue #40): only to public internet addresses, checked when a manager saves the URL
 * and again at each delivery, on the addresses the delivery actually connects to (the connection's DNS lookup is
 * filtered, so a name that resolves to a public address at save and to 127.0.0.1 later is refused too).
 * Refused: loopback, private (RFC 1918), carrier-grade NAT, link-local (with the cloud metadata address
 * 169.254.169.254), multicast, reserved and documentation ranges, IPv6 unique-local, link-local and site-local,
 * and any IPv4 address inside IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) by its IPv4 rule.
 * Production accepts https only. Local development and tests deliver to receivers on 127.0.0.1: loopback (only
 * loopback) is allowed when WEBHOOK_ALLOW_LOOPBACK=1 and the functions are not in production — production never
 * sets it, and would ignore it.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { isProduction } from './env';

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKED: [string, number][] = [
  ['::', 96], // unspecified, loopback ::1, IPv4-compatible
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
const blocked = new BlockList();
for (const [net, prefix] of V4_BLOCKED) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6_BLOCKED) blocked.addSubnet(net, prefix, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The 8 groups of an IPv6 address as numbers. */
function groups(ip: string): number[] {
  let s = ip.toLowerCase().split('%')[0];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    s = s.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, null];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === null ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => parseInt(g || '0', 16));
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), or null. */
export function embeddedIPv4(ip: string): string | null {
  const g = groups(ip);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4(g[6], g[7]); // ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6], g[7]); // 64:ff9b::/96
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 6to4
  return null;
}

export type AddressKind = 'public' | 'loopback' | 'private' | 'invalid';

/** What an IP address is, as far as sending a webhook to it goes. */
export function classifyAddress(ip: string): AddressKind {
  const family = isIP(ip.split('%')[0]);
  if (family === 0) return 'invalid';
  if (family === 6) {
    const v4 = embeddedIPv4(ip);
    if (v4) return classifyAddress(v4);
    const bare = ip.split('%')[0];
    if (loopback.check(bare, 'ipv6')) return 'loopback';
    return blocked.check(bare, 'ipv6') ? 'private' : 'public';
  }
  if (loopback.check(ip, 'ipv4')) return 'loopback';
  return blocked.check(ip, 'ipv4') ? 'private' : 'public';
}

/** Loopback receivers only in local development and tests that ask for them (never in production). */
export function loopbackAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WEBHOOK_ALLOW_LOOPBACK === '1' && !isProduction();
}

export const addressAllowed = (ip: string, allowLoopback = loopbackAllowed()) => {
  const kind = classifyAddress(ip);
  return kind === 'public' || (kind === 'loopback' && allowLoopback);
};

/** Why a webhook address is refused (the English of a server message), or null when it may be used. */
export type UrlRefusal = 'The webhook address must use https.' | 'The webhook address must be a public internet address.' | 'The webhook address could not be resolved.';

export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** A connection's DNS lookup that answers only allowed addresses (node:http/https `lookup` option). */
export function guardedLookup(allowLoopback = loopbackAllowed()) {
  return (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const ok = addresses.filter((a) => addressAllowed(a.address, allowLoopback));
      if (!ok.length || ok.length !== addresses.length) {
        const refused = Object.assign(new Error(`refused address for ${hostname}: not a public internet address`), { code: 'EADDRNOTPUBLIC' });
        return callback(refused, '', 0);
      }
      if (options.all) return callback(null, ok);
      callback(null, ok[0].address, ok[0].family);
    });
  };
}

/** The save-time check of a webhook address: scheme, and every address its name resolves to. */
export async function checkWebhookUrl(raw: string, opts: { production?: boolean; allowLoopback?: boolean; resolve?: (host: string) => Promise<string[]> } = {}): Promise<UrlRefusal | null> {
  const production = opts.production ?? isProduction();
  const allowLoopback = opts.allowLoopback ?? loopbackAllowed();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The webhook address must be a public internet address.';
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) return 'The webhook address must use https.';
  if (url.username || url.password) return 'The webhook address must be a public internet address.';
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? resolveAll)(host);
    } catch {
      return 'The webhook address could not be resolved.';
    }
    if (!addresses.length) return 'The webhook address could not be resolved.';
  }
  return addresses.every((a) => addressAllowed(a, allowLoopback)) ? null : 'The webhook address must be a public internet address.';
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list.map((a) => a.address)))));
}
