/**
 * Child process of the api-latency bench: builds a database (embedded PGlite in memory, or a throwaway database
 * on the local PostgreSQL), creates one staff account, serves the functions and prints { url, staffToken }.
 */
import { openDatabase } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../../scripts/lib/pg-server';
import { createStaff } from '../../support/accounts';
import { signAccessToken } from '../../support/tokens';
import { startTestServer } from '../../support/test-server';

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
await buildDatabase(db, { seed: false });
useDatabase(db);
const staffToken = await signAccessToken(await createStaff(db, { email: 'bench-admin@platform.test', role: 'admin' }));
const server = await startTestServer();
// Baseline: a bare node:http answer of the same size, to separate the load generator's cost from the platform's.
const http = await import('node:http');
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"_status":1,"_messages":[],"_data":{}}');
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as import('node:net').AddressInfo).port}`;
console.log(JSON.stringify({ url: server.url, baselineUrl, staffToken }));
const stop = async () => {
  await server.close();
  baseline.close();
  await cleanup();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
