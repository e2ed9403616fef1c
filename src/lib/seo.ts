/**
 * Search-engine files of the built site (issue #7 item 8): what a page's <head> says about itself (noindex,
 * canonical, hreflang alternates), the sitemap XML of a locale (chunked at the protocol's limits) and robots.txt
 * per locale domain. Pure functions; src/integrations/seo-files.ts applies them to the build output.
 */
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { DOCTOR_BOOKING_PATH, ONBOARDING_PATH } from './booking-routes';
import { SEARCH_PATH } from './directory-routes';

/** sitemaps.org limits of one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** Files written under each locale prefix, i.e. at the root of the locale's domain. */
export const SITEMAP_INDEX_FILE = 'sitemap-index.xml';
export const sitemapFile = (n: number) => `sitemap-${n}.xml`;

export interface HeadInfo {
  noindex: boolean;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
}

const TAG = /<(meta|link)\b([^>]*)>/gi;
const ATTR = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|#39);/gi, (whole, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos' || k === '#39') return "'";
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });
}

export function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** Reads the robots meta, the canonical link and the hreflang alternates of a page's <head>. */
export function parseHead(head: string): HeadInfo {
  const info: HeadInfo = { noindex: false, canonical: null, alternates: [] };
  const end = head.search(/<\/head>/i);
  const text = end >= 0 ? head.slice(0, end) : head;
  for (const m of text.matchAll(TAG)) {
    const a = attributes(m[2]);
    if (m[1].toLowerCase() === 'meta') {
      if ((a.name ?? '').toLowerCase() === 'robots' && /\bnoindex\b/i.test(a.content ?? '')) info.noindex = true;
      continue;
    }
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('canonical') && a.href && info.canonical === null) info.canonical = a.href;
    else if (rel.includes('alternate') && a.hreflang && a.href) info.alternates.push({ hreflang: a.hreflang, href: a.href });
  }
  return info;
}

/** One spelling of a URL for comparisons: parsed, percent-decoded path (slugs may or may not be encoded). */
export function sameUrlKey(url: string): string {
  try {
    const u = new URL(url);
    let p = u.pathname;
    try {
      p = decodeURIComponent(p);
    } catch {
      /* keep as is */
    }
    return `${u.protocol}//${u.host}${p}${u.search}`;
  } catch {
    return url;
  }
}

/** The URL a sitemap lists: absolute, percent-encoded as the protocol requires. */
export const sitemapUrl = (url: string) => new URL(url).href;

/** A page is listed when it may be indexed and is its own canonical (tab pages and search point elsewhere). */
export function isSitemapPage(ownUrl: string, head: HeadInfo): boolean {
  if (head.noindex) return false;
  return head.canonical === null || sameUrlKey(head.canonical) === sameUrlKey(ownUrl);
}

export const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';

/** One <url> entry; alternates (including the page itself) only when the page exists in another locale too. */
export function urlEntry(loc: string, alternates: readonly { hreflang: string; href: string }[] = []): string {
  const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(sitemapUrl(a.href))}"/>`).join('');
  return `<url><loc>${xmlEscape(sitemapUrl(loc))}</loc>${links}</url>\n`;
}

export function sitemapIndexXml(sitemaps: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((s) => `<sitemap><loc>${xmlEscape(sitemapUrl(s))}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;
}

/**
 * Splits a stream of <url> entries into sitemap files within both limits (URL count and bytes), so a writer
 * can stream without holding them all: `place` answers the file number (1, 2, …) an entry goes to.
 */
export class SitemapChunker {
  file = 1;
  private urls = 0;
  private bytes = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  constructor(
    private readonly maxUrls = SITEMAP_MAX_URLS,
    private readonly maxBytes = SITEMAP_MAX_BYTES,
  ) {}
  place(entry: string): number {
    const size = Buffer.byteLength(entry);
    if (this.urls > 0 && (this.urls + 1 > this.maxUrls || this.bytes + size > this.maxBytes)) {
      this.file++;
      this.urls = 0;
      this.bytes = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
    }
    this.urls++;
    this.bytes += size;
    return this.file;
  }
}

/** Paths of a locale domain that crawlers are kept out of (functions, back-office, search, booking, account). */
export const ROBOTS_DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/admin',
  SEARCH_PATH,
  // Both booking pages live under one folder: /booking/doctor/, /booking/service/.
  `/${DOCTOR_BOOKING_PATH.split('/')[1]}/`,
  ONBOARDING_PATH.replace(/\/$/, ''),
  '/login',
];

export const sitemapIndexUrl = (locale: Locale) => `https://${LOCALE_CONFIG[locale].domain}/${SITEMAP_INDEX_FILE}`;

/** robots.txt of one locale domain (served from /{prefix}/robots.txt through netlify.toml). */
export function robotsTxt(locale: Locale): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemapIndexUrl(locale)}`, ''].join('\n');
}

/**
 * robots.txt of the deploy's own address (no locale domain): the same rules under each locale prefix, and every
 * locale's sitemap index (cross-host Sitemap lines are allowed in robots.txt).
 */
export function rootRobotsTxt(): string {
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/'];
  for (const l of LOCALES) for (const p of ROBOTS_DISALLOWED_PATHS) if (p !== '/api/') lines.push(`Disallow: /${LOCALE_CONFIG[l].prefix}${p}`);
  lines.push('', ...LOCALES.map((l) => `Sitemap: ${sitemapIndexUrl(l)}`), '');
  return lines.join('\n');
}
