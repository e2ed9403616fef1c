import { expect, it } from 'vitest';
import { asCaller, callerStatements, inlineParameters, ANON, transaction } from '../../src/data/db';
import { asServerRole } from '../../src/server/server-role';
import { listMigrations } from '../../scripts/lib/db-setup';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { describeEachEngine } from './support/engines';

describeEachEngine('database foundation', { seed: true }, (ctx) => {
  it('records every migration once, as the Supabase CLI does', async () => {
    const { rows } = await ctx.db.pool.query('select version from supabase_migrations.schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual((await listMigrations()).map((m) => m.version));
  });

  it('has one country per locale with the configured id and currency', async () => {
    const { rows } = await ctx.db.pool.query('select id, locale, currency from public.countries order by id');
    expect(rows).toEqual(LOCALES.map((l) => ({ id: LOCALE_CONFIG[l].countryId, locale: l, currency: LOCALE_CONFIG[l].currency })).sort((a, b) => a.id - b.id));
  });

  it('seeds hospitals in every country, each with an IANA zone of that country', async () => {
    const { rows } = await ctx.db.pool.query(
      'select c.locale, count(*)::int as n, array_agg(distinct h.time_zone) as zones from public.hospitals h join public.countries c on c.id = h.country_id group by c.locale',
    );
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(r.n).toBeGreaterThan(0);
      for (const z of r.zones) expect(LOCALE_CONFIG[r.locale as keyof typeof LOCALE_CONFIG].timeZones).toContain(z);
    }
  });

  it('runs a block as anon with row-level security deciding what it sees', async () => {
    const all = await ctx.db.pool.query('select count(*)::int as n from public.organizations');
    const visible = await asCaller(ctx.db, ANON, async (c) => {
      const who = await c.query('select current_user as role, auth.role() as claim');
      expect(who.rows[0]).toEqual({ role: 'anon', claim: 'anon' });
      return (await c.query('select count(*)::int as n from public.organizations')).rows[0].n;
    });
    const active = await ctx.db.pool.query('select count(*)::int as n from public.organizations where is_active');
    expect(visible).toBe(active.rows[0].n);
    expect(visible).toBeLessThan(all.rows[0].n);
  });

  it('rejects writes by anon on directory tables', async () => {
    // anon holds no write privilege at all (column grants, issue 24): refused before row-level security is asked.
    await expect(asCaller(ctx.db, ANON, (c) => c.query(`update public.hospitals set name = 'x' returning id`))).rejects.toThrow(/permission denied/);
    await expect(asCaller(ctx.db, ANON, (c) => c.query(`insert into public.specialties (country_id, name, slug) values (1, 'x', 'x')`))).rejects.toThrow(/permission denied/);
  });

  it('exposes auth.uid() from the JWT claims of the caller', async () => {
    const sub = '00000000-0000-4000-8000-000000000001';
    const uid = await asCaller(ctx.db, { role: 'authenticated', claims: { sub } }, async (c) => (await c.query('select auth.uid() as uid')).rows[0].uid);
    expect(uid).toBe(sub);
  });

  it('runs public reads as anon, JIT off, in the transaction only', async () => {
    const active = (await ctx.db.pool.query('select count(*)::int as n from public.organizations where is_active')).rows[0].n;
    const seen = await asCaller(ctx.db, ANON, async (c) => (await c.query(`select current_user as role, auth.role() as claim, (select count(*)::int from public.organizations) as n, current_setting('jit') as jit`)).rows[0]);
    expect(seen).toEqual({ role: 'anon', claim: 'anon', n: active, jit: 'off' });
    // Nothing outlives the transaction (a transaction-mode pooler hands the connection to another next).
    expect((await ctx.db.pool.query('select current_user as role')).rows[0].role).not.toBe('anon');
    await expect(asCaller(ctx.db, ANON, (c) => c.query('insert into public.countries (id) values (999)'))).rejects.toThrow();
  });

  it('passes claims with quotes and backslashes through unchanged, and keeps them to the transaction', async () => {
    const claims = { sub: '00000000-0000-4000-8000-000000000002', email: "o'neil\\x@example.com", note: "'); drop table public.countries; --" };
    const seen = await asCaller(ctx.db, { role: 'authenticated', claims }, async (c) => (await c.query(`select current_setting('request.jwt.claims') as claims, current_user as role`)).rows[0]);
    expect(JSON.parse(seen.claims)).toEqual({ role: 'authenticated', ...claims });
    expect(seen.role).toBe('authenticated');
    const after = await ctx.db.pool.query(`select current_user as role, coalesce(current_setting('request.jwt.claims', true), '') as claims, (select count(*)::int from public.countries) as countries`);
    expect(after.rows[0].role).not.toBe('authenticated');
    expect(after.rows[0].claims).toBe('');
    expect(after.rows[0].countries).toBe(6);
  });

  it('sends a caller statement in one round trip, role switch inside, nothing outliving it (issue 38 item 14)', async () => {
    const active = (await ctx.db.pool.query('select count(*)::int as n from public.organizations where is_active')).rows[0].n;
    const sent: unknown[] = [];
    const pool = ctx.db.pool;
    const query = pool.query.bind(pool);
    pool.query = ((...args: unknown[]) => (sent.push(args[0]), (query as (...a: unknown[]) => unknown)(...args))) as typeof pool.query;
    try {
      const c = callerStatements(ctx.db, ANON);
      const seen = (await c.query(`select current_user as role, auth.role() as claim, (select count(*)::int from public.organizations) as n, current_setting('jit') as jit`)).rows[0];
      expect(seen).toEqual({ role: 'anon', claim: 'anon', n: active, jit: 'off' });
      expect(sent).toHaveLength(1);
      // The server's own role for what asServerRole wraps, the caller's role again after, each still one round trip.
      const server = await asServerRole(c, async () => (await c.query('select current_user as role')).rows[0].role);
      expect(server).not.toBe('anon');
      expect((await c.query('select current_user as role')).rows[0].role).toBe('anon');
      expect(sent).toHaveLength(3);
    } finally {
      pool.query = query;
    }
    const after = await ctx.db.pool.query(`select current_user as role, coalesce(current_setting('request.jwt.claims', true), '') as claims`);
    expect(after.rows[0].role).not.toBe('anon');
    expect(after.rows[0].claims).toBe('');
  });

  it('keeps RLS and grants deciding for caller statements, and the connection usable after a failure', async () => {
    const c = callerStatements(ctx.db, ANON);
    await expect(c.query(`update public.hospitals set name = 'x' returning id`)).rejects.toThrow(/permission denied/);
    await expect(c.query('select 1/$1::int as x', [0])).rejects.toThrow(/division by zero/);
    const sub = '00000000-0000-4000-8000-000000000003';
    const me = callerStatements(ctx.db, { role: 'authenticated', claims: { sub, email: "o'neil\\x@example.com" } });
    expect((await me.query('select auth.uid() as uid, current_user as role')).rows[0]).toEqual({ uid: sub, role: 'authenticated' });
    expect((await ctx.db.pool.query('select current_user as role')).rows[0].role).not.toBe('authenticated');
  });

  it('reads inlined values exactly as the same query with parameters', async () => {
    const sql = `select $1::text as a, $2::bigint[] as ids, $3::date as d, $4::timestamptz as t, $5::int as n, $6::text as none, $7::jsonb as j, $8::text[] as words,
      '$1 stays' as lit, $$ $2 too $$ as dollar, "x$1" as q -- $3 in a comment
      from (select 1 as "x$1") s /* $4 here */`;
    const values = ["o'neil \\ \"quoted\" $2", [3, 1, 2], '2026-11-28', new Date('2026-11-28T10:00:00Z'), -7, null, { k: "it's" }, ['a"b', 'c\\d', 'e,f', '{g}']];
    const direct = (await ctx.db.pool.query(sql.replace(/"x\$1" as q/, '"x$1" as q'), values)).rows[0];
    const inlined = (await ctx.db.pool.query(inlineParameters(sql, values))).rows[0];
    expect(inlined).toEqual(direct);
    expect(inlined.lit).toBe('$1 stays');
    expect(inlined.words).toEqual(['a"b', 'c\\d', 'e,f', '{g}']);
    expect(() => inlineParameters('select $2', [1])).toThrow(/no value for \$2/);
  });

  it('rolls a failed transaction back completely', async () => {
    const before = (await ctx.db.pool.query('select count(*)::int as n from public.specialties')).rows[0].n;
    await expect(
      transaction(ctx.db, async (c) => {
        await c.query(`insert into public.specialties (country_id, name, slug) values (1, 'Tim mạch', 'tim-mach-rollback')`);
        await c.query('select 1/0');
      }),
    ).rejects.toThrow(/division by zero/);
    expect((await ctx.db.pool.query('select count(*)::int as n from public.specialties')).rows[0].n).toBe(before);
  });

  it('finds hospitals by a misspelt name with trigram similarity (pins a PGlite that passes, DESIGN §10)', async () => {
    const { rows } = await ctx.db.pool.query(
      `select name, similarity(name, $1) as s from public.hospitals where name % $1 order by name <-> $1 limit 3`,
      ['Bayviw Specialists Clinc Manila'],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].name).toContain('Bayview');
  });
});
