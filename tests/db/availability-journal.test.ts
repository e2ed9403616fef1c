import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAnon, type Database } from '../../src/data/db';
import { readAvailabilityChanges } from '../../src/data/availability-changes';
import { AvailabilityJournal } from '../../src/server/availability-journal';
import { createEngineDatabase } from './support/engines';

// Concurrent transactions need a server: PGlite has one connection.
describe('availability journal [postgres]', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await createEngineDatabase('postgres'));
  });
  afterAll(async () => {
    await dispose?.();
  });

  const read = (cursor: string | null) => asAnon(db, (c) => readAvailabilityChanges(c, cursor));

  it('reads a change committed after a later one was read (its id is lower), at the next read, as anon', async () => {
    const first = await read(null);
    expect(first.changes).toEqual([]);
    const slow = await db.pool.connect();
    const quick = await db.pool.connect();
    try {
      await slow.query('begin');
      await slow.query(`select public.note_availability_change('outpatient', 101)`);
      const slowId = Number((await slow.query<{ id: string }>(`select currval('public.availability_changes_id_seq')::text as id`)).rows[0].id);
      await quick.query(`select public.note_availability_change('service', 202)`);
      const quickId = Number((await quick.query<{ id: string }>(`select currval('public.availability_changes_id_seq')::text as id`)).rows[0].id);
      expect(quickId).toBeGreaterThan(slowId);

      const second = await read(first.cursor);
      expect(second.changes).toEqual([{ id: quickId, kind: 'service', ownerId: 202 }]);
      await slow.query('commit');
      // The slow transaction was running at the second read: the third read, from its cursor, still has its row.
      const third = await read(second.cursor);
      expect(third.changes).toContainEqual({ id: slowId, kind: 'outpatient', ownerId: 101 });
      // Once nothing older runs, a read from the newest cursor has neither.
      const fourth = await read((await read(third.cursor)).cursor);
      expect(fourth.changes.map((c) => c.id)).not.toContain(slowId);
      expect(fourth.changes.map((c) => c.id)).not.toContain(quickId);
    } finally {
      await slow.query('rollback').catch(() => undefined);
      slow.release();
      quick.release();
    }
  });

  it('tells the loads of the owner a late transaction changed, once, when it commits', async () => {
    let t = 0;
    const journal = new AvailabilityJournal({ lagMs: 1000, pollAheadMs: 500, now: () => t, read: async (cursor) => ({ source: db, ...(await read(cursor)) }) });
    const told: (number | null)[] = [];
    journal.feed('telemedicine').subscribe((id) => told.push(id));
    const step = async () => {
      t += 1000;
      await journal.ready();
    };
    await step();
    expect(told).toEqual([null]);
    const slow = await db.pool.connect();
    try {
      await slow.query('begin');
      await slow.query(`select public.note_availability_change('telemedicine', 303)`);
      await step();
      expect(told).toEqual([null]);
      await slow.query('commit');
      await step();
      await step();
      expect(told).toEqual([null, 303]);
    } finally {
      await slow.query('rollback').catch(() => undefined);
      slow.release();
    }
  });

  it('keeps an hour of the journal: a write now and then drops older rows', async () => {
    const c = await db.pool.connect();
    try {
      await c.query(`insert into public.availability_changes (kind, owner_id, changed_at) values ('service', 1, now() - interval '2 hours')`);
      // The next id that is a multiple of 1000 prunes.
      await c.query(`select setval('public.availability_changes_id_seq', (select (max(id) / 1000 + 1) * 1000 - 1 from public.availability_changes))`);
      await c.query(`select public.note_availability_change('service', 2)`);
      const { rows } = await c.query<{ old: string }>(`select count(*)::text as old from public.availability_changes where changed_at < now() - interval '1 hour'`);
      expect(rows[0].old).toBe('0');
    } finally {
      c.release();
    }
  });
});
