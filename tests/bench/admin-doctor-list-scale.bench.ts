/**
 * admin-doctor-list-scale (DESIGN §8, issue #29): the admin doctor list over 50,000 doctors in one market, through
 * the real endpoint as a platform admin (row-level security applies). Figures: p95 of the last page over p95 of
 * the first page, and p95 of keyword searches (3-6 letters of random doctors' surnames or given names) over p95 of
 * the unfiltered list; budget 1.5 each (the cost must not grow with the offset). The worst case, a keyword every
 * name contains (the title 'BS.'), is reported beside them without a budget. PostgreSQL.
 */
import handler from '../../functions/admin-doctors';
import { openDatabase } from '../../src/data/db';
import { useDatabase } from '../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { percentile, round, type Benchmark } from './harness';

const DOCTORS = 50_000;
const ROUNDS = 80;

const bench: Benchmark = {
  name: 'admin-doctor-list-scale',
  async run(ctx) {
    const server = await ensurePgServer();
    const name = uniqueDatabaseName('care_bench_admin_doctors');
    const url = await createServerDatabase(server.url, name);
    const db = await openDatabase({ url, max: 2 });
    try {
      await buildDatabase(db, { seed: true, scale: 1 });
      const { rows: market } = await db.pool.query(`select c.id from public.countries c where c.locale = 'vi-VN'`);
      const countryId = market[0].id;
      const existing = (await db.pool.query('select count(*)::int as n from public.doctors where country_id = $1', [countryId])).rows[0].n;
      // Top up the market to 50,000 doctors, names recombined from the seeded ones (surname of one, given name of another).
      await db.pool.query(`set care.history = 'off'`);
      await db.pool.query(
        `with names as (select array_agg(name order by id) as n from public.doctors where country_id = $1),
              branches as (select array_agg(id order by id) as b from public.hospitals where country_id = $1)
         insert into public.doctors (hospital_id, organization_id, country_id, name, slug, provide_care, price, status, outpatient_enabled, telemedicine_enabled)
         select h.id, h.organization_id, h.country_id,
                split_part(n[1 + (g::bigint * 7919) % cardinality(n)], ' ', 1) || ' ' || regexp_replace(n[1 + (g::bigint * 104729) % cardinality(n)], '^\\S+\\s*', ''),
                'bench-doctor-' || g, (array['adults', 'children', 'both'])[1 + g % 3], 100000 + (g % 50) * 10000, (g % 10 > 0)::int, true, g % 4 = 0
           from generate_series(1, $2::int) g, names, branches, public.hospitals h
          where h.id = b[1 + g % cardinality(b)]`,
        [countryId, DOCTORS - existing],
      );
      await db.pool.query(`reset care.history`);
      await db.pool.query('analyze');
      const total = (await db.pool.query('select count(*)::int as n from public.doctors where country_id = $1', [countryId])).rows[0].n;
      ctx.log(`admin-doctor-list-scale: ${total} doctors in the market`);

      useDatabase(db);
      const token = await signAccessToken(await createStaff(db, { email: 'bench-admin@doctors.test', role: 'admin' }));
      const call = async (query: string) => {
        const t0 = performance.now();
        const res = await handler(new Request(`http://local.test/api/admin/doctors?countryId=${countryId}&${query}`, { headers: { authorization: `Bearer ${token}` } }));
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body._messages)}`);
        return { ms, body };
      };
      const last = (await call('page=1')).body._data.pagination.last;
      const names = (await db.pool.query('select name from public.doctors where country_id = $1 order by random() limit $2', [countryId, ROUNDS])).rows.map((r) => r.name as string);
      // What staff type: 3-6 letters of a surname or a given name (the title every name starts with, 'BS.', is
      // not a name; searching for it matches the whole market and is measured on its own as the worst case).
      const nameWords = (n: string) => n.split(' ').filter((w) => w.length >= 3 && !w.endsWith('.'));
      const keywords = names.map((n, i) => {
        const words = nameWords(n);
        return (words[i % 2] ?? words[0] ?? n).slice(0, 3 + (i % 4));
      });
      const everyone = names[0].split(' ')[0];
      const series = { first: [] as number[], last: [] as number[], unfiltered: [] as number[], keyword: [] as number[], keywordMatchingAll: [] as number[] };
      for (let i = 0; i < 10; i++) await call(`page=${i % 2 ? last : 1}`); // warm-up
      for (let i = 0; i < ROUNDS; i++) {
        // Interleaved so that drift on the shared machine touches every series alike.
        series.first.push((await call('page=1')).ms);
        series.last.push((await call(`page=${last}`)).ms);
        series.unfiltered.push((await call(`page=${1 + (i % 3)}`)).ms);
        series.keyword.push((await call(`page=1&keyword=${encodeURIComponent(keywords[i])}`)).ms);
        if (i % 4 === 0) series.keywordMatchingAll.push((await call(`page=1&keyword=${encodeURIComponent(everyone)}`)).ms);
      }
      const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
      const detail = { doctors: total, rounds: ROUNDS, lastPage: last, p95ms: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, round(p95(v))])) };
      ctx.emit({ name: 'admin-doctor-list-scale.last_over_first_p95', value: round(p95(series.last) / p95(series.first)), unit: 'ratio', budget: 1.5, detail });
      ctx.emit({ name: 'admin-doctor-list-scale.keyword_over_unfiltered_p95', value: round(p95(series.keyword) / p95(series.unfiltered)), unit: 'ratio', budget: 1.5, detail });
      ctx.emit({ name: 'admin-doctor-list-scale.keyword_matching_all_over_unfiltered_p95', value: round(p95(series.keywordMatchingAll) / p95(series.unfiltered)), unit: 'ratio', detail: { keyword: everyone, ...detail } });
      ctx.emit({ name: 'admin-doctor-list-scale.first_page_p95_ms', value: round(p95(series.first)), unit: 'ms', detail: { doctors: total } });
    } finally {
      useDatabase(undefined);
      await db.close();
      await dropServerDatabase(server.url, name).catch(() => undefined);
      await server.stop();
    }
  },
};
export default bench;
