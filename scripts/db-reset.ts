/** npm run db:reset [-- --scale N]: drop, bootstrap, migrate, seed. Honours DATABASE_URL. */
import { resetDatabase } from './lib/db-setup';
import { argValue } from './lib/args';

const scale = Number(argValue('--scale') ?? 1);
const started = performance.now();
const { engine, counts } = await resetDatabase({ scale, log: (m) => console.log(`[seed] ${m}`) });
console.log(`[db:reset] ${engine} database rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`, counts);
