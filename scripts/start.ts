/**
 * npm start: the whole product on one machine. First run: bootstrap, migrations and seed into the embedded
 * database (.data/pglite); later runs reuse it and apply only new migrations. Then builds the site from it and
 * serves site + functions (+ local Supabase stand-ins) at http://localhost:${PORT:-8888}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, defaultDataDir, getDatabase } from '../src/data/db';
import { newestChangeId } from '../src/data/site-builds';
import { applyBootstrap, applyMigrations, isBuilt, runSeed } from './lib/db-setup';
import { standInMounts, startServer } from './lib/server';
import { startScheduledFunctions } from './lib/scheduled';
import { startLocalRebuild } from './lib/local-rebuild';
import { hasFlag } from './lib/args';
import { startBanner } from './lib/start-banner';

const root = path.resolve(import.meta.dirname, '..');
const t0 = performance.now();
const secs = () => ((performance.now() - t0) / 1000).toFixed(1);
const engineLabel = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${path.relative(root, defaultDataDir())}`;

// 1. Database
/** The newest directory change the first build below reads (the local rebuild takes it from there). */
let builtThrough = 0;
{
  const db = await openDatabase();
  if (await isBuilt(db)) {
    const applied = await applyMigrations(db);
    console.log(`[start] reusing the ${engineLabel}${applied.length ? `; applied new migrations ${applied.join(', ')}` : ''} (${secs()} s)`);
  } else {
    console.log(`[start] first run: building the ${engineLabel} (bootstrap, migrations, seed)…`);
    await applyBootstrap(db);
    await applyMigrations(db);
    const counts = await runSeed(db, { log: (m) => console.log(`[seed] ${m}`) });
    console.log(`[start] database ready (${secs()} s):`, counts);
  }
  builtThrough = await newestChangeId(db.pool);
  await db.close();
}

// 2. Site (a child process: the build opens the database itself; PGlite allows one process at a time)
if (!hasFlag('--no-build')) {
  console.log('[start] building the site…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    console.error('[start] the site build failed; see above.');
    process.exit(r.status ?? 1);
  }
}

// 3. Local Supabase stand-ins, when present (never deployed).
const mounts = await standInMounts(root);

const port = Number(process.env.PORT ?? 8888);
const server = await startServer({ root, port, host: process.env.HOST ?? '127.0.0.1', mounts, log: console.error });
const address = `http://localhost:${server.port}`;
// Netlify's scheduled functions (the outbox sender), every LOCAL_SCHEDULE_MS (2 s) instead of every minute.
const scheduled = await startScheduledFunctions({ functionsDir: path.join(root, 'functions'), origin: server.url, log: console.error });

// The local build hook (issue 37): a directory change rebuilds the site in the background and publishes it.
// Off with --no-rebuild or LOCAL_REBUILD=off (and with --no-build, which serves whatever dist/ holds).
const rebuild =
  hasFlag('--no-build') || hasFlag('--no-rebuild') || process.env.LOCAL_REBUILD === 'off'
    ? null
    : await startLocalRebuild({
        root,
        db: await getDatabase(),
        dataDir: process.env.DATABASE_URL ? undefined : defaultDataDir(),
        distDir: path.join(root, 'dist'),
        servedThroughChangeId: builtThrough,
        publish: (dir) => server.publishSite(dir),
        log: console.error,
      });

let accounts: Array<{ email: string; role: string; description?: string }> = [];
let password = '';
const accountsFile = path.join(root, 'supabase/seed/accounts.ts');
if (existsSync(accountsFile)) {
  const mod = await import(pathToFileURL(accountsFile).href);
  accounts = mod.DEMO_ACCOUNTS ?? [];
  password = mod.DEMO_PASSWORD ?? '';
}

console.log(startBanner({ address, seconds: secs(), mailbox: mounts.length > 0, accounts, password, rebuild: rebuild !== null }));

const stop = async () => {
  scheduled.stop();
  await rebuild?.stop();
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
