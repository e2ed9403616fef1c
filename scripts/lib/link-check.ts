/**
 * Link checker over a built site (issue #7 item 9): every internal link of every built page and sitemap must
 * resolve to a built file, a function path (/api/…) the server answers, or a netlify.toml redirect or rewrite
 * whose target resolves. Links on the six locale domains (canonical, hreflang, sitemap <loc>, og:image) are
 * internal too: they go through the domain rules exactly as Netlify applies them (rule order, query conditions,
 * no shadowing of an existing file unless forced). External links are not fetched.
 *
 * Pages are read one at a time and parsed with regular expressions (no DOM), and each distinct target is
 * resolved once, so a few thousand pages take seconds.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { attributes } from '../../src/lib/seo';
import { fillTarget, matchNetlifyPath, type NetlifyConfig, type RedirectRule } from './netlify-config';

export interface BrokenLink {
  /** The page (or sitemap) the link is on, as a path of the built site. */
  page: string;
  /** The link as written. */
  link: string;
  reason: string;
}

export interface LinkCheckResult { files: number; links: number; targets: number; broken: BrokenLink[] }

export interface LinkCheckOptions {
  distDir: string;
  netlify: NetlifyConfig;
  /** URLPattern pathnames of the functions (their `config.path`). */
  functionPaths: readonly string[];
  /** Hosts that are this site (default: the six locale domains). */
  domains?: readonly string[];
}

/** Elements and attributes that point somewhere. */
const LINK_ATTRS: Record<string, readonly string[]> = {
  a: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  form: ['action'],
  'astro-island': ['component-url', 'renderer-url', 'before-hydration-url'],
};
const META_URL_PROPERTIES = new Set(['og:url', 'og:image', 'twitter:image']);
const TAG = /<([a-z][a-z0-9-]*)\b([^>]*)>/gi;

/** The links of one HTML page: [element, link] pairs, script and style bodies and comments skipped. */
export function htmlLinks(html: string): string[] {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1')
    .replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, '$1');
  const out: string[] = [];
  for (const m of text.matchAll(TAG)) {
    const tag = m[1].toLowerCase();
    if (tag === 'meta') {
      const a = attributes(m[2]);
      if (META_URL_PROPERTIES.has((a.property ?? a.name ?? '').toLowerCase()) && a.content) out.push(a.content);
      continue;
    }
    const names = LINK_ATTRS[tag];
    if (!names) continue;
    const a = attributes(m[2]);
    for (const n of names) {
      const v = a[n];
      if (v === undefined) continue;
      if (n === 'srcset') for (const part of v.split(',')) out.push(part.trim().split(/\s+/)[0]);
      else out.push(v);
    }
  }
  return out.filter((l) => l !== '');
}

/** The URLs of a sitemap or sitemap index: <loc> and xhtml:link alternates. */
export function sitemapLinks(xml: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) out.push(m[1].replace(/&amp;/g, '&'));
  for (const m of xml.matchAll(/<xhtml:link\b([^>]*)>/g)) {
    const href = attributes(m[1]).href;
    if (href) out.push(href);
  }
  return out;
}

const SKIP = /^(?:#|mailto:|tel:|javascript:|data:|blob:|sms:)/i;
const LOCAL = 'http://deploy.local';

/** What serves a URL: a built file, a function, another site, or nothing (why). */
export type Outcome = { file: string } | { function: string } | { external: string } | { broken: string };

interface FromRule { host: string | null; path: string; rule: RedirectRule }

function splitFrom(rule: RedirectRule): FromRule {
  const m = /^https?:\/\/([^/]+)(\/.*)?$/.exec(rule.from);
  return m ? { host: m[1].toLowerCase(), path: m[2] ?? '/', rule } : { host: null, path: rule.from, rule };
}

/** Resolves links of a built site the way Netlify serves it. */
export class SiteResolver {
  private readonly files: Set<string>;
  private readonly rules: FromRule[];
  private readonly functions: URLPattern[];
  private readonly domains: Set<string>;
  private readonly cache = new Map<string, Outcome>();

  constructor(files: Iterable<string>, netlify: NetlifyConfig, functionPaths: readonly string[], domains: readonly string[] = LOCALES.map((l) => LOCALE_CONFIG[l].domain)) {
    this.files = new Set(files);
    this.rules = netlify.redirects.map(splitFrom);
    this.functions = functionPaths.map((p) => new URLPattern({ pathname: p }));
    this.domains = new Set(domains.map((d) => d.toLowerCase()));
  }

  /** The built file a path is served from (as the CDN: the file, its index.html, or with .html). */
  fileFor(pathname: string): string | null {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname).replace(/^\/+/, '');
    } catch {
      return null;
    }
    if (rel.split('/').includes('..')) return null;
    const base = rel.replace(/\/$/, '');
    for (const f of [rel, base ? `${base}/index.html` : 'index.html', `${base}.html`]) if (f && this.files.has(f)) return f;
    return null;
  }

  isExternal(url: URL): boolean {
    // Supabase Storage's public objects (uploaded avatars, logos, banners) are not files of the build: in production
    // they live on the Supabase origin; locally the storage stand-in answers them on the site's own origin.
    if (url.pathname.startsWith('/storage/v1/object/public/')) return true;
    return url.origin !== LOCAL && !this.domains.has(url.hostname.toLowerCase());
  }

  /** What serves `url` (absolute: on the deploy's own address or on a locale domain), following rewrites and redirects. */
  serve(url: URL, depth = 0): Outcome {
    const key = url.href;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const result = this.serveUncached(url, depth);
    this.cache.set(key, result);
    return result;
  }

  /** The built file served for `url`, or null. */
  servedFile(url: URL): string | null {
    const o = this.serve(url);
    return 'file' in o ? o.file : null;
  }

  /** null when the URL resolves, else why not. */
  resolve(url: URL): string | null {
    const o = this.serve(url);
    return 'broken' in o ? o.broken : null;
  }

  private serveUncached(url: URL, depth: number): Outcome {
    if (depth > 5) return { broken: 'redirect loop' };
    const host = url.origin === LOCAL ? null : url.hostname.toLowerCase();
    const pathname = url.pathname;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return this.functions.some((p) => p.test({ pathname })) ? { function: pathname } : { broken: 'no function answers this path' };
    }
    for (const { host: ruleHost, path: rulePath, rule } of this.rules) {
      if (ruleHost !== host) continue;
      if (rule.query && !Object.keys(rule.query).every((k) => url.searchParams.has(k))) continue;
      const values = matchNetlifyPath(rulePath, pathname);
      if (!values) continue;
      // Netlify never shadows an existing file with a rule that is not forced.
      const existing = this.fileFor(pathname);
      if (!rule.force && existing) return { file: existing };
      // A not-found rule (status 404) answers the locale's 404 page: the link leads nowhere.
      if (rule.status === 404) return { broken: `not found (netlify.toml ${rule.from} answers its 404 page)` };
      for (const [k, v] of Object.entries(rule.query ?? {})) values[v.replace(/^:/, '')] = url.searchParams.get(k) ?? '';
      const target = new URL(fillTarget(rule.to, values), LOCAL);
      if (this.isExternal(target)) return { external: target.href };
      const served = this.serve(target, depth + 1);
      if (!('broken' in served)) return served;
      const how = rule.status === 200 ? 'rewritten' : 'redirected';
      return { broken: `${how} by netlify.toml (${rule.from}) to ${target.pathname}: ${served.broken}` };
    }
    if (host) return { broken: `no netlify.toml rule serves ${host}` };
    const file = this.fileFor(pathname);
    return file ? { file } : { broken: 'no such file in the build' };
  }
}

async function allFiles(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(distDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Checks every HTML page and sitemap XML of a built site. */
export async function checkLinks(options: LinkCheckOptions): Promise<LinkCheckResult> {
  const files = await allFiles(options.distDir);
  const resolver = new SiteResolver(files, options.netlify, options.functionPaths, options.domains);
  const broken: BrokenLink[] = [];
  let checkedFiles = 0;
  let links = 0;
  const targets = new Set<string>();
  const pages = files.filter((f) => f.endsWith('.html') || /(^|\/)sitemap[^/]*\.xml$/.test(f));
  const check = async (file: string) => {
    const text = await readFile(path.join(options.distDir, file), 'utf8');
    const found = file.endsWith('.html') ? htmlLinks(text) : sitemapLinks(text);
    // The page's own address: where relative links resolve from.
    const pageUrl = new URL(`/${file.replace(/(^|\/)index\.html$/, '$1')}`, LOCAL);
    checkedFiles++;
    for (const link of found) {
      if (SKIP.test(link)) continue;
      links++;
      let url: URL;
      try {
        url = new URL(link, pageUrl);
      } catch {
        broken.push({ page: `/${file}`, link, reason: 'not a valid URL' });
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      if (resolver.isExternal(url)) continue;
      url.hash = '';
      targets.add(url.href);
      const reason = resolver.resolve(url);
      if (reason) broken.push({ page: `/${file}`, link, reason });
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < pages.length) await check(pages[next++]);
    }),
  );
  broken.sort((a, b) => a.page.localeCompare(b.page) || a.link.localeCompare(b.link));
  return { files: checkedFiles, links, targets: targets.size, broken };
}

/** One line per broken link, grouped by target so a bad template reads as one problem. */
export function formatBroken(broken: readonly BrokenLink[], max = 50): string {
  const byLink = new Map<string, BrokenLink[]>();
  for (const b of broken) byLink.set(`${b.link} — ${b.reason}`, [...(byLink.get(`${b.link} — ${b.reason}`) ?? []), b]);
  const lines = [...byLink].slice(0, max).map(([what, list]) => `${what}\n    on ${list.slice(0, 3).map((b) => b.page).join(', ')}${list.length > 3 ? ` and ${list.length - 3} more pages` : ''}`);
  if (byLink.size > max) lines.push(`… and ${byLink.size - max} more broken targets`);
  return lines.join('\n');
}
