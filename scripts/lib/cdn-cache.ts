/**
 * What Netlify's CDN does with function answers, for the local server. Netlify keeps a GET answer whose
 * `Netlify-CDN-Cache-Control` (else `CDN-Cache-Control`, else `Cache-Control`) allows a shared cache to, for its
 * `s-maxage` (else `max-age`), keyed by the path and the whole query string plus the request headers its `Vary`
 * and `Netlify-Vary: header=…` name, and answers repeated requests without invoking the function. With
 * `stale-while-revalidate=N` it answers an expired copy for N seconds more while one request to the function,
 * in the background, replaces it. It passes the CDN-only headers on to no one and says
 * `Cache-Status: "Netlify Edge"; hit` (`hit; ttl=-s` when stale, `fwd=miss` when it asked the function).
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
  /** Until then an expired copy is still answered, while one revalidation replaces it. */
  staleUntil: number;
  revalidating: boolean;
}

/** A kept answer; `revalidate`: it is stale and this caller is the one to ask the function again, in the background. */
export interface CdnHit {
  status: number;
  headers: OutgoingHeaders;
  body: Buffer;
  revalidate: boolean;
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

/**
 * Seconds a shared cache may keep an answer with these headers (`fresh`), and may answer it once expired while it
 * revalidates (`stale`, RFC 5861); null when it may not keep it.
 */
export function sharedLifetime(headers: OutgoingHeaders): { fresh: number; stale: number } | null {
  const control = single(headers['netlify-cdn-cache-control']) ?? single(headers['cdn-cache-control']) ?? single(headers['cache-control']);
  if (!control) return null;
  const directives = new Map<string, string>();
  for (const part of control.split(',')) {
    const [name, value = ''] = part.trim().toLowerCase().split('=');
    if (name) directives.set(name, value.replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return null;
  const fresh = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  if (!Number.isFinite(fresh) || fresh <= 0) return null;
  const stale = Number(directives.get('stale-while-revalidate') ?? 0);
  return { fresh, stale: Number.isFinite(stale) && stale > 0 ? stale : 0 };
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

  /**
   * The kept answer for this URL (path and query as sent) and request headers, with its Age and Cache-Status. A
   * stale one (within stale-while-revalidate) is answered too; the first caller to find it so gets
   * `revalidate: true` and must ask the function again (`admit` its answer, or `forget` the copy if that fails).
   */
  lookup(url: string, request: IncomingHeaders): CdnHit | null {
    const found = this.find(url, request);
    if (!found) return null;
    const { entry } = found;
    const now = this.now();
    const age = String(Math.floor((now - entry.storedAt) / 1000));
    if (now < entry.expiresAt) return { status: entry.status, body: entry.body, headers: { ...entry.headers, age, 'cache-status': `${CACHE_NAME}; hit` }, revalidate: false };
    if (now >= entry.staleUntil) {
      this.remove(url, found.resource, found.key, entry);
      return null;
    }
    const revalidate = !entry.revalidating;
    entry.revalidating = true;
    const ttl = Math.floor((entry.expiresAt - now) / 1000);
    return { status: entry.status, body: entry.body, headers: { ...entry.headers, age, 'cache-status': `${CACHE_NAME}; hit; ttl=${ttl}` }, revalidate };
  }

  /** Drops the kept answer of this URL and request headers (its revalidation failed: the next request asks the function). */
  forget(url: string, request: IncomingHeaders): void {
    const found = this.find(url, request);
    if (found) this.remove(url, found.resource, found.key, found.entry);
  }

  /** The kept variant of this URL for these request headers, with where it is kept. */
  private find(url: string, request: IncomingHeaders): { resource: Resource; key: string; entry: Entry } | null {
    const resource = this.resources.get(url);
    if (!resource) return null;
    const key = variantKey(resource.vary, request);
    const entry = resource.variants.get(key);
    return entry ? { resource, key, entry } : null;
  }

  /**
   * An answer the function just gave: kept when the CDN would keep it. Returns the headers to send the client
   * (without the CDN-only ones, with Cache-Status).
   */
  admit(url: string, request: IncomingHeaders, status: number, headers: OutgoingHeaders, body: Buffer): OutgoingHeaders {
    const lifetime = status === 200 && !headers['set-cookie'] ? sharedLifetime(headers) : null;
    const vary = lifetime === null ? null : varyingHeaders(headers);
    const sent: OutgoingHeaders = {};
    for (const [k, v] of Object.entries(headers)) if (!CDN_ONLY_HEADERS.includes(k)) sent[k] = v;
    sent['cache-status'] = `${CACHE_NAME}; fwd=miss`;
    if (lifetime === null || vary === null || body.byteLength > this.maxBytes / 16) {
      // A copy kept before (being revalidated) no longer stands for this answer.
      this.forget(url, request);
      return sent;
    }
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
    const expiresAt = now + lifetime.fresh * 1000;
    resource.variants.set(key, { status, headers: kept, body, storedAt: now, expiresAt, staleUntil: expiresAt + lifetime.stale * 1000, revalidating: false });
    this.bytes += body.byteLength;
    this.evict();
    return { ...sent, 'cache-status': `${CACHE_NAME}; fwd=miss; stored` };
  }

  /** Drops every kept answer: a new deploy purges Netlify's CDN (the local rebuild publishing a site, issue 37). */
  clear(): void {
    this.resources.clear();
    this.bytes = 0;
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
