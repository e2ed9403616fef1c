/**
 * JavaScript of built pages (DESIGN §8 and issue #7: under 90 KB gzip on pages with booking, the UI runtime
 * (Preact) included, maps only on interaction; under 20 KB on pages without booking for a visitor, plus the
 * Supabase client's 60 KB for a signed-in visitor, issue 38 item 14).
 * Builds the site from a fresh embedded database at scale 1, then follows every script of vi-VN pages (the
 * heaviest locale: it also has the ad loader): module scripts, island components and renderers and their static
 * imports load with the page; what only dynamic imports reach loads on demand and is reported apart (pages without
 * booking count both). Each file counts once, gzip level 9.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../../src/data/db';
import { buildDatabase } from '../../scripts/lib/db-setup';
import { round, type Benchmark } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
export const HOSPITAL_PAGE_JS_BUDGET_KB = 90;
export const LISTING_PAGE_JS_BUDGET_KB = 20;
/**
 * What a signed-in visitor loads on top of a visitor (issue 38 item 14): the Supabase client (its auth session),
 * loaded only when a session is stored; a signed-in visitor's budget is the visitor's plus this.
 */
export const SUPABASE_CLIENT_BUDGET_KB = 60;

/** The Supabase client's chunk: its auth client's class name survives minification as a string. */
export const isSupabaseClient = (distDir: string, url: string) => readFileSync(path.join(distDir, url), 'utf8').includes('GoTrueClient');

export interface PageScripts {
  /** What loads with the page: its scripts, island components and renderers, and their static imports. */
  onLoad: Map<string, number>;
  /** What only a dynamic import reaches (the map on a click, the Supabase client on Continue Booking). */
  lazy: Map<string, number>;
}

/** Every JS file a page's HTML reaches, with their gzip sizes: on load, and lazily (dynamic imports); `skip`: files not followed. */
export function pageScripts(distDir: string, html: string, skip: (url: string) => boolean = () => false): PageScripts {
  const sizes = new Map<string, number>();
  const size = (url: string) => {
    if (!sizes.has(url)) sizes.set(url, gzipSync(readFileSync(path.join(distDir, url)), { level: 9 }).length);
    return sizes.get(url)!;
  };
  /** Walks the static imports from `entries`, past files already `counted`; dynamic imports met are returned, not walked. */
  const walk = (entries: string[], counted: (url: string) => boolean) => {
    const seen = new Map<string, number>();
    const dynamic: string[] = [];
    const queue = entries.filter((u) => u.startsWith('/') && u.endsWith('.js'));
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url) || counted(url) || skip(url)) continue;
      seen.set(url, size(url));
      const code = readFileSync(path.join(distDir, url)).toString();
      const resolve = (rel: string) => path.posix.join(path.posix.dirname(url), rel);
      for (const m of code.matchAll(/(?:from\s*|import\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) queue.push(resolve(m[1]));
      for (const m of code.matchAll(/import\s*\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) dynamic.push(resolve(m[1]));
    }
    return { seen, dynamic };
  };
  const entries = [
    ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)].map((m) => m[1]),
  ];
  const first = walk(entries, () => false);
  const lazy = new Map<string, number>();
  let pending = first.dynamic;
  while (pending.length) {
    const next = walk(pending, (url) => first.seen.has(url) || lazy.has(url));
    for (const [k, v] of next.seen) lazy.set(k, v);
    pending = next.dynamic;
  }
  return { onLoad: first.seen, lazy };
}

const kb = (files: Map<string, number>) => Number(([...files.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(1));
const list = (files: Map<string, number>) => [...files].map(([f, b]) => `${path.basename(f)} ${(b / 1024).toFixed(1)} KB`).join(', ');

/** A fresh embedded database at scale 1 and the site built from it, in `work`. */
async function buildSite(work: string): Promise<string> {
  const out = path.join(work, 'dist');
  const dataDir = path.join(work, 'pglite');
  const db = await openDatabase({ dataDir });
  await buildDatabase(db, { seed: true });
  await db.close();
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts'), '--out', out, '--json'], {
    cwd: root,
    env: { ...process.env, PGLITE_DIR: dataDir },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  return out;
}

const bench: Benchmark = {
  name: 'page-weight',
  async run({ emit, log }) {
    const work = mkdtempSync(path.join(tmpdir(), 'care-weight-'));
    try {
      // BENCH_DIST=<dir> measures an existing build instead of building one.
      const out = process.env.BENCH_DIST ?? (await buildSite(work));
      // Pages with a booking card or widget (budget 90 KB on load, DESIGN §8, issue #7): a vi-VN hospital, doctor
      // and service page (vi-VN also loads the ad script).
      const hospitalDir = path.join(out, 'vi-vn/hospital');
      const hospital = readdirSync(hospitalDir).find((d) => readdirSync(path.join(hospitalDir, d), { withFileTypes: true }).some((e) => e.isDirectory() && e.name !== 'reviews'))!;
      const service = readdirSync(path.join(hospitalDir, hospital), { withFileTypes: true }).find((e) => e.isDirectory() && e.name !== 'reviews')!.name;
      const doctor = readdirSync(path.join(out, 'vi-vn/doctor'))[0];
      for (const [kind, page] of [
        ['hospital', `/vi-vn/hospital/${hospital}/`],
        ['doctor', `/vi-vn/doctor/${doctor}/`],
        ['service', `/vi-vn/hospital/${hospital}/${service}/`],
      ]) {
        const { onLoad, lazy } = pageScripts(out, readFileSync(path.join(out, page, 'index.html'), 'utf8'));
        log(`${page}: on load ${onLoad.size} scripts (${list(onLoad)}); lazily ${list(lazy)}`);
        const mapOnLoad = [...onLoad.keys()].some((f) => /mapbox|leaflet|maplibre/i.test(f));
        emit({ name: `${kind} page JavaScript on load (gzip)`, value: kb(onLoad), unit: 'KB', budget: HOSPITAL_PAGE_JS_BUDGET_KB, detail: { page, scripts: onLoad.size, mapLibraryOnLoad: mapOnLoad } });
        emit({ name: `${kind} page JavaScript loaded on demand (gzip)`, value: kb(lazy), unit: 'KB', detail: { page, scripts: [...lazy.keys()].map((f) => path.basename(f)) } });
        // DESIGN §8: maps load only on interaction.
        emit({ name: `${kind} page map library on load`, value: mapOnLoad ? 1 : 0, unit: 'flag', budget: 0 });
      }
      // Pages without booking (issue #7 listings): every static and dynamic import counted, for a visitor (the
      // Supabase client and what only it imports left out: it loads when a session is stored) and for a signed-in
      // visitor (everything), each with its budget (issue 38 item 14).
      for (const page of ['/vi-vn/hospitals/', '/vi-vn/doctors/ho-chi-minh/tim-mach/', '/vi-vn/specialty/']) {
        const html = readFileSync(path.join(out, page, 'index.html'), 'utf8');
        const signedIn = pageScripts(out, html);
        const all = new Map([...signedIn.onLoad, ...signedIn.lazy]);
        const visitor = pageScripts(out, html, (url) => isSupabaseClient(out, url));
        const visitorAll = new Map([...visitor.onLoad, ...visitor.lazy]);
        log(`${page}: ${all.size} scripts, ${list(all)}`);
        emit({ name: `page without booking JavaScript (gzip) ${page}`, value: kb(visitorAll), unit: 'KB', budget: LISTING_PAGE_JS_BUDGET_KB, detail: { page, visitor: true, scripts: visitorAll.size } });
        emit({ name: `page without booking JavaScript, signed in (gzip) ${page}`, value: kb(all), unit: 'KB', budget: LISTING_PAGE_JS_BUDGET_KB + SUPABASE_CLIENT_BUDGET_KB, detail: { page, scripts: all.size, supabaseClientKB: round(kb(all) - kb(visitorAll), 1) } });
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
