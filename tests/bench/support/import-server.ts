/**
 * Child process of the import bench: a seeded database (embedded PGlite, or a throwaway PostgreSQL database), the
 * functions served locally (the background function included, run as Netlify runs it: 202 at once), files stored
 * in a temporary directory; prints { url, token, branchId, specialties } of an organization manager.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../../scripts/lib/pg-server';
import { createStaff, firstOrganization } from '../../support/accounts';
import { signAccessToken } from '../../support/tokens';
import { startTestServer } from '../../support/test-server';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const storage = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
process.env.STORAGE_DIR = storage;
let db: Database;
let cleanup: () => Promise<void>;
if (engine === 'postgres') {
  const pg = await ensurePgServer();
  const name = uniqueDatabaseName('care_bench');
  const opened = await openDatabase({ url: await createServerDatabase(pg.url, name), max: 10 });
  db = opened;
  cleanup = async () => {
    await opened.close();
    await dropServerDatabase(pg.url, name);
    await pg.stop();
  };
} else {
  db = await openDatabase({ dataDir: 'memory://' });
  cleanup = () => db.close();
}
await buildDatabase(db, { seed: true });
useDatabase(db);
const org = await firstOrganization(db, 0);
const token = await signAccessToken(await createStaff(db, { email: 'bench-import@bench.test', role: 'facility', organizationId: org.organizationId }));
const branchId = org.hospitalIds[0];
const specialties = (await db.pool.query('select s.slug from public.specialties s join public.hospitals h on h.country_id = s.country_id where h.id = $1 order by s.id limit 2', [branchId])).rows.map((r) => r.slug as string);
const server = await startTestServer();
console.log(JSON.stringify({ url: server.url, token, branchId, specialties }));
const stop = async () => {
  await server.close();
  await cleanup();
  rmSync(storage, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
