/**
 * The local equivalent of the Netlify build hook (issue 37): under `npm start` (and the end-to-end server) a
 * directory change (public.directory_changes, written by the existing triggers) rebuilds the static site in the
 * background and publishes it when done, so a staff member's save reaches the public pages with no step by hand.
 *
 * Every LOCAL_REBUILD_TICK_MS the waiting changes are read; when a burst is over (src/lib/site-rebuild.ts,
 * shouldRebuildLocally) a 'building' row claims them (ops.site_builds, shown by the admin's site-build card), the
 * site is built by `scripts/build.ts` in a child process into a sibling folder, and the server switches to it
 * (RunningServer.publishSite). Changes made during a build wait for the next one, which takes them all.
 *
 * The embedded database belongs to this process (PGlite: one process at a time), so the build reads a snapshot:
 * a CHECKPOINT and a copy of the data folder taken while this process holds the database's only connection; the
 * copy opens like a database after a power cut (its WAL replayed). A server database (DATABASE_URL) is read
 * directly.
 */
import { spawn } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { transaction, type Database } from '../../src/data/db';
import { abandonLocalBuilds, claimLocalBuild, finishLocalBuild, pendingChanges, recordBuild } from '../../src/data/site-builds';
import { buildTitle, LOCAL_REBUILD_TICK_MS, shouldRebuildLocally } from '../../src/lib/site-rebuild';

export interface LocalRebuildOptions {
  root: string;
  db: Database;
  /** The embedded database's folder (PGlite); absent on a server database. */
  dataDir?: string;
  /** The folder the server serves; builds go to `${distDir}.next`. */
  distDir: string;
  publish: (builtDir: string) => Promise<void>;
  /**
   * The site being served was built after this change id (read before the build that `npm start` runs first):
   * recorded as published, so the first tick does not rebuild what is already served.
   */
  servedThroughChangeId?: number;
  tickMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface LocalBuildOutcome {
  status: 'published' | 'failed';
  changes: number;
  seconds: number;
  error?: string;
}

export interface LocalRebuilder {
  /**
   * One look at the waiting changes; resolves when the build it started (if any) is published or failed. `force`
   * builds whatever waits without waiting for the burst to end (the end-to-end tests' trigger).
   */
  tick(options?: { force?: boolean }): Promise<LocalBuildOutcome | null>;
  /** The build running now, if any. */
  readonly current: Promise<LocalBuildOutcome> | null;
  stop(): Promise<void>;
}

export async function startLocalRebuild(options: LocalRebuildOptions): Promise<LocalRebuilder> {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const abandoned = await transaction(options.db, async (c) => {
    const n = await abandonLocalBuilds(c);
    const pending = options.servedThroughChangeId ? await pendingChanges(c) : null;
    if (pending && options.servedThroughChangeId) {
      const through = Math.min(pending.throughId, options.servedThroughChangeId);
      await recordBuild(c, { startedAt: new Date(now()), status: 'published', title: 'Site built at start', throughChangeId: through, changes: 0 });
    }
    return n;
  });
  if (abandoned) log(`[rebuild] ${abandoned} build(s) left unfinished by a stopped server are marked failed; their changes wait again`);
  let current: Promise<LocalBuildOutcome> | null = null;
  let failedAt: number | null = null;
  let stopped = false;
  let checking = false;

  async function build(id: number, changes: number, title: string): Promise<LocalBuildOutcome> {
    const t0 = performance.now();
    const next = `${options.distDir}.next`;
    const snapshot = options.dataDir ? `${options.dataDir}.snapshot` : null;
    try {
      await rm(next, { recursive: true, force: true });
      if (snapshot) await takeSnapshot(options.db, options.dataDir!, snapshot);
      await runBuild(options.root, next, snapshot);
      if (stopped) throw new Error('the server stopped');
      await options.publish(next);
      await transaction(options.db, (c) => finishLocalBuild(c, id, 'published'));
      failedAt = null;
      const seconds = (performance.now() - t0) / 1000;
      log(`[rebuild] published: ${title} (${seconds.toFixed(1)} s)`);
      return { status: 'published', changes, seconds };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      failedAt = now();
      await transaction(options.db, (c) => finishLocalBuild(c, id, 'failed', error.slice(0, 500))).catch(() => undefined);
      await rm(next, { recursive: true, force: true }).catch(() => undefined);
      log(`[rebuild] failed: ${error}; the changes wait for the next try`);
      return { status: 'failed', changes, seconds: (performance.now() - t0) / 1000, error };
    } finally {
      if (snapshot) await rm(snapshot, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  async function tick(opts: { force?: boolean } = {}): Promise<LocalBuildOutcome | null> {
    if (stopped || current || checking) return null;
    checking = true;
    let claimed: { id: number; changes: number; title: string } | null = null;
    try {
      claimed = await transaction(options.db, async (c) => {
        const pending = await pendingChanges(c);
        if (!(opts.force ? !!pending : shouldRebuildLocally(pending, now(), { building: false, failedAt }))) return null;
        const title = buildTitle(pending!);
        const id = await claimLocalBuild(c, { startedAt: new Date(now()), title, throughChangeId: pending!.throughId, changes: pending!.count });
        return id === null ? null : { id, changes: pending!.count, title };
      });
    } catch (err) {
      log(`[rebuild] could not read the directory changes: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      checking = false;
    }
    if (!claimed) return null;
    log(`[rebuild] building: ${claimed.title}`);
    current = build(claimed.id, claimed.changes, claimed.title).finally(() => (current = null));
    return current;
  }

  // tickMs 0: no timer, builds only when tick() is called (the end-to-end server).
  const tickMs = options.tickMs ?? LOCAL_REBUILD_TICK_MS;
  const timer = tickMs > 0 ? setInterval(() => void tick(), tickMs) : undefined;
  timer?.unref();
  return {
    tick,
    get current() {
      return current;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}

/** A consistent copy of the embedded database: no query runs while it is taken (the pool's one connection is held). */
async function takeSnapshot(db: Database, dataDir: string, snapshot: string): Promise<void> {
  await rm(snapshot, { recursive: true, force: true });
  const client = await db.pool.connect();
  try {
    await client.query('checkpoint');
    await cp(dataDir, snapshot, { recursive: true });
  } finally {
    client.release();
  }
  // The copy is opened by another process: the lock file of this one would refuse it.
  await rm(path.join(snapshot, 'postmaster.pid'), { force: true });
}

/** scripts/build.ts in a child process (the build holds ~1.5 GB while it renders; this server stays small). */
function runBuild(root: string, outDir: string, snapshot: string | null): Promise<void> {
  const env = { ...process.env, ...(snapshot ? { PGLITE_DIR: snapshot } : {}) };
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts'), '--out', outDir, '--json'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the site build ended with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`))));
  });
}
