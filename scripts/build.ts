/**
 * npm run build [-- --out DIR] [-- --json]: the static site from the database (embedded, or DATABASE_URL).
 * Prints pages, seconds, pages per second and the peak memory of this process (the whole build).
 */
import { build } from 'astro';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { argValue, hasFlag } from './lib/args';

async function countPages(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.html')) n++;
  return n;
}

const outDir = path.resolve(argValue('--out') ?? 'dist');
const started = performance.now();
await build({ root: process.cwd(), outDir, logLevel: hasFlag('--json') ? 'warn' : 'info' });
const seconds = (performance.now() - started) / 1000;
const pages = await countPages(outDir);
const peakMb = process.resourceUsage().maxRSS / 1024;
const figures = { pages, seconds: Number(seconds.toFixed(2)), pagesPerSecond: Number((pages / seconds).toFixed(1)), peakMemoryMb: Math.round(peakMb) };
if (hasFlag('--json')) console.log(JSON.stringify(figures));
else console.log(`[build] ${pages} pages in ${figures.seconds} s (${figures.pagesPerSecond} pages/s), peak memory ${figures.peakMemoryMb} MB → ${outDir}`);
// The build's database connections must not keep the process alive.
process.exit(0);
