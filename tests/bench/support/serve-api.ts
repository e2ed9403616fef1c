/**
 * Child process of the booking benchmark: the local server (scripts/lib/server.ts) with the functions over the
 * PostgreSQL database in BENCH_DATABASE_URL (pool of BENCH_POOL connections) or the embedded PGlite directory in
 * BENCH_PGLITE_DIR. Prints its URL on stdout, runs until killed.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openDatabase } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { startServer } from '../../../scripts/lib/server';

const db = await openDatabase(
  process.env.BENCH_PGLITE_DIR ? { dataDir: process.env.BENCH_PGLITE_DIR } : { url: process.env.BENCH_DATABASE_URL!, max: Number(process.env.BENCH_POOL ?? 10) },
);
useDatabase(db);
const root = path.resolve(import.meta.dirname, '../../..');
// No static site is needed: an empty dist directory.
const server = await startServer({ root, distDir: mkdtempSync(path.join(tmpdir(), 'care-bench-dist-')) });
console.log(server.url);
const stop = async () => {
  await server.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
