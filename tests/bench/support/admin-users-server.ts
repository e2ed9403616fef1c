/**
 * Child process of the admin-users bench: a seeded embedded database with 500 extra staff accounts, the functions
 * served, and a bare node:http server answering an envelope of the same size as the users list; prints
 * { url, baselineUrl, token }.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { buildDatabase } from '../../../scripts/lib/db-setup';
import { createStaff, firstOrganization } from '../../support/accounts';
import { signAccessToken } from '../../support/tokens';
import { startTestServer } from '../../support/test-server';

const db = await openDatabase({ dataDir: 'memory://' });
await buildDatabase(db, { seed: true });
useDatabase(db);
const org = await firstOrganization(db, 0);
for (let i = 0; i < 500; i++) {
  await createStaff(db, { email: `bench-staff-${i}@bench.test`, role: i % 2 ? 'branch' : 'senior_branch', organizationId: org.organizationId, branchIds: [org.hospitalIds[i % org.hospitalIds.length]!] });
}
const token = await signAccessToken(await createStaff(db, { email: 'bench-users-admin@bench.test', role: 'admin' }));
const server = await startTestServer();
const sample = await (await fetch(`${server.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json; version=2.0.0' } })).text();
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(sample);
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
console.log(JSON.stringify({ url: server.url, baselineUrl: `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`, token, bytes: sample.length }));
const stop = async () => {
  await server.close();
  baseline.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
