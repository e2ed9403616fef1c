/** Seed time and row counts on the embedded engine at the requested scale. */
import { openDatabase } from '../../src/data/db';
import { buildDatabase } from '../../scripts/lib/db-setup';
import type { Benchmark } from './harness';
import { round } from './harness';

const bench: Benchmark = {
  name: 'seed',
  async run({ scale, emit }) {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      const t0 = performance.now();
      const { counts } = await buildDatabase(db, { seed: true, scale });
      const ms = performance.now() - t0;
      emit({ name: `seed.pglite.scale${scale}.seconds`, value: round(ms / 1000), unit: 's', detail: counts });
      for (const [table, n] of Object.entries(counts)) emit({ name: `seed.rows.${table}`, value: n, unit: 'rows', detail: { scale } });
    } finally {
      await db.close();
    }
  },
};
export default bench;
