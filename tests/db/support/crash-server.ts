/**
 * A functions server in a process of its own, for tests/db/booking-crash.test.ts (which SIGKILLs it): opens the
 * PostgreSQL database of DATABASE_URL, serves the functions and the stand-ins (no static site) on a free port,
 * and prints `PORT <n>` on stdout once it listens. Its connections carry PGAPPNAME, so the test can tell this
 * process's sessions apart in pg_stat_activity.
 */
import path from 'node:path';
import { openDatabase } from '../../../src/data/db';
import { useDatabase } from '../../../src/server/runtime';
import { standInMounts, startServer } from '../../../scripts/lib/server';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('crash-server: DATABASE_URL must name the test database');
const root = path.resolve(import.meta.dirname, '../../..');
useDatabase(await openDatabase({ url, max: 4 }));
const server = await startServer({ root, distDir: '.no-static-site', port: 0, mounts: await standInMounts(root), cdnCache: false });
process.stdout.write(`PORT ${server.port}\n`);
