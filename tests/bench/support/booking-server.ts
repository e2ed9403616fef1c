/**
 * Child process of the booking-flow bench: a seeded database (embedded PGlite, or a throwaway PostgreSQL
 * database), the functions served locally, a bare node:http baseline, and the bench's data: 500 onboarded patients
 * with their tokens, a capacity-1 and a capacity-3 slot for the race, a capacity-5 slot for the same-key test and
 * 100 free slots for the hold+confirm latency. Prints one JSON line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { setRateLimit } from '../../../src/server/rate-limit';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../../scripts/lib/pg-server';
import { signAccessToken } from '../../support/tokens';
import { startTestServer } from '../../support/test-server';
import { bulkPatients, freeDoctorSlot } from '../../support/booking';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
let cleanup = async () => undefined as void;
let db;
if (engine === 'postgres') {
  const pg = await ensurePgServer();
  const name = uniqueDatabaseName('care_bench');
  db = await openDatabase({ url: await createServerDatabase(pg.url, name), max: 10 });
  cleanup = async () => {
    await db!.close();
    await dropServerDatabase(pg.url, name);
    await pg.stop();
  };
} else {
  db = await openDatabase({ dataDir: 'memory://' });
  cleanup = () => db!.close();
}
await buildDatabase(db, { seed: true });
useDatabase(db);
setRateLimit('booking_create', { limit: 1_000_000, windowSeconds: 600 });
const server = await startTestServer();
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"_status":1,"_messages":[],"_data":{"id":1,"status":"confirmed"}}');
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
const ids = await bulkPatients(db, 500, `bench-${Date.now()}-`);
const tokens = await Promise.all(ids.map((id) => signAccessToken(id)));
const cap1 = await freeDoctorSlot(db, { kind: 'outpatient', capacity: 1, skip: 0 });
const cap3 = await freeDoctorSlot(db, { kind: 'outpatient', capacity: 3, skip: 1 });
const same = await freeDoctorSlot(db, { kind: 'outpatient', capacity: 5, skip: 2 });
const latency = [];
for (let i = 0; i < 120; i++) latency.push(await freeDoctorSlot(db, { kind: 'outpatient', skip: 10 + i * 3 }));
console.log(JSON.stringify({ url: server.url, baselineUrl: `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`, tokens, cap1, cap3, same, latency }));
const stop = async () => {
  await server.close();
  baseline.close();
  await cleanup();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
