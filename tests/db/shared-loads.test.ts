import { expect, it } from 'vitest';
import { BATCH_SLICE_MS, SharedLoads, MAX_BATCHES_IN_FLIGHT } from '../../src/server/shared-loads';
import { useDatabase } from '../../src/server/runtime';
import { describeEachEngine } from './support/engines';

describeEachEngine('shared loads', { seed: false }, (ctx) => {
  it('batches the ids of one round, runs at most MAX_BATCHES_IN_FLIGHT batches at once, and lets later ids join a waiting batch', async () => {
    useDatabase(ctx.db);
    try {
      let running = 0;
      let most = 0;
      const batches: number[][] = [];
      const loads = new SharedLoads<{ id: number; role: string }>({
        ttlMs: 1000,
        loadMany: async (c, ids) => {
          running++;
          most = Math.max(most, running);
          batches.push([...ids]);
          // Each batch reads as anon on its own connection, and takes a while.
          const { rows } = await c.query(`select current_user as role`);
          await new Promise((r) => setTimeout(r, 50));
          running--;
          return new Map(ids.filter((id) => id !== 13).map((id) => [id, { id, role: rows[0].role as string }]));
        },
        missing: (id) => new Error(`no ${id}`),
      });
      // First round: ids 1..4 (one batch). Then, one per round while batches run: the limit holds them, so they gather.
      const first = [1, 2, 3, 4].map((id) => loads.get(id));
      const later: Promise<unknown>[] = [];
      for (let round = 0; round < 12; round++) {
        await new Promise((r) => setImmediate(r));
        later.push(loads.get(100 + round));
      }
      const values = await Promise.all(first);
      expect(values.map((v) => v.id)).toEqual([1, 2, 3, 4]);
      expect(new Set(values.map((v) => v.role))).toEqual(new Set(['anon']));
      await Promise.all(later);
      // (Batches reach loadMany in the order they get a connection, not the order they left.)
      expect(batches).toContainEqual([1, 2, 3, 4]);
      expect(batches.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, ...Array.from({ length: 12 }, (_, i) => 100 + i)]);
      expect(most).toBeLessThanOrEqual(MAX_BATCHES_IN_FLIGHT);
      expect(batches.length).toBeLessThan(13);
      // Kept: asking again reads nothing; concurrent asks for one id share one load; a missing id is its own error.
      const before = batches.length;
      expect((await loads.get(2)).id).toBe(2);
      const [a, b] = await Promise.all([loads.get(7), loads.get(7)]);
      expect(a).toBe(b);
      await expect(loads.get(13)).rejects.toThrow('no 13');
      expect(batches.length - before).toBe(2);
      expect(loads.batchStats.ids).toBe(batches.flat().length);
    } finally {
      useDatabase(undefined);
    }
  });

  it('sends a batch once it has gathered ids for BATCH_SLICE_MS, without waiting for the end of the round', async () => {
    useDatabase(ctx.db);
    try {
      const batches: number[][] = [];
      const loads = new SharedLoads<number>({
        ttlMs: 0,
        loadMany: async (c, ids) => {
          batches.push([...ids]);
          await c.query('select 1');
          return new Map(ids.map((id) => [id, id]));
        },
        missing: (id) => new Error(`no ${id}`),
      });
      // One round of requests (no turn of the event loop between them) longer than the slice: 1; 2 once the slice is
      // over; 3 in the next request (its own tick).
      const busy = (ms: number) => {
        const end = performance.now() + ms;
        while (performance.now() < end);
      };
      const asked = [loads.get(1)];
      busy(BATCH_SLICE_MS + 1);
      asked.push(loads.get(2));
      await new Promise((r) => process.nextTick(r));
      asked.push(loads.get(3));
      expect(await Promise.all(asked)).toEqual([1, 2, 3]);
      // 2 joined the batch it found open and sent it; 3 opened the next, sent when the round ended.
      expect(batches).toHaveLength(2);
      expect(batches).toContainEqual([1, 2]);
      expect(batches).toContainEqual([3]);
    } finally {
      useDatabase(undefined);
    }
  });
});
