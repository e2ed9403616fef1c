/**
 * What Netlify's CDN does with function answers, for the local server. Netlify keeps a GET answer whose
 * `Netlify-CDN-Cache-Control` (else `CDN-Cache-Control`, else `Cache-Control`) allows a shared cache to, for its
 * `s-maxage` (else `max-age`), keyed by the path and the whole query string plus the request headers its `Vary`
 * and `Netlify-Vary: header=…` name, and answers repeated requests without invoking the function. It passes the
 * CDN-only headers on to no one and says `Cache-Status: "Netlify Edge"; hit` (or `fwd=miss`).
 *
 * `netlify dev` does not emulate that cache (Netlify's docs say so), which made every local call reach the
 * function where production answers most of them at the edge. Deliberately narrower than the CDN:
 * - only 200 answers without Set-Cookie are kept;
 * - requests carrying Authorization always reach the function (a token sent to a public call is verified, and
 *   a stale session is told so);
 * - a `Netlify-Vary` instruction other than `header=` (query, cookie, language, country) leaves the answer
 *   uncached here rather than keyed wrongly.
 */
export type HeaderValue = string | string[];
export type OutgoingHeaders = Record<string, HeaderValue>;
type IncomingHeaders = Record<string, string | string[] | undefined>;

interface Entry {
  status: number;
  headers: OutgoingHeaders;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
}

interface Resource {
  /** Request header names (lower case) the answer varies on. */
  vary: string[];
  variants: Map<string, Entry>;
}

/** Netlify's own name in Cache-Status. */
const CACHE_NAME = '"Netlify Edge"';
const CDN_ONLY_HEADERS = ['netlify-cdn-cache-control', 'cdn-cache-control', 'netlify-vary'];

function single(value: HeaderValue | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Seconds a shared cache may keep an answer with these headers; null when it may not. */
export function sharedLifetimeSeconds(headers: OutgoingHeaders): number | null {
  const control = single(headers['netlify-cdn-cache-control']) ?? single(headers['cdn-cache-control']) ?? single(headers['cache-control']);
  if (!control) return null;
  const directives = new Map<string, string>();
  for (const part of control.split(',')) {
    const [name, value = ''] = part.trim().toLowerCase().split('=');
    if (name) directives.set(name, value.replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return null;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The request headers an answer varies on (lower case), or null when this cache cannot key it. */
export function varyingHeaders(headers: OutgoingHeaders): string[] | null {
  const names = new Set<string>();
  for (const name of (single(headers['vary']) ?? '').split(',')) {
    const n = name.trim().toLowerCase();
    if (n === '*') return null;
    if (n) names.add(n);
  }
  for (const instruction of (single(headers['netlify-vary']) ?? '').split(',')) {
    const [kind, list = ''] = instruction.trim().split('=');
    if (!kind) continue;
    if (kind.toLowerCase() !== 'header') return null;
    for (const n of list.split('|')) if (n.trim()) names.add(n.trim().toLowerCase());
  }
  return [...names].sort();
}

function variantKey(vary: string[], request: IncomingHeaders): string {
  return vary.map((n) => single(request[n]) ?? '').join('\n');
}

export class CdnCache {
  private readonly resources = new Map<string, Resource>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a request may be answered from (and its answer kept in) the cache at all. */
  static applies(method: string, request: IncomingHeaders): boolean {
    return method === 'GET' && request.authorization === undefined;
  }

  /** The kept answer for this URL (path and query as sent) and request headers, with its Age and Cache-Status. */
  lookup(url: string, request: IncomingHeaders): { status: number; headers: OutgoingHeaders; body: Buffer } | null {
    const resource = this.resources.get(url);
    if (!resource) return null;
    const key = variantKey(resource.vary, request);
    const entry = resource.variants.get(key);
    if (!entry) return null;
    const now = this.now();
    if (now >= entry.expiresAt) {
      this.remove(url, resource, key, entry);
      return null;
    }
    return { status: entry.status, body: entry.body, headers: { ...entry.headers, age: String(Math.floor((now - entry.storedAt) / 1000)), 'cache-status': `${CACHE_NAME}; hit` } };
  }

  /**
   * An answer the function just gave: kept when the CDN would keep it. Returns the headers to send the client
   * (without the CDN-only ones, with Cache-Status).
   */
  admit(url: string, request: IncomingHeaders, status: number, headers: OutgoingHeaders, body: Buffer): OutgoingHeaders {
    const lifetime = status === 200 && !headers['set-cookie'] ? sharedLifetimeSeconds(headers) : null;
    const vary = lifetime === null ? null : varyingHeaders(headers);
    const sent: OutgoingHeaders = {};
    for (const [k, v] of Object.entries(headers)) if (!CDN_ONLY_HEADERS.includes(k)) sent[k] = v;
    sent['cache-status'] = `${CACHE_NAME}; fwd=miss`;
    if (lifetime === null || vary === null || body.byteLength > this.maxBytes / 16) return sent;
    let resource = this.resources.get(url);
    if (!resource || resource.vary.join() !== vary.join()) {
      if (resource) for (const [k, e] of resource.variants) this.remove(url, resource, k, e);
      resource = { vary, variants: new Map() };
      this.resources.set(url, resource);
    }
    const key = variantKey(vary, request);
    const old = resource.variants.get(key);
    if (old) this.bytes -= old.body.byteLength;
    const now = this.now();
    const { 'cache-status': _status, ...kept } = sent;
    resource.variants.set(key, { status, headers: kept, body, storedAt: now, expiresAt: now + lifetime * 1000 });
    this.bytes += body.byteLength;
    this.evict();
    return { ...sent, 'cache-status': `${CACHE_NAME}; fwd=miss; stored` };
  }

  get size(): number {
    let n = 0;
    for (const r of this.resources.values()) n += r.variants.size;
    return n;
  }

  /** Oldest resources first (Map order is insertion order) until the bodies fit again. */
  private evict() {
    for (const [url, resource] of this.resources) {
      if (this.bytes <= this.maxBytes) return;
      for (const [k, e] of resource.variants) this.remove(url, resource, k, e);
    }
  }

  private remove(url: string, resource: Resource, key: string, entry: Entry) {
    resource.variants.delete(key);
    this.bytes -= entry.body.byteLength;
    if (resource.variants.size === 0) this.resources.delete(url);
  }
}
