/**
 * The server the end-to-end tests run against: a fresh embedded database (bootstrap, migrations, seed) in a
 * temporary directory, the site built from it, served with its functions and stand-ins on E2E_PORT.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/data/db';
import { buildDatabase } from './lib/db-setup';
import { loadFunctions } from './lib/functions';
import { standInMounts, startServer } from './lib/server';
import { startScheduledFunctions } from './lib/scheduled';
import { startLocalRebuild } from './lib/local-rebuild';
import { getDatabase } from '../src/data/db';
import { newestChangeId } from '../src/data/site-builds';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'care-e2e-'));
process.env.PGLITE_DIR = path.join(work, 'pglite');
process.env.STORAGE_DIR ??= path.join(work, 'storage');
const outDir = path.join(work, 'dist');

const db = await openDatabase({ dataDir: process.env.PGLITE_DIR });
await buildDatabase(db, { seed: true });
const { handleHospitalFixtures } = await import('../tests/e2e/support/hospital-fixtures');
const { handleDoctorFixtures } = await import('../tests/e2e/support/doctor-fixtures');
const { handleBookingFixtures } = await import('../tests/e2e/support/booking-fixtures');
const { handleAccessToken } = await import('../tests/e2e/support/access-token');
const { handleAppointmentFixtures } = await import('../tests/e2e/support/appointment-fixtures');
const builtThrough = await newestChangeId(db.pool);
await db.close();

// Booking e2e tests hold many slots with the demo patients: the per-user hold limit would refuse them.
process.env.RATE_LIMIT_BOOKING_CREATE ??= '1000/600';
// The admin specs sign the six staff accounts in through the form many times at two widths, all from 127.0.0.1
// (the limits themselves are tested in tests/db). Without this a late spec met 'too many attempts'.
process.env.RATE_LIMIT_SIGN_IN ??= '1000/900';
process.env.RATE_LIMIT_SIGN_IN_IP ??= '1000/900';
// The webhook spec's receiver listens on 127.0.0.1: loopback webhooks are allowed in this test server only
// (src/server/public-address.ts; never honoured in production).
process.env.WEBHOOK_ALLOW_LOOPBACK ??= '1';
// A public Mapbox token so the map card offers its interactive map (no request leaves the machine before a click).
process.env.PUBLIC_MAPBOX_TOKEN ??= 'pk.e2e-test-token';
const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/build.ts'), '--out', outDir], { stdio: 'inherit', cwd: root, env: process.env });
if (r.status !== 0) process.exit(r.status ?? 1);

const mounts = await standInMounts(root);
mounts.push({ prefix: '/__e2e/hospital-fixtures', handler: () => handleHospitalFixtures() });
mounts.push({ prefix: '/__e2e/doctor-fixtures', handler: () => handleDoctorFixtures() });
mounts.push({ prefix: '/__e2e/booking-fixtures', handler: (req) => handleBookingFixtures(req) });
mounts.push({ prefix: '/__e2e/appointment-fixtures', handler: (req) => handleAppointmentFixtures(req) });
// An access token of a seeded user with its session in this server's database (the tests' own process has none):
// sign-ins of one address are rate-limited, and tests of six projects sign the same patient in at once.
mounts.push({ prefix: '/__e2e/access-token', handler: (req) => handleAccessToken(req) });
// What the link checker (tests/e2e/links.spec.ts) reads: the built site on disk and the function paths served.
const functionPaths = (await loadFunctions(path.join(root, 'functions'))).map((f) => f.path);
mounts.push({ prefix: '/__e2e/site', handler: () => Response.json({ distDir: outDir, functionPaths }) });
// The local rebuild (issue 37) runs here only when a spec asks (POST /__e2e/rebuild: builds what changed, publishes it,
// answers the outcome), so other specs' writes never rebuild the site under them.
const rebuild = await startLocalRebuild({
  root,
  db: await getDatabase(),
  dataDir: process.env.PGLITE_DIR,
  distDir: outDir,
  servedThroughChangeId: builtThrough,
  publish: (dir) => server.publishSite(dir),
  tickMs: 0,
  log: console.error,
});
mounts.push({
  prefix: '/__e2e/rebuild',
  handler: async () => Response.json((await rebuild.tick({ force: true })) ?? (await rebuild.current) ?? { status: 'nothing' }),
});
const server = await startServer({ root, distDir: outDir, port: Number(process.env.E2E_PORT), mounts, log: console.error });
console.log(`[e2e] serving ${server.url} from ${outDir}`);
// Scheduled functions (the outbox sender) every second, so tests read sent mail promptly.
const scheduled = await startScheduledFunctions({ functionsDir: path.join(root, 'functions'), origin: server.url, intervalMs: 1000, log: console.error });
const stop = async () => {
  scheduled.stop();
  await rebuild.stop();
  await server.close();
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
