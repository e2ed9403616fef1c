/**
 * Child process of the booking benchmark: the local server (scripts/lib/server.ts) with the functions over the
 * PostgreSQL database in BENCH_DATABASE_URL. Prints its URL on stdout, runs until killed.
 */
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openDatabase } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { startServer } from '../../../scripts/lib/server';

const db = await openDatabase({ url: process.env.BENCH_DATABASE_URL!, max: Number(process.env.BENCH_POOL ?? 20) });
useDatabase(db);
const root = path.resolve(import.meta.dirname, '../../..');
// No static site is needed: an empty dist directory.
const server = await startServer({ root, distDir: mkdtempSync(path.join(tmpdir(), 'care-bench-dist-')) });
console.log(server.url);
