/**
 * admin-appointments-scale (DESIGN §8, issue 35): the appointments list over 200,000 bookings of one organization,
 * through the real endpoint as its facility manager (row-level security applies), over a week of about 23,000
 * bookings. Figures: p95 of the last page over p95 of the first page, and p95 of keyword searches (3-6 letters of
 * random patients' names) over p95 of the unfiltered list, budget 1.5 each; then the CSV export of 50,000 rows:
 * its time and the process's peak memory above the level before it (streamed in batches, so it must not grow with
 * the rows). PostgreSQL.
 */
import exportHandler from '../../functions/admin-appointments';
import { openDatabase } from '../../src/data/db';
import { useDatabase } from '../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { ensurePgServer, uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { createStaff } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { percentile, round, type Benchmark } from './harness';

const BOOKINGS = 200_000;
const DAYS = 60;
const ROUNDS = 30;

const bench: Benchmark = {
  name: 'admin-appointments-scale',
  async run(ctx) {
    const server = await ensurePgServer();
    const name = uniqueDatabaseName('care_bench_appointments');
    const url = await createServerDatabase(server.url, name);
    const db = await openDatabase({ url, max: 2 });
    try {
      await buildDatabase(db, { seed: true, scale: 1 });
      // 200,000 bookings of organization 1 spread over 60 days around today, on 200 of its slots made roomy
      // (capacity is checked by the occupancy trigger; the start is the booking's own), by the seed's patients.
      await db.pool.query(`set care.history = 'off'`);
      await db.pool.query(
        `create temp table bench_slots as
           select ts.id, sc.hospital_id, sc.doctor_id, sc.kind, row_number() over (order by ts.id) as n
             from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id join public.hospitals h on h.id = sc.hospital_id
            where h.organization_id = 1 and sc.doctor_id is not null and sc.kind = 'outpatient' order by ts.id limit 200`,
      );
      await db.pool.query(`update public.time_slots set capacity = 2000 where id in (select id from bench_slots)`);
      await db.pool.query(
        `with p as (select array_agg(user_id order by user_id) as ids from public.patients where name is not null and phone is not null)
         insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, price, contact_phone, created_at)
         select 'doctor', 'outpatient', p.ids[1 + (g * 7919) % cardinality(p.ids)], s.doctor_id, s.hospital_id, s.id,
                date_trunc('day', now()) - interval '30 days' + make_interval(mins => ((g * 37) % ($2::int * 24 * 4)) * 15),
                (array['confirmed', 'confirmed', 'confirmed', 'completed', 'cancelled', 'pending', 'no_show'])[1 + g % 7],
                'bench-appt-' || g, 'cash-on-delivery', 250000, '+84 90' || lpad((g % 10000000)::text, 7, '0'), now() - make_interval(mins => g % 50000)
           from generate_series(1, $1::int) g, p, bench_slots s where s.n = 1 + g % 200`,
        [BOOKINGS, DAYS],
      );
      await db.pool.query(`reset care.history`);
      await db.pool.query('analyze');
      const total = (await db.pool.query(`select count(*)::int as n from public.bookings b join public.hospitals h on h.id = b.hospital_id where h.organization_id = 1`)).rows[0].n;
      ctx.log(`admin-appointments-scale: ${total} bookings in the organization`);

      useDatabase(db);
      const token = await signAccessToken(await createStaff(db, { email: 'bench-facility@appointments.test', role: 'facility', organizationId: 1 }));
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const week = `from=${day(-3)}&to=${day(3)}`;
      const call = async (query: string) => {
        const t0 = performance.now();
        const res = await exportHandler(new Request(`http://local.test/api/admin/appointments?${week}&${query}`, { headers: { authorization: `Bearer ${token}` } }));
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body._messages)}`);
        return { ms, body };
      };
      const first = (await call('page=1')).body._data.pagination;
      const last = first.last as number;
      ctx.log(`admin-appointments-scale: ${first.total_items} bookings in the week, ${last} pages`);
      const names = (await db.pool.query(`select name from public.patients where name is not null order by random() limit $1`, [ROUNDS])).rows.map((r) => r.name as string);
      const keywords = names.map((n, i) => {
        const words = n.split(' ').filter((w) => w.length >= 3);
        return (words[words.length - 1 - (i % 2)] ?? words[0] ?? n).slice(0, 3 + (i % 4));
      });
      const series = { first: [] as number[], last: [] as number[], unfiltered: [] as number[], keyword: [] as number[] };
      for (let i = 0; i < 6; i++) await call(`page=${i % 2 ? last : 1}`); // warm-up
      for (let i = 0; i < ROUNDS; i++) {
        series.first.push((await call('page=1')).ms);
        series.last.push((await call(`page=${last}`)).ms);
        series.unfiltered.push((await call(`page=${1 + (i % 3)}`)).ms);
        series.keyword.push((await call(`page=1&keyword=${encodeURIComponent(keywords[i]!)}`)).ms);
      }
      const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
      const detail = { bookings: total, week: first.total_items, rounds: ROUNDS, lastPage: last, p95ms: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, round(p95(v))])) };
      ctx.emit({ name: 'admin-appointments-scale.last_over_first_p95', value: round(p95(series.last) / p95(series.first)), unit: 'ratio', budget: 1.5, detail });
      ctx.emit({ name: 'admin-appointments-scale.keyword_over_unfiltered_p95', value: round(p95(series.keyword) / p95(series.unfiltered)), unit: 'ratio', budget: 1.5, detail });
      ctx.emit({ name: 'admin-appointments-scale.first_page_p95_ms', value: round(p95(series.first)), unit: 'ms', detail: { bookings: total } });

      // The export of about 50,000 rows (16 days), consumed as it streams; memory sampled every 20 ms.
      global.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t0 = performance.now();
      const res = await exportHandler(new Request(`http://local.test/api/admin/appointments.csv?from=${day(-8)}&to=${day(7)}`, { headers: { authorization: `Bearer ${token}` } }));
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const c of chunk) if (c === 10) lines++;
      }
      const ms = performance.now() - t0;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const rows = lines; // a header line plus rows, each ending but the last with CRLF
      ctx.emit({ name: 'admin-appointments-scale.export_ms', value: round(ms), unit: 'ms', detail: { rows, bytes } });
      ctx.emit({ name: 'admin-appointments-scale.export_peak_rss_above_base_mb', value: round((peak - base) / 1_048_576), unit: 'MB', detail: { rows, bytes, baseMb: round(base / 1_048_576) } });
    } finally {
      useDatabase(undefined);
      await db.close();
      await dropServerDatabase(server.url, name).catch(() => undefined);
      await server.stop();
    }
  },
};
export default bench;
