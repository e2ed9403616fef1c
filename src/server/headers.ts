/**
 * Security headers. Functions answer with `functionHeaders()`; the static pages get `PAGE_HEADERS` through
 * netlify.toml and their Content-Security-Policy through the `_headers` file the build writes into the site
 * (src/integrations/page-headers.ts); the local server serves both, as Netlify does (see docs/functions.md).
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

/**
 * What a build's pages load besides their own origin: set from the build's environment (pagePolicyFromEnv), with
 * the hashes of the inline scripts the built pages hold (src/integrations/page-headers.ts).
 */
export interface PagePolicyOptions {
  /** 'sha256-…' of every inline script of the built pages: no other inline script runs. */
  scriptHashes: readonly string[];
  /** The Supabase project (API, storage pictures, realtime); locally the stand-ins answer on the site's origin. */
  supabaseUrl?: string;
  /** Ads are configured (PUBLIC_AD_NETWORK_CODE): the ad service's tag, pictures, calls and frames. */
  ads?: boolean;
  /** The interactive map is configured (PUBLIC_MAPBOX_TOKEN): Mapbox's styles, tiles and events. */
  mapbox?: boolean;
  /** The map card embeds Google Maps (PUBLIC_MAPS_EMBED_KEY). */
  mapsEmbed?: boolean;
  /** The admin's support widget script (PUBLIC_SUPPORT_WIDGET_URL). */
  supportWidgetUrl?: string;
}

const AD_ORIGINS = ['https://securepubads.g.doubleclick.net', 'https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://www.googletagservices.com'];
const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://events.mapbox.com'];
/** The home page's video: its poster (when the block has no picture of its own) and the lite embed's frame. */
const VIDEO_POSTER_ORIGIN = 'https://i.ytimg.com';
const VIDEO_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';
const MAPS_EMBED_ORIGIN = 'https://www.google.com';

/**
 * The pages' Content-Security-Policy: scripts from the site itself and the hashed inline scripts only (no
 * 'unsafe-inline'), pictures from the site, data: and blob: URLs (previews, the map's worker images), the storage
 * origin, the video poster and the configured services; no framing of the site, no plugins.
 */
export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  const origin = (url: string | undefined) => (url ? new URL(url).origin : '');
  const supabase = origin(options.supabaseUrl);
  const supabaseWs = supabase.replace(/^http/, 'ws');
  const ads = options.ads ? AD_ORIGINS : [];
  const mapbox = options.mapbox ? MAPBOX_ORIGINS : [];
  const list = (...xs: string[]) => xs.filter(Boolean).join(' ');
  const hashes = [...new Set(options.scriptHashes)].sort().map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...hashes, ...ads, origin(options.supportWidgetUrl))}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', supabase, VIDEO_POSTER_ORIGIN, ...mapbox, ...ads)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", supabase, supabaseWs, ...mapbox, ...ads)}`,
    // mapbox-gl runs its worker from a blob: URL.
    "worker-src 'self' blob:",
    `frame-src ${list(options.mapsEmbed ? MAPS_EMBED_ORIGIN : '', VIDEO_FRAME_ORIGIN, ...ads)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The policy's options from the build's environment (the PUBLIC_* settings the pages are built with). */
export function pagePolicyFromEnv(scriptHashes: readonly string[], env: Record<string, string | undefined> = process.env): PagePolicyOptions {
  return {
    scriptHashes,
    supabaseUrl: env.PUBLIC_SUPABASE_URL || undefined,
    ads: !!env.PUBLIC_AD_NETWORK_CODE,
    mapbox: !!env.PUBLIC_MAPBOX_TOKEN,
    mapsEmbed: !!env.PUBLIC_MAPS_EMBED_KEY,
    supportWidgetUrl: env.PUBLIC_SUPPORT_WIDGET_URL || undefined,
  };
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
