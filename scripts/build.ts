/**
 * npm run build [-- --out DIR] [-- --json] [-- --shards N]: the static site from the database (embedded, or
 * DATABASE_URL). Prints pages, seconds, pages per second and the peak memory of the whole build.
 *
 * Rendering is CPU-bound and Node renders on one core, so with --shards N (default: one per core, at most
 * MAX_SHARDS, and 1 on the embedded database, which one process owns) the locales are split into N groups
 * rendered by N child builds at once (src/integrations/build-shard.ts), each into its own folder; the locale
 * folders are then moved into the output (the shared assets are identical: the same client bundle) and the
 * sitemaps are written over the whole site. Peak memory is the highest resident memory of the whole process tree
 * at one instant (scripts/lib/process-memory.ts; without /proc, the sum of each process's own peak).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { argValue, hasFlag } from './lib/args';
import { peakTreeRss } from './lib/process-memory';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../i18n/locales';
import { BUILD_LOCALES_ENV } from '../src/data/build-cache';
import { BUILD_ROOT_PAGES_ENV } from '../src/integrations/build-shard';
import { writeSeoFiles } from '../src/integrations/seo-files';
import { writePageHeaders } from '../src/integrations/page-headers';
import { openDatabase } from '../src/data/db';
import { checkBuildConfig } from '../src/server/config';
import { isProduction } from '../src/server/env';
import { buildDatabase, isBuilt } from './lib/db-setup';

const MAX_SHARDS = 2;
/** Old-space limit of each shard process (BUILD_SHARD_HEAP_MB overrides); see runShard. */
const SHARD_HEAP_MB = 640;

/**
 * Relative rendering cost of each locale (pages × time per page, measured at scale 10: the locales with doctor
 * and service pages weigh most, zh-TW has hospital pages only), used to balance the shards.
 */
const LOCALE_WEIGHT: Record<Locale, number> = { 'vi-VN': 6, 'en-PH': 4, 'id-ID': 6, 'zh-TW': 1, 'ms-MY': 6, 'th-TH': 6 };

/** Splits the locales into n groups of similar weight (largest first into the lightest group). */
export function shardLocales(n: number): Locale[][] {
  const groups = Array.from({ length: n }, () => ({ weight: 0, locales: [] as Locale[] }));
  for (const l of [...LOCALES].sort((a, b) => LOCALE_WEIGHT[b] - LOCALE_WEIGHT[a])) {
    const g = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    g.locales.push(l);
    g.weight += LOCALE_WEIGHT[l];
  }
  return groups.map((g) => LOCALES.filter((l) => g.locales.includes(l))).filter((g) => g.length > 0);
}

async function countPages(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.html')) n++;
  return n;
}

interface Figures { pages: number; seconds: number; pagesPerSecond: number; peakMemoryMb: number; shards: number }

const outDir = path.resolve(argValue('--out') ?? 'dist');
const json = hasFlag('--json');
const figuresFile = argValue('--figures');
const isShard = !!process.env[BUILD_LOCALES_ENV];
// On Netlify the build needs its database and the browser's Supabase settings: say every missing one at once.
if (isProduction() && !isShard) checkBuildConfig();
const embedded = !process.env.DATABASE_URL;
const shards = isShard ? 1 : Math.max(1, Number(argValue('--shards') ?? process.env.BUILD_SHARDS ?? (embedded ? 1 : Math.min(MAX_SHARDS, os.availableParallelism()))));
const started = performance.now();
const memory = peakTreeRss();

function runShard(locales: Locale[], index: number, dir: string): Promise<{ peakMemoryMb: number }> {
  const figures = `${dir}.figures.json`;
  // V8 grows a heap towards its limit (about 4 GB here) before collecting hard; a shard's live data is far
  // smaller, so a lower limit and small young generation keep each process's RSS down at little cost in time
  // (scale 7, the 29,253-page shard: peak RSS 1,240 MB by default, 910 MB at 768 MB, 774 MB at 512 MB).
  const heapMb = Number(process.env.BUILD_SHARD_HEAP_MB ?? SHARD_HEAP_MB);
  const args = [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', '--import', 'tsx', path.join(import.meta.dirname, 'build.ts'), '--out', dir, '--figures', figures, ...(json ? ['--json'] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', json ? 'ignore' : 'inherit', 'inherit'],
    // Two malloc arenas: the bundler's native threads otherwise leave many half-empty arenas in the RSS
    // (measured at scale 1, two processes: sum of peaks 1954 MB -> 1750 MB).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, [BUILD_LOCALES_ENV]: locales.join(','), [BUILD_ROOT_PAGES_ENV]: index === 0 ? '1' : '0' },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`build shard ${index + 1} (${locales.join(', ')}) failed (${code})`));
      resolve(JSON.parse(readFileSync(figures, 'utf8')) as { peakMemoryMb: number });
    });
  });
}

/** Moves a folder (a rename, or a copy when it crosses file systems). */
async function move(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** Moves the locale folders of a shard's output into the site; everything else must be what the site has. */
async function mergeShard(from: string, locales: Locale[]) {
  for (const l of locales) {
    const prefix = LOCALE_CONFIG[l].prefix;
    if (!existsSync(path.join(from, prefix))) continue;
    await rm(path.join(outDir, prefix), { recursive: true, force: true });
    await move(path.join(from, prefix), path.join(outDir, prefix));
  }
  const assets = (d: string) => (existsSync(d) ? readdir(d) : Promise.resolve([]));
  const [mine, theirs] = await Promise.all([assets(path.join(outDir, '_astro')), assets(path.join(from, '_astro'))]);
  const missing = theirs.filter((f) => !mine.includes(f));
  if (missing.length) throw new Error(`build shards produced different client assets: ${missing.slice(0, 5).join(', ')}`);
  await rm(from, { recursive: true, force: true });
}

/**
 * The site is rendered from the database, so a fresh checkout's `npm run build` first builds and seeds the
 * embedded one (as `npm start` does) instead of failing on an empty database; a server named by DATABASE_URL is
 * never seeded by a build.
 */
if (!isShard) {
  const db = await openDatabase();
  try {
    if (!(await isBuilt(db))) {
      if (!embedded) throw new Error('[build] the database named by DATABASE_URL has no schema: run npm run db:reset first.');
      console.error('[build] the embedded database is empty: building and seeding it first (npm run db:reset)…');
      await buildDatabase(db, { seed: true });
    }
  } finally {
    await db.close();
  }
}

let pages: number;
let childPeakMb = 0;
/** The shards' work folder (sharded builds), deleted once the figures are out. */
let work: string | null = null;
if (shards <= 1) {
  // Imported here: a parent of shards never renders, and Astro's modules alone hold ~250 MB.
  const { build } = await import('astro');
  await build({ root: process.cwd(), outDir, logLevel: json ? 'warn' : 'info' });
  pages = await countPages(outDir);
} else {
  const groups = shardLocales(shards);
  if (!json) console.log(`[build] ${groups.length} processes: ${groups.map((g) => g.join('+')).join(' | ')}`);
  // Each shard builds inside the project: Astro puts its prerender bundle next to an output folder inside the
  // working directory (elsewhere it falls back to one shared .astro/ folder, and the shards would collide).
  const folder = path.join(process.cwd(), '.astro', 'shards', String(process.pid));
  work = folder;
  const dirs = groups.map((_, i) => path.join(folder, String(i)));
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const results = await Promise.all(groups.map((g, i) => runShard(g, i, dirs[i])));
  // The previous site is moved aside and deleted once the new one is in place and measured: deleting tens of
  // thousands of files takes this disk most of a minute, and none of it is building.
  if (existsSync(outDir)) await rename(outDir, path.join(folder, 'previous')).catch(() => rm(outDir, { recursive: true, force: true }));
  await mkdir(path.dirname(outDir), { recursive: true });
  for (const d of dirs) await rm(path.join(d, '.prerender'), { recursive: true, force: true });
  await move(dirs[0], outDir);
  for (let i = 1; i < groups.length; i++) await mergeShard(dirs[i], groups[i]);
  const t0 = performance.now();
  const seo = await writeSeoFiles(outDir);
  if (!json) console.log(`[build] sitemaps: ${seo.reduce((n, r) => n + r.listed, 0)} URLs, robots.txt per domain (${Math.round(performance.now() - t0)} ms)`);
  pages = await countPages(outDir);
  childPeakMb = results.reduce((n, r) => n + r.peakMemoryMb, 0);
}
if (!isShard) {
  // The pages' Content-Security-Policy with the hashes of their inline scripts, once every page exists.
  const t0 = performance.now();
  const policy = await writePageHeaders(outDir);
  if (!json) console.log(`[build] page policy: ${policy.hashes} inline script hashes over ${policy.pages} pages → _headers (${Math.round(performance.now() - t0)} ms)`);
}
const seconds = (performance.now() - started) / 1000;
const peakMb = memory.stop() ?? process.resourceUsage().maxRSS / 1024 + childPeakMb;
const figures: Figures = { pages, seconds: Number(seconds.toFixed(2)), pagesPerSecond: Number((pages / seconds).toFixed(1)), peakMemoryMb: Math.round(peakMb), shards };
if (figuresFile) await writeFile(figuresFile, JSON.stringify(figures));
if (json) console.log(JSON.stringify(figures));
else if (!isShard) console.log(`[build] ${pages} pages in ${figures.seconds} s (${figures.pagesPerSecond} pages/s), peak memory ${figures.peakMemoryMb} MB${shards > 1 ? ` (${shards} processes)` : ''} → ${outDir}`);
if (work) await rm(work, { recursive: true, force: true });
// The build's database connections must not keep the process alive.
process.exit(0);
