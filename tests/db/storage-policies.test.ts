/**
 * The storage policies of production (migration 20261127200200, issue 24 finding 12): on a database with
 * Supabase Storage's storage.objects, a signed-in user writes, replaces and deletes only in avatars/<own id>/,
 * logos and banners are the server's alone; where storage.objects does not exist (the local bootstrap) the
 * migration did nothing. The stand-in's rule (scripts/stand-ins/storage.ts mayWrite) answers the same cases.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type pg from 'pg';
import { transaction } from '../../src/data/db';
import { mayWrite } from '../../scripts/stand-ins/storage';
import { MIGRATIONS_DIR } from '../../scripts/lib/db-setup';
import { describeEachEngine } from './support/engines';

const MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '20261127200200_storage_policies.sql'), 'utf8');
const ME = '00000000-0000-4000-a000-00000000a001';
const OTHER = '00000000-0000-4000-a000-00000000a002';

/** storage.objects as Supabase Storage has it, for what the policies read (bucket_id, name), with row-level security. */
const SUPABASE_STORAGE = `
  create schema storage;
  create table storage.objects (id bigint generated always as identity primary key, bucket_id text not null, name text not null, owner uuid);
  alter table storage.objects enable row level security;
  grant usage on schema storage to anon, authenticated;
  grant select, insert, update, delete on storage.objects to anon, authenticated;
  insert into storage.objects (bucket_id, name) values ('avatars', '${OTHER}/a.png'), ('logos', 'l.png'), ('avatars', '${ME}/old.png');`;

/** One statement as a signed-in user (or anon), undone: 'rows:N' or 'denied'. */
async function as(c: pg.PoolClient, who: string | null, sql: string): Promise<string> {
  await c.query('savepoint s');
  try {
    const claims = JSON.stringify(who ? { sub: who, role: 'authenticated' } : { role: 'anon' });
    await c.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('role', $3, true)`, [claims, who ?? '', who ? 'authenticated' : 'anon']);
    const r = await c.query(sql);
    return `rows:${r.rowCount ?? 0}`;
  } catch (err) {
    if ((err as { code?: string }).code === '42501') return 'denied';
    throw err;
  } finally {
    await c.query('rollback to savepoint s');
  }
}

describeEachEngine('storage policies', { seed: false }, (ctx) => {
  it('were skipped by the local build, which has no storage schema', async () => {
    const { rows } = await ctx.db.pool.query(`select to_regclass('storage.objects') as t`);
    expect(rows[0].t).toBeNull();
  });

  it('on Supabase Storage: a signed-in user writes only their own avatar folder, logos and banners only the server', async () => {
    await transaction(ctx.db, async (c) => {
      await c.query(SUPABASE_STORAGE);
      await c.query(MIGRATION);
      const insert = (bucket: string, name: string) => `insert into storage.objects (bucket_id, name) values ('${bucket}', '${name}')`;
      expect(await as(c, ME, insert('avatars', `${ME}/me.png`))).toBe('rows:1');
      expect(await as(c, ME, insert('avatars', `${OTHER}/me.png`))).toBe('denied');
      expect(await as(c, ME, insert('avatars', ME))).toBe('denied');
      expect(await as(c, ME, insert('logos', `${ME}/logo.png`))).toBe('denied');
      expect(await as(c, ME, insert('banners', 'b.png'))).toBe('denied');
      expect(await as(c, null, insert('avatars', `${ME}/anon.png`))).toBe('denied');
      // Replacing and deleting: only the own folder's objects are touched.
      expect(await as(c, ME, `update storage.objects set name = name where bucket_id = 'avatars'`)).toBe('rows:1');
      expect(await as(c, ME, `delete from storage.objects where bucket_id = 'avatars'`)).toBe('rows:1');
      expect(await as(c, ME, `delete from storage.objects where bucket_id = 'logos'`)).toBe('rows:0');
      expect(await as(c, ME, `update storage.objects set name = '${ME}/moved.png' where name = '${OTHER}/a.png'`)).toBe('rows:0');
      expect(await as(c, ME, `select 1 from storage.objects`)).toBe('rows:3');
      expect(await as(c, null, `select 1 from storage.objects`)).toBe('rows:0');
      await c.query('rollback');
      await c.query('begin');
    });
  });

  it('says what the local stand-in says', () => {
    const me = { role: 'authenticated' as const, userId: ME };
    expect([mayWrite(me, 'avatars', `${ME}/me.png`), mayWrite(me, 'avatars', `${OTHER}/me.png`), mayWrite(me, 'avatars', ME), mayWrite(me, 'logos', `${ME}/l.png`), mayWrite(null, 'avatars', `${ME}/x.png`)])
      .toEqual([true, false, false, false, false]);
    expect(mayWrite({ role: 'service_role' }, 'banners', 'b.png')).toBe(true);
  });
});
