/**
 * JavaScript a built hospital page loads (DESIGN §8: under 90 KB gzip, React included; no map library).
 * Builds the site from a fresh embedded database at scale 1, then follows every script of the vi-VN hospital
 * page (the heaviest locale: it also has the ad loader): module scripts, island components and renderers, and
 * all their static and dynamic imports. Each file counts once, gzip level 9.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../../src/data/db';
import { buildDatabase } from '../../scripts/lib/db-setup';
import type { Benchmark } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
export const HOSPITAL_PAGE_JS_BUDGET_KB = 90;
export const LISTING_PAGE_JS_BUDGET_KB = 20;

/** Every JS file a page's HTML reaches, with their gzip sizes. */
export function pageScripts(distDir: string, html: string): Map<string, number> {
  const seen = new Map<string, number>();
  const queue: string[] = [];
  const add = (url: string) => {
    if (!url.startsWith('/') || !url.endsWith('.js')) return;
    if (!seen.has(url)) {
      seen.set(url, 0);
      queue.push(url);
    }
  };
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) add(m[1]);
  for (const m of html.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) add(m[1]);
  while (queue.length) {
    const url = queue.shift()!;
    const code = readFileSync(path.join(distDir, url));
    seen.set(url, gzipSync(code, { level: 9 }).length);
    for (const m of code.toString().matchAll(/(?:from\s*|import\s*\(?\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) add(path.posix.join(path.posix.dirname(url), m[1]));
  }
  return seen;
}

const bench: Benchmark = {
  name: 'page-weight',
  async run({ emit, log }) {
    const work = mkdtempSync(path.join(tmpdir(), 'care-weight-'));
    try {
      const dataDir = path.join(work, 'pglite');
      const db = await openDatabase({ dataDir });
      await buildDatabase(db, { seed: true });
      await db.close();
      const out = path.join(work, 'dist');
      const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts'), '--out', out, '--json'], {
        cwd: root,
        env: { ...process.env, PGLITE_DIR: dataDir },
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
      const hospitals = path.join(out, 'vi-vn/hospital');
      const slug = readdirSync(hospitals)[0];
      const html = readFileSync(path.join(hospitals, slug, 'index.html'), 'utf8');
      const files = pageScripts(out, html);
      const bytes = [...files.values()].reduce((a, b) => a + b, 0);
      log(`/vi-vn/hospital/${slug}/: ${files.size} scripts, ${[...files].map(([f, b]) => `${path.basename(f)} ${(b / 1024).toFixed(1)} KB`).join(', ')}`);
      emit({
        name: 'hospital page JavaScript (gzip)',
        value: Number((bytes / 1024).toFixed(1)),
        unit: 'KB',
        budget: HOSPITAL_PAGE_JS_BUDGET_KB,
        detail: { page: `/vi-vn/hospital/${slug}/`, scripts: files.size, mapLibrary: [...files.keys()].some((f) => /mapbox|leaflet|maplibre/i.test(f)) },
      });
      // Pages without booking (issue #7 listings): under 20 KB, every static and dynamic import counted.
      for (const page of ['/vi-vn/hospitals/', '/vi-vn/doctors/ho-chi-minh/tim-mach/', '/vi-vn/specialty/']) {
        const listing = pageScripts(out, readFileSync(path.join(out, page, 'index.html'), 'utf8'));
        const total = [...listing.values()].reduce((a, b) => a + b, 0);
        log(`${page}: ${listing.size} scripts, ${[...listing].map(([f, b]) => `${path.basename(f)} ${(b / 1024).toFixed(1)} KB`).join(', ')}`);
        emit({ name: `listing page JavaScript (gzip) ${page}`, value: Number((total / 1024).toFixed(1)), unit: 'KB', budget: LISTING_PAGE_JS_BUDGET_KB, detail: { page, scripts: listing.size } });
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
