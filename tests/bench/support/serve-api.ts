/**
 * Child process of the booking benchmark: the local server (scripts/lib/server.ts) with the functions, in a thread
 * of their own as on Netlify (scripts/lib/function-thread.ts), over the PostgreSQL database in BENCH_DATABASE_URL
 * (pool of BENCH_POOL connections) or the embedded PGlite directory in BENCH_PGLITE_DIR. BENCH_FUNCTIONS_THREAD=0
 * runs them in the server's thread instead. Prints its URL on stdout, runs until killed.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openDatabase, type OpenOptions } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { startServer } from '../../../scripts/lib/server';

const database: OpenOptions = process.env.BENCH_PGLITE_DIR
  ? { dataDir: process.env.BENCH_PGLITE_DIR }
  : { url: process.env.BENCH_DATABASE_URL!, max: Number(process.env.BENCH_POOL ?? 10) };
const inThread = process.env.BENCH_FUNCTIONS_THREAD !== '0';
const db = inThread ? null : await openDatabase(database);
if (db) useDatabase(db);
const root = path.resolve(import.meta.dirname, '../../..');
// No static site is needed: an empty dist directory.
const server = await startServer({ root, distDir: mkdtempSync(path.join(tmpdir(), 'care-bench-dist-')), functionsThread: inThread ? database : undefined });
console.log(server.url);
const stop = async () => {
  await server.close();
  await db?.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
