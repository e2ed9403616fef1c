/**
 * Astro integration: after the build, writes the search-engine files from what the build actually produced, so
 * every page type (present and future) is covered without a query of its own (issue #7 item 8):
 *
 * - /{prefix}/sitemap-index.xml and /{prefix}/sitemap-{n}.xml per locale: every built page of the locale that
 *   may be indexed (no `noindex`) and is its own canonical (tab pages and search point elsewhere), on the locale's
 *   domain, with hreflang alternates only where the same page exists (and is listed) in another locale;
 * - /{prefix}/robots.txt per locale domain, and /robots.txt for the deploy's own address.
 *
 * netlify.toml serves /sitemap-*.xml and /robots.txt of each domain from its prefix. Pages are read one <head> at
 * a time (never a whole page, never all pages at once), and sitemaps are streamed to disk.
 */
import type { AstroIntegration } from 'astro';
import { closeSync, createWriteStream, openSync, readSync, type WriteStream } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, LOCALE_CONFIG, canonicalUrl, type Locale } from '../../i18n/locales';
import { BUILD_LOCALES_ENV } from '../data/build-cache';
import {
  SITEMAP_INDEX_FILE, SitemapChunker, URLSET_CLOSE, URLSET_OPEN, isSitemapPage, parseHead, robotsTxt, rootRobotsTxt, sameUrlKey,
  sitemapFile, sitemapIndexXml, urlEntry, type HeadInfo,
} from '../lib/seo';

const HEAD_CHUNK = 64 * 1024;
const HEAD_END = Buffer.from('</head>');

/**
 * The <head> of an HTML file: read in chunks until </head>, so big pages are never read whole. Synchronous on
 * purpose: tens of thousands of small reads run faster without a promise and a thread-pool hop each.
 */
export function readHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    let buf = Buffer.allocUnsafe(HEAD_CHUNK);
    let length = 0;
    for (;;) {
      if (length === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, length);
        buf = bigger;
      }
      const n = readSync(fd, buf, length, buf.length - length, length);
      if (n === 0) break;
      // '</head>' may straddle two reads: search from just before the new bytes.
      const end = buf.indexOf(HEAD_END, Math.max(0, length - HEAD_END.length));
      length += n;
      if (end >= 0 && end < length) return buf.toString('utf8', 0, end);
    }
    return buf.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/** The page URL path of a built file inside a locale folder: 'hospital/x/index.html' -> '/hospital/x/'. */
export function pagePathOf(relative: string): string {
  const p = relative.split(path.sep).join('/');
  return `/${p.endsWith('index.html') ? p.slice(0, -'index.html'.length) : p}`;
}

interface Listed { url: string; alternates: HeadInfo['alternates'] }

function write(stream: WriteStream, chunk: string): Promise<void> | void {
  if (!stream.write(chunk)) return new Promise((resolve) => stream.once('drain', resolve));
}

function end(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

export interface SeoFilesResult { locale: Locale; pages: number; listed: number; sitemaps: number }

/** Writes sitemaps and robots.txt for every locale into a built site. */
export async function writeSeoFiles(distDir: string): Promise<SeoFilesResult[]> {
  // 1. Every locale's listable pages, with the alternates their <head> declares.
  const listed = new Map<Locale, Listed[]>();
  const pagesPerLocale = new Map<Locale, number>();
  for (const locale of LOCALES) {
    const dir = path.join(distDir, LOCALE_CONFIG[locale].prefix);
    let files: string[] = [];
    try {
      files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
    } catch {
      /* a locale without pages */
    }
    pagesPerLocale.set(locale, files.length);
    const heads = files.map((f) => {
      const url = canonicalUrl(locale, pagePathOf(f));
      const head = parseHead(readHead(path.join(dir, f)));
      return isSitemapPage(url, head) ? { url, alternates: head.alternates } : null;
    });
    listed.set(locale, heads.filter((x): x is Listed => x !== null));
  }

  // 2. Alternates count only when they point at a listed page (of any locale); a page alone gets none.
  const listedKeys = new Set<string>();
  for (const list of listed.values()) for (const p of list) listedKeys.add(sameUrlKey(p.url));

  // 3. Stream each locale's sitemaps, then its index, then robots.txt.
  const results: SeoFilesResult[] = [];
  for (const locale of LOCALES) {
    const dir = path.join(distDir, LOCALE_CONFIG[locale].prefix);
    const list = listed.get(locale) ?? [];
    const chunker = new SitemapChunker();
    let stream: WriteStream | null = null;
    let current = 0;
    for (const page of list) {
      const alternates = page.alternates.filter((a) => listedKeys.has(sameUrlKey(a.href)));
      const others = alternates.filter((a) => sameUrlKey(a.href) !== sameUrlKey(page.url));
      const entry = urlEntry(page.url, others.length ? alternates : []);
      const file = chunker.place(entry);
      if (file !== current) {
        if (stream) {
          await write(stream, URLSET_CLOSE);
          await end(stream);
        }
        stream = createWriteStream(path.join(dir, sitemapFile(file)));
        await write(stream, URLSET_OPEN);
        current = file;
      }
      await write(stream!, entry);
    }
    if (stream) {
      await write(stream, URLSET_CLOSE);
      await end(stream);
    }
    const count = current;
    if ((pagesPerLocale.get(locale) ?? 0) > 0) {
      const sitemaps = Array.from({ length: count }, (_, i) => canonicalUrl(locale, `/${sitemapFile(i + 1)}`));
      await writeFile(path.join(dir, SITEMAP_INDEX_FILE), sitemapIndexXml(sitemaps));
      await writeFile(path.join(dir, 'robots.txt'), robotsTxt(locale));
    }
    results.push({ locale, pages: pagesPerLocale.get(locale) ?? 0, listed: list.length, sitemaps: count });
  }
  await writeFile(path.join(distDir, 'robots.txt'), rootRobotsTxt());
  return results;
}

export default function seoFiles(): AstroIntegration {
  return {
    name: 'care-seo-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // A shard of a parallel build sees part of the site: scripts/build.ts writes these after merging.
        if (process.env[BUILD_LOCALES_ENV]) return;
        const t0 = performance.now();
        const results = await writeSeoFiles(fileURLToPath(dir));
        const listed = results.reduce((n, r) => n + r.listed, 0);
        logger.info(`sitemaps: ${listed} URLs in ${results.reduce((n, r) => n + r.sitemaps, 0)} files for ${results.length} locales, robots.txt per domain (${Math.round(performance.now() - t0)} ms)`);
      },
    },
  };
}
