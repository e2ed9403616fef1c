/**
 * The local rebuild of `npm start` (issue 37, scripts/lib/local-rebuild.ts): a directory change rebuilds the site
 * from a snapshot of the embedded database in the background, the server switches to it when done, and a burst of
 * edits is one build. Real builds (scripts/build.ts) of the seeded site, on a file-backed PGlite like `npm start`'s
 * (the snapshot is that engine's path; a server database is read directly by the build). Prints the timings.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, transaction, type Database } from '../../src/data/db';
import { BUILD_LOCALES_ENV } from '../../src/data/build-cache';
import { newestChangeId } from '../../src/data/site-builds';
import { BUILD_ROOT_PAGES_ENV } from '../../src/integrations/build-shard';
import { LOCAL_REBUILD_QUIET_MS } from '../../src/lib/site-rebuild';
import { useDatabase } from '../../src/server/runtime';
import { buildDatabase } from '../../scripts/lib/db-setup';
import { startLocalRebuild, type LocalRebuilder } from '../../scripts/lib/local-rebuild';
import { startServer, type RunningServer } from '../../scripts/lib/server';
import { createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'care-local-rebuild-'));
const dataDir = path.join(work, 'pglite');
const distDir = path.join(work, 'dist');
let db: Database;
let server: RunningServer;
let rebuild: LocalRebuilder;
let hospital: { id: number; slug: string; name: string };
let token: string;
const log: string[] = [];

/** Resolves when the build running (or the next one the timer starts) has ended. */
async function nextBuild(timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const running = rebuild.current;
    if (running) return running;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no build started:\n${log.join('\n')}`);
}

const page = async () => (await fetch(`${server.url}/vi-vn/hospital/${encodeURIComponent(hospital.slug)}/`)).text();
const siteBuild = async () => (await (await fetch(`${server.url}/api/admin/site-build`, { headers: { authorization: `Bearer ${token}` } })).json())._data;

beforeAll(async () => {
  // The builds render vi-VN and the root pages only (the child build inherits this environment, as a shard of
  // scripts/build.ts does): the rebuild's queueing, snapshot and switch are the same for any set of pages, and a
  // whole six-locale site three times over was more than half of the database layer's time.
  process.env[BUILD_LOCALES_ENV] = 'vi-VN';
  process.env[BUILD_ROOT_PAGES_ENV] = '1';
  db = await openDatabase({ dataDir });
  await buildDatabase(db, { seed: true });
  useDatabase(db);
  token = await signAccessToken(await createStaff(db, { email: 'local-rebuild-admin@platform.test', role: 'admin' }));
  const { rows } = await db.pool.query<{ id: number; slug: string; name: string }>(
    `select h.id, h.slug, h.name from public.hospitals h join public.countries c on c.id = h.country_id
      where c.locale = 'vi-VN' and public.is_hospital_published(h.id) order by h.id limit 1`,
  );
  hospital = rows[0];
  server = await startServer({ root, distDir, port: 0, cdnCache: false });
  rebuild = await startLocalRebuild({
    root,
    db,
    dataDir,
    distDir,
    servedThroughChangeId: 0,
    publish: (dir) => server.publishSite(dir),
    tickMs: 250,
    log: (l) => log.push(l),
  });
}, 300_000);

afterAll(async () => {
  delete process.env[BUILD_LOCALES_ENV];
  delete process.env[BUILD_ROOT_PAGES_ENV];
  await rebuild?.stop();
  await server?.close();
  useDatabase(undefined);
  await db?.close();
  rmSync(work, { recursive: true, force: true });
});

it('builds the seeded site once at first, then one edit reaches the served page with no step by hand', async () => {
  // Nothing is served yet (no site was built before the server started): the first build takes every change.
  const first = await nextBuild();
  expect(first, log.join('\n')).toMatchObject({ status: 'published' });
  expect(existsSync(path.join(distDir, 'vi-vn'))).toBe(true);
  expect(await page()).toContain(hospital.name);
  expect(await siteBuild()).toMatchObject({ pendingChanges: 0, lastBuild: { status: 'published' } });

  const renamed = `${hospital.name} Bình Thạnh`;
  const t0 = performance.now();
  await db.pool.query('update public.hospitals set name = $2 where id = $1', [hospital.id, renamed]);
  // The card says the change waits (or is being built) before the page shows it.
  const during = await siteBuild();
  expect(during.pendingChanges + (during.lastBuild.status === 'building' ? 1 : 0)).toBeGreaterThan(0);
  const one = await nextBuild();
  const seconds = (performance.now() - t0) / 1000;
  expect(one, log.join('\n')).toMatchObject({ status: 'published', changes: 1 });
  expect(await page()).toContain(renamed);
  expect(await siteBuild()).toMatchObject({ pendingChanges: 0, lastBuild: { status: 'published', title: 'Directory changed: 1 hospital' } });
  // The old copy of the site is gone once the new one is in place.
  expect(existsSync(`${distDir}.next`)).toBe(false);
  console.log(`[local rebuild] one edit: visible after ${seconds.toFixed(1)} s (build ${one.seconds.toFixed(1)} s, quiet wait ${LOCAL_REBUILD_QUIET_MS / 1000} s)`);
}, 300_000);

it('takes a burst of 100 edits into one build', async () => {
  const before = await transaction(db, (c) => newestChangeId(c));
  const t0 = performance.now();
  for (let i = 1; i <= 100; i++) await db.pool.query('update public.hospitals set name = $2 where id = $1', [hospital.id, `${hospital.name} ${i}`]);
  expect((await transaction(db, (c) => newestChangeId(c))) - before).toBe(100);
  const burst = await nextBuild();
  const seconds = (performance.now() - t0) / 1000;
  expect(burst, log.join('\n')).toMatchObject({ status: 'published', changes: 100 });
  expect(await page()).toContain(`${hospital.name} 100`);
  // No second build follows: everything was in the one.
  await new Promise((r) => setTimeout(r, LOCAL_REBUILD_QUIET_MS + 1000));
  expect(rebuild.current).toBeNull();
  const { rows } = await db.pool.query<{ n: number }>(`select count(*)::int as n from ops.site_builds where title = 'Directory changed: 100 hospitals'`);
  expect(rows[0].n).toBe(1);
  console.log(`[local rebuild] burst of 100 edits: one build, visible after ${seconds.toFixed(1)} s (build ${burst.seconds.toFixed(1)} s)`);
}, 300_000);
