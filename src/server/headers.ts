/**
 * Security headers. Functions answer with `functionHeaders()`; the static pages get `PAGE_HEADERS` through
 * netlify.toml (see docs/functions.md) and the local server.
 */
export const FUNCTION_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Page CSP: only what the site loads (own origin, Supabase, the ad service in vi-VN, the map tiles and embeds). */
export function pageContentSecurityPolicy(options: { supabaseUrl?: string; adOrigins?: string[]; mapOrigins?: string[] } = {}): string {
  const supabase = options.supabaseUrl ? new URL(options.supabaseUrl).origin : '';
  const supabaseWs = supabase ? supabase.replace(/^http/, 'ws') : '';
  const ads = options.adOrigins ?? ['https://securepubads.g.doubleclick.net', 'https://pagead2.googlesyndication.com', 'https://tpc.googlesyndication.com'];
  const maps = options.mapOrigins ?? ['https://www.google.com', 'https://maps.googleapis.com', 'https://maps.gstatic.com'];
  const list = (...xs: string[]) => xs.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...ads, 'https://maps.googleapis.com')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', supabase, ...maps, ...ads)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", supabase, supabaseWs, ...ads, 'https://maps.googleapis.com')}`,
    `frame-src ${list(...maps, ...ads)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
};

export interface ResponseHeaderOptions {
  /** The response carries personal data: never stored by a browser or CDN. */
  personal?: boolean;
  /** Public, cacheable data: seconds a CDN may keep it. */
  maxAge?: number;
  /** Seconds more Netlify's CDN may answer it once expired, while it asks the function again (stale-while-revalidate). */
  staleSeconds?: number;
  requestId?: string;
  /** The answer depends on the Accept header (a versioned call): caches must key on it. */
  varyAccept?: boolean;
}

/** A function answer's headers as a plain record: what `new Response(body, { headers })` takes without a copy more. */
export function functionHeaderRecord(options: ResponseHeaderOptions = {}): Record<string, string> {
  const h: Record<string, string> = { ...FUNCTION_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' };
  if (options.personal || !options.maxAge) h['Cache-Control'] = 'no-store';
  else {
    h['Cache-Control'] = `public, max-age=0, s-maxage=${options.maxAge}`;
    // Netlify's CDN reads its own header first (and strips it from the answer to the browser).
    h['Netlify-CDN-Cache-Control'] = `public, s-maxage=${options.maxAge}${options.staleSeconds ? `, stale-while-revalidate=${options.staleSeconds}` : ''}`;
    if (options.varyAccept) h['Netlify-Vary'] = 'header=Accept';
  }
  const vary = [...(options.personal ? ['Authorization'] : []), ...(options.varyAccept ? ['Accept'] : [])];
  if (vary.length) h['Vary'] = vary.join(', ');
  if (options.requestId) h['X-Request-Id'] = options.requestId;
  return h;
}

export function functionHeaders(options: ResponseHeaderOptions = {}): Headers {
  return new Headers(functionHeaderRecord(options));
}
