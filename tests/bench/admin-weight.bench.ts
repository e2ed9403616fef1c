/**
 * admin-first-load-js (issue #27, DESIGN §8: under 200 KB gzip): the JavaScript /admin/ loads for a signed-in
 * manager before any screen's own chunk: the page's island and renderer (React 19 + react-dom) and their static
 * imports, plus what the app always fetches before the first screen (its vi-VN strings). Screens' chunks, what only
 * they import, other languages and the Supabase client are left out: the app reads a valid stored session without
 * the client (src/admin/session.ts), which arrives only to sign in, refresh or sign out (issue 38 item 13), and is
 * reported apart (`admin-sign-in-js`: the first load plus the client, no budget of its own).
 * Each screen's own chunk (issue 38 item 13: a new screen's weight stays in its chunk): `admin-screen-js.<Screen>`,
 * the screen's file and what it imports that the first load does not already hold.
 * Also checks that no public page loads the admin's React renderer.
 * BENCH_DIST=<dir> measures an existing build instead of building one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/data/db';
import { buildDatabase } from '../../scripts/lib/db-setup';
import { round, type Benchmark } from './harness';
import { pageScripts } from './page-weight.bench';

const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_FIRST_LOAD_BUDGET_KB = 200;
const OTHER_LOCALES = /(en-PH|id-ID|zh-TW|ms-MY|th-TH)\.[\w-]+\.js$/;

async function build(work: string): Promise<string> {
  const dataDir = path.join(work, 'pglite');
  const db = await openDatabase({ dataDir });
  await buildDatabase(db, { seed: true });
  await db.close();
  const out = path.join(work, 'dist');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts'), '--out', out, '--json'], { cwd: root, env: { ...process.env, PGLITE_DIR: dataDir }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  return out;
}

/**
 * What the app fetches on its own before a screen: the dynamic imports of the first-load files that are not a
 * screen's (the strings of the language, the Supabase client), with everything they import. A chunk that only a
 * screen imports (a list's columns, the form kit) arrives with that screen and is left out.
 */
/** The Supabase client's chunk (its auth client's class name survives minification as a string). */
const isSupabaseClient = (out: string, url: string) => readFileSync(path.join(out, url), 'utf8').includes('GoTrueClient');

function fetchedBeforeAnyScreen(out: string, onLoad: Map<string, number>, skip: (url: string) => boolean = () => false): Map<string, number> {
  const found = new Map<string, number>();
  const isScreen = (url: string) => /Screen/.test(path.basename(url)) || OTHER_LOCALES.test(url) || skip(url);
  const importsOf = (url: string, pattern: RegExp) => {
    const code = readFileSync(path.join(out, url), 'utf8');
    return [...code.matchAll(pattern)].map((m) => path.posix.join(path.posix.dirname(url), m[1]!));
  };
  const STATIC = /(?:from\s*|import\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  const DYNAMIC = /import\s*\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  // A lazy part of the shell that a screen imports statically (the appointments screen's date bar) arrives with it.
  const withScreen = new Set([...onLoad.keys()].flatMap((url) => importsOf(url, DYNAMIC)).filter((u) => /Screen/.test(path.basename(u))).flatMap((u) => importsOf(u, STATIC)));
  const queue = [...onLoad.keys()].flatMap((url) => importsOf(url, DYNAMIC)).filter((u) => !isScreen(u) && !withScreen.has(u));
  while (queue.length) {
    const url = queue.shift()!;
    if (found.has(url) || onLoad.has(url) || isScreen(url)) continue;
    found.set(url, gzipSync(readFileSync(path.join(out, url)), { level: 9 }).length);
    queue.push(...importsOf(url, STATIC), ...importsOf(url, DYNAMIC).filter((u) => !isScreen(u)));
  }
  return found;
}

/** The screens' lazy chunks (named after their component, …Screen) with what each adds to `loaded`. */
function screenChunks(out: string, onLoad: Map<string, number>, loaded: Map<string, number>): Map<string, Map<string, number>> {
  const STATIC = /(?:from\s*|import\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  const DYNAMIC = /import\s*\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  const importsOf = (url: string, pattern: RegExp) => [...readFileSync(path.join(out, url), 'utf8').matchAll(pattern)].map((m) => path.posix.join(path.posix.dirname(url), m[1]!));
  const screens = new Set([...onLoad.keys()].flatMap((url) => importsOf(url, DYNAMIC)).filter((u) => /Screen\.[\w-]+\.js$/.test(path.basename(u))));
  const result = new Map<string, Map<string, number>>();
  for (const screen of [...screens].sort()) {
    const files = new Map<string, number>();
    const queue = [screen];
    while (queue.length) {
      const url = queue.shift()!;
      if (files.has(url) || loaded.has(url)) continue;
      files.set(url, gzipSync(readFileSync(path.join(out, url)), { level: 9 }).length);
      queue.push(...importsOf(url, STATIC));
    }
    result.set(path.basename(screen).split('.')[0]!, files);
  }
  return result;
}

const bench: Benchmark = {
  name: 'admin-first-load-js',
  async run({ emit, log }) {
    const work = mkdtempSync(path.join(tmpdir(), 'care-admin-weight-'));
    try {
      const out = process.env.BENCH_DIST ?? (await build(work));
      const html = readFileSync(path.join(out, 'admin/index.html'), 'utf8');
      const { onLoad } = pageScripts(out, html);
      const total = (files: Map<string, number>) => Number(([...files.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(1));
      const before = new Map(onLoad);
      for (const [f, b] of fetchedBeforeAnyScreen(out, onLoad, (url) => isSupabaseClient(out, url))) before.set(f, b);
      const kb = total(before);
      log(`admin first load: ${[...before].sort((a, b) => b[1] - a[1]).map(([f, b]) => `${path.basename(f)} ${(b / 1024).toFixed(1)} KB`).join(', ')}`);
      emit({ name: 'admin-first-load-js', value: kb, unit: 'KB', budget: ADMIN_FIRST_LOAD_BUDGET_KB, detail: { scripts: before.size } });
      const signingIn = new Map(onLoad);
      for (const [f, b] of fetchedBeforeAnyScreen(out, onLoad)) signingIn.set(f, b);
      emit({ name: 'admin-sign-in-js', value: total(signingIn), unit: 'KB', detail: { scripts: signingIn.size, supabaseClientKB: round(total(signingIn) - kb, 1) } });

      // Each screen's own chunk: its file and its static imports the first load does not hold.
      for (const [name, files] of screenChunks(out, onLoad, before)) {
        emit({ name: `admin-screen-js.${name}`, value: total(files), unit: 'KB', detail: { scripts: files.size } });
      }

      // The admin's renderer (react-dom) on public pages: none.
      const renderer = /renderer-url="([^"]+)"/.exec(html)?.[1];
      const reactFiles = new Set([...onLoad.keys()].filter((f) => /react-dom|__SECRET_INTERNALS|react\.dev\/errors/.test(readFileSync(path.join(out, f), 'utf8'))));
      let publicPagesWithReact = 0;
      for (const page of ['vi-vn/index.html', 'vi-vn/hospitals/index.html', 'vi-vn/specialty/index.html', 'en-ph/index.html']) {
        const scripts = pageScripts(out, readFileSync(path.join(out, page), 'utf8'));
        const all = [...scripts.onLoad.keys(), ...scripts.lazy.keys()];
        if (all.some((f) => f === renderer || reactFiles.has(f))) publicPagesWithReact++;
      }
      emit({ name: 'public pages loading the admin React renderer', value: publicPagesWithReact, unit: 'pages', budget: 0, detail: { renderer, reactFiles: [...reactFiles].map((f) => path.basename(f)) } });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

export default bench;
