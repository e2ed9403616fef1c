/**
 * The client's address as the local server sees it (issue 24, finding 11). X-Forwarded-For is trusted only when
 * the connection comes from a configured proxy (TRUSTED_PROXIES, comma-separated addresses): anyone else could
 * write any address there and slip past the per-address rate limits. The server then hands the address on as
 * Netlify does (`x-nf-client-connection-ip`, the context's `ip`), replacing whatever the client sent.
 */
export function trustedProxies(env = process.env.TRUSTED_PROXIES): Set<string> {
  return new Set((env ?? '').split(',').map((s) => normalise(s.trim())).filter(Boolean));
}

/** IPv4-mapped IPv6 ('::ffff:127.0.0.1') as plain IPv4, so a configured '127.0.0.1' matches. */
function normalise(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

/**
 * The first address, from the right of the chain peer ← X-Forwarded-For, that is not a trusted proxy: the peer
 * itself unless it is trusted.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted = trustedProxies()): string {
  let address = normalise(peer ?? '') || 'unknown';
  if (!trusted.has(address)) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((s) => normalise(s.trim())).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    address = hops[i];
    if (!trusted.has(address)) return address;
  }
  return address;
}
