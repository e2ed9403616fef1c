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
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, LOCALE_CONFIG, canonicalUrl, type Locale } from '../../i18n/locales';
import { BUILD_LOCALES_ENV } from '../data/build-cache';
import {
  SITEMAP_INDEX_FILE, SitemapChunker, URLSET_CLOSE, URLSET_OPEN, isSitemapPage, parseHead, robotsTxt, rootRobotsTxt, sameUrlKey,
  sitemapFile, sitemapIndexXml, urlEntry, type HeadInfo,
} from '../lib/seo';

const HEAD_CHUNK = 16 * 1024;
const READ_CONCURRENCY = 32;

/** The <head> of an HTML file: read in chunks until </head>, so big pages are never read whole. */
export async function readHead(file: string): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const parts: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(HEAD_CHUNK);
      const { bytesRead } = await fh.read(buf, 0, HEAD_CHUNK, total);
      if (bytesRead === 0) break;
      parts.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      // '</head>' may straddle two chunks: look at the tail of the previous one too.
      const tail = Buffer.concat(parts.slice(-2)).toString('latin1');
      if (/<\/head>/i.test(tail)) break;
    }
    return Buffer.concat(parts).toString('utf8');
  } finally {
    await fh.close();
  }
}

/** The page URL path of a built file inside a locale folder: 'hospital/x/index.html' -> '/hospital/x/'. */
export function pagePathOf(relative: string): string {
  const p = relative.split(path.sep).join('/');
  return `/${p.endsWith('index.html') ? p.slice(0, -'index.html'.length) : p}`;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
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
    const heads = await mapLimit(files, READ_CONCURRENCY, async (f) => {
      const url = canonicalUrl(locale, pagePathOf(f));
      const head = parseHead(await readHead(path.join(dir, f)));
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
