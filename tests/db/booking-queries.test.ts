import { expect, it, beforeAll } from 'vitest';
import schedules from '../../functions/schedules';
import { AVAILABILITY_CDN } from '../../src/server/availability-cache';
import quickBooking from '../../functions/quick-booking';
import { useDatabase } from '../../src/server/runtime';
import { ANON, asCaller, transaction, type Database } from '../../src/data/db';
import { nearestScheduleFor, scheduleWindowFor, OwnerNotFound } from '../../src/data/schedules';
import { searchDoctors, searchServices, specialtiesOfHospital } from '../../src/data/quick-booking';
import { addDays, todayInZone } from '../../src/lib/hospital-time';
import { NEAREST_HORIZON_DAYS } from '../../src/lib/slots';
import { describeEachEngine } from './support/engines';
import { ACCOUNTS, CAMPAIGN_PHONES } from '../../supabase/seed/accounts';

const ZONE = 'Asia/Jakarta';

interface Fixture {
  hospitalId: number;
  doctorId: number;
  teleOnlyId: number;
  serviceId: number;
  packageId: number;
  cardiology: number;
  dermatology: number;
  slots: Record<string, number>;
  today: string;
  days: string[];
}

/** A branch in Jakarta with two doctors and two services; schedules on the next 10 days, slots 08:00–19:00. */
async function buildFixture(db: Database): Promise<Fixture> {
  return transaction(db, async (c) => {
    const q = async (sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows;
    const [org] = await q(`insert into public.organizations (country_id, name, slug) values (3, 'Fixture Group', 'fixture-group') returning id`);
    const [h] = await q(
      `insert into public.hospitals (organization_id, country_id, name, slug, time_zone, status) values ($1, 3, 'Fixture Hospital', 'fixture-hospital', $2, 1) returning id`,
      [org.id, ZONE],
    );
    const [cardiology] = await q(`insert into public.specialties (country_id, name, slug) values (3, 'Kardiologi Fixture', 'kardiologi-fixture') returning id`);
    const [dermatology] = await q(`insert into public.specialties (country_id, name, slug) values (3, 'Dermatologi Fixture', 'dermatologi-fixture') returning id`);
    const doctor = async (name: string, slug: string, extra: string) =>
      (await q(`insert into public.doctors (organization_id, hospital_id, country_id, name, slug, ${extra.split('=')[0]}) values ($1, $2, 3, $3, $4, ${extra.split('=')[1]}) returning id`, [org.id, h.id, name, slug]))[0].id as number;
    const doctorId = await doctor('dr. Budi Fixture', 'budi-fixture', 'buffer_time_outpatient=60');
    const teleOnlyId = await doctor('dr. Sari Fixture', 'sari-fixture', 'outpatient_enabled=false');
    await q(`update public.doctors set telemedicine_enabled = true, buffer_time_telemedicine = 15 where id = $1`, [teleOnlyId]);
    const inactive = await doctor('dr. Inaktif Fixture', 'inaktif-fixture', 'status=0');
    await q(`insert into public.doctor_specialties values ($1, $2), ($3, $4), ($5, $2)`, [doctorId, cardiology.id, teleOnlyId, dermatology.id, inactive]);
    const [svc] = await q(
      `insert into public.hospital_services (organization_id, hospital_id, country_id, name, slug, price_unit, price) values ($1, $2, 3, 'Cek Darah Fixture', 'cek-darah-fixture', 'IDR', 150000) returning id`,
      [org.id, h.id],
    );
    const [pkg] = await q(
      `insert into public.hospital_services (organization_id, hospital_id, country_id, name, slug, price_unit, price, is_package) values ($1, $2, 3, 'Paket Fixture', 'paket-fixture', 'IDR', 900000, true) returning id`,
      [org.id, h.id],
    );
    const today = todayInZone(Date.now(), ZONE);
    const days = Array.from({ length: 10 }, (_, i) => addDays(today, i + 1));
    const slots: Record<string, number> = {};
    for (const [kind, owner, col] of [
      ['outpatient', doctorId, 'doctor_id'],
      ['telemedicine', teleOnlyId, 'doctor_id'],
      ['service', svc.id, 'service_id'],
    ] as const) {
      // The doctor's schedule starts on day 3, so the nearest-day variant has something to find.
      for (const day of kind === 'outpatient' ? days.slice(2) : days) {
        const [s] = await q(`insert into public.schedules (kind, ${col}, hospital_id, working_day) values ($1, $2, $3, $4) returning id`, [kind, owner, h.id, day]);
        for (const t of ['08:00', '09:00', '13:00', '19:00']) {
          const [ts] = await q(`insert into public.time_slots (schedule_id, started, ended) values ($1, $2::time, $2::time + interval '30 minutes') returning id`, [s.id, t]);
          slots[`${kind}|${day}|${t}`] = ts.id;
        }
      }
    }
    // Bookings: a confirmed one, a live hold and an expired hold (still counted in time_slots.booked).
    const [user] = await q(`insert into auth.users (email) values ('fixture-patient@demo.test') returning id`);
    await q(`insert into public.patients (user_id, name) values ($1, 'Fixture Patient')`, [user.id]);
    const book = (slot: number, status: string, holdMinutes: number | null, key: string) =>
      q(
        `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, hold_expires_at, idempotency_key)
         values ('doctor', 'outpatient', $1, $2, $3, $4, now() + interval '3 days', $5, case when $6::int is null then null else now() + make_interval(mins => $6::int) end, $7)`,
        [user.id, doctorId, h.id, slot, status, holdMinutes, key],
      );
    await book(slots[`outpatient|${days[2]}|08:00`], 'confirmed', null, 'fixture-confirmed');
    await book(slots[`outpatient|${days[2]}|09:00`], 'hold', 15, 'fixture-live-hold');
    await book(slots[`outpatient|${days[2]}|13:00`], 'hold', -5, 'fixture-expired-hold');
    return { hospitalId: h.id, doctorId, teleOnlyId, serviceId: svc.id, packageId: pkg.id, cardiology: cardiology.id, dermatology: dermatology.id, slots, today, days };
  });
}

describeEachEngine('schedule and quick-booking queries', { seed: true }, (ctx) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFixture(ctx.db);
  });
  const anon = <T>(fn: Parameters<typeof asCaller<T>>[2]) => asCaller(ctx.db, ANON, fn);
  /** Runs `fn` with the functions on this engine's database. */
  const viaFunctions = async (fn: () => Promise<void>) => {
    useDatabase(ctx.db);
    try {
      await fn();
    } finally {
      useDatabase(undefined);
    }
  };

  it('offers neither booked nor held slots, but frees an expired hold', async () => {
    const r = await anon((c) => scheduleWindowFor(c, 'outpatient', f.doctorId, f.days[0], f.days[6]));
    expect(r.timeZone).toBe(ZONE);
    expect(r.bufferTime).toBe(60);
    const day = r.schedules.find((d) => d.workingDay === f.days[2])!;
    expect(day.workingTimes.morning).toEqual([]);
    expect(day.workingTimes.afternoon).toEqual([{ schedule_id: f.slots[`outpatient|${f.days[2]}|13:00`], started: '13:00', ended: '13:30' }]);
    expect(day.workingTimes.evening.map((s) => s.started)).toEqual(['19:00']);
    expect(day.slots).toBe(2);
    // Days before the doctor's schedule do not appear; the others have all four slots.
    expect(r.schedules.map((d) => d.workingDay)).toEqual(f.days.slice(2, 7));
    expect(r.schedules.find((d) => d.workingDay === f.days[3])!.slots).toBe(4);
    expect(r.nearest).toBe(f.days[2]);
  });

  it('answers the nearest-day variant with the week of the first day with slots', async () => {
    const r = await anon((c) => nearestScheduleFor(c, 'outpatient', f.doctorId, f.today));
    expect(r.nearest).toBe(f.days[2]);
    expect(r.schedules.some((d) => d.workingDay === f.days[2])).toBe(true);
    for (const d of r.schedules) expect(d.workingDay >= f.today).toBe(true);
  });

  it('keeps outpatient, telemedicine and service schedules apart; a telemedicine-only doctor has no outpatient days', async () => {
    const out = await anon((c) => scheduleWindowFor(c, 'outpatient', f.teleOnlyId, f.days[0], f.days[6]));
    expect(out.schedules).toEqual([]);
    const tele = await anon((c) => scheduleWindowFor(c, 'telemedicine', f.teleOnlyId, f.days[0], f.days[6]));
    expect(tele.schedules).toHaveLength(7);
    expect(tele.bufferTime).toBe(15);
    const svc = await anon((c) => scheduleWindowFor(c, 'service', f.serviceId, f.days[0], f.days[0]));
    expect(svc.schedules[0].slots).toBe(4);
  });

  it('refuses an unknown owner', async () => {
    await expect(anon((c) => scheduleWindowFor(c, 'outpatient', 987654321, f.days[0], f.days[1]))).rejects.toBeInstanceOf(OwnerNotFound);
    await expect(anon((c) => nearestScheduleFor(c, 'service', 987654321, f.days[0]))).rejects.toBeInstanceOf(OwnerNotFound);
  });

  it('searches doctors of the branch by specialty and keyword; inactive doctors are left out', async () => {
    const all = await anon((c) => searchDoctors(c, { hospitalBranchId: f.hospitalId }));
    expect(all.map((d) => d.name)).toEqual(['dr. Budi Fixture', 'dr. Sari Fixture']);
    expect(all[1]).toMatchObject({ validOutpatient: false, validTelemedicine: true, bufferTimeTele: 15, priceUnit: 'IDR', specialties: [f.dermatology] });
    const cardio = await anon((c) => searchDoctors(c, { hospitalBranchId: f.hospitalId, specialtyId: f.cardiology }));
    expect(cardio.map((d) => d.id)).toEqual([f.doctorId]);
    const kw = await anon((c) => searchDoctors(c, { hospitalBranchId: f.hospitalId, keyword: 'sari' }));
    expect(kw.map((d) => d.id)).toEqual([f.teleOnlyId]);
    const literal = await anon((c) => searchDoctors(c, { hospitalBranchId: f.hospitalId, keyword: '%' }));
    expect(literal).toEqual([]);
  });

  it('searches services without packages', async () => {
    const all = await anon((c) => searchServices(c, { hospitalBranchId: f.hospitalId }));
    expect(all.map((s) => s.id)).toEqual([f.serviceId]);
    expect(all[0]).toMatchObject({ name: 'Cek Darah Fixture', price: 150000, priceType: 'fixed', priceUnit: 'IDR' });
  });

  it("answers the quick-booking searches of a branch by specialty and keyword; an unknown branch finds nothing", async () => {
    await viaFunctions(async () => {
      const search = async (query: string) => {
        const res = await quickBooking(new Request(`http://localhost/api/quick-booking/doctors?${query}`, { headers: { accept: 'application/json; version=2.0.0' } }));
        expect(res.status).toBe(200);
        return ((await res.json()) as { _data: { searches: { id: number }[] } })._data.searches.map((d) => d.id);
      };
      const [all, cardio, keyword, none] = await Promise.all([
        search(`hospitalBranchId=${f.hospitalId}&specialtyId=`),
        search(`hospitalBranchId=${f.hospitalId}&specialtyId=${f.cardiology}`),
        search(`hospitalBranchId=${f.hospitalId}&specialtyId=-1&keyword=SARI`),
        search(`hospitalBranchId=987654321`),
      ]);
      expect(all).toEqual([f.doctorId, f.teleOnlyId]);
      expect(cardio).toEqual([f.doctorId]);
      expect(keyword).toEqual([f.teleOnlyId]);
      expect(none).toEqual([]);
      const services = await quickBooking(new Request(`http://localhost/api/quick-booking/services?hospitalBranchId=${f.hospitalId}&keyword=darah`));
      expect(((await services.json()) as { _data: { searches: { id: number }[] } })._data.searches.map((s) => s.id)).toEqual([f.serviceId]);
    });
  });

  it("answers a search with the branch as it is now: a renamed doctor is in the next call's answer", async () => {
    await viaFunctions(async () => {
      const search = async () => {
        const res = await quickBooking(new Request(`http://localhost/api/quick-booking/doctors?hospitalBranchId=${f.hospitalId}&specialtyId=`, { headers: { accept: 'application/json; version=2.0.0' } }));
        expect(res.status).toBe(200);
        expect(res.headers.get('netlify-cdn-cache-control')).toBe(`public, s-maxage=${AVAILABILITY_CDN.cacheSeconds}, stale-while-revalidate=${AVAILABILITY_CDN.staleSeconds}`);
        return ((await res.json()) as { _data: { searches: { id: number; name: string }[] } })._data.searches;
      };
      expect((await search()).map((d) => d.id)).toEqual([f.doctorId, f.teleOnlyId]);
      const owner = (sql: string, values: unknown[]) => ctx.db.pool.query(sql, values);
      const { rows } = await owner(`select name from public.doctors where id = $1`, [f.teleOnlyId]);
      await owner(`update public.doctors set name = 'Aaron Renamed' where id = $1`, [f.teleOnlyId]);
      try {
        expect((await search()).map((d) => d.name)).toContain('Aaron Renamed');
      } finally {
        await owner(`update public.doctors set name = $2 where id = $1`, [f.teleOnlyId, rows[0].name]);
      }
    });
  });

  it('marks doctors and services with no free slot in the horizon and lists them after the bookable ones, by name', async () => {
    // A second branch: a doctor whose only slot is booked, one whose slots are before today or past the horizon,
    // one whose slot is inside the buffer, one with a free slot; a service whose slot is held and one with a free slot.
    const b = await transaction(ctx.db, async (c) => {
      const q = async (sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows;
      const [org] = await q(`insert into public.organizations (country_id, name, slug) values (3, 'Horizon Group', 'horizon-group') returning id`);
      const [h] = await q(`insert into public.hospitals (organization_id, country_id, name, slug, time_zone, status) values ($1, 3, 'Horizon Hospital', 'horizon-hospital', $2, 1) returning id`, [org.id, ZONE]);
      const doctor = async (name: string, slug: string) =>
        (await q(`insert into public.doctors (organization_id, hospital_id, country_id, name, slug, buffer_time_outpatient) values ($1, $2, 3, $3, $4, 120) returning id`, [org.id, h.id, name, slug]))[0].id as number;
      const service = async (name: string, slug: string) =>
        (await q(`insert into public.hospital_services (organization_id, hospital_id, country_id, name, slug, price_unit, price) values ($1, $2, 3, $3, $4, 'IDR', 1000) returning id`, [org.id, h.id, name, slug]))[0].id as number;
      const slot = async (col: 'doctor_id' | 'service_id', owner: number, day: string, time: string) => {
        const [s] = await q(`insert into public.schedules (kind, ${col}, hospital_id, working_day) values ($1, $2, $3, $4) returning id`, [col === 'doctor_id' ? 'outpatient' : 'service', owner, h.id, day]);
        return (await q(`insert into public.time_slots (schedule_id, started, ended) values ($1, $2::time, $2::time + interval '30 minutes') returning id`, [s.id, time]))[0].id as number;
      };
      const full = await doctor('dr. Andi Penuh', 'andi-penuh');
      const far = await doctor('dr. Bambang Jauh', 'bambang-jauh');
      const free = await doctor('dr. Yanti Bebas', 'yanti-bebas');
      const fullService = await service('Aaa Layanan Penuh', 'aaa-layanan-penuh');
      const freeService = await service('Zzz Layanan Bebas', 'zzz-layanan-bebas');
      const [user] = await q(`insert into auth.users (email) values ('horizon-patient@demo.test') returning id`);
      await q(`insert into public.patients (user_id, name) values ($1, 'Horizon Patient')`, [user.id]);
      const taken = await slot('doctor_id', full, f.days[1], '09:00');
      await q(
        `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key)
         values ('doctor', 'outpatient', $1, $2, $3, $4, now() + interval '2 days', 'confirmed', 'horizon-full')`,
        [user.id, full, h.id, taken],
      );
      const takenService = await slot('service_id', fullService, f.days[1], '09:00');
      await q(
        `insert into public.bookings (booking_type, appointment_type, patient_user_id, service_id, hospital_id, slot_id, starts_at, status, hold_expires_at, idempotency_key)
         values ('service', 'service', $1, $2, $3, $4, now() + interval '2 days', 'hold', now() + interval '15 minutes', 'horizon-held')`,
        [user.id, fullService, h.id, takenService],
      );
      await slot('doctor_id', far, addDays(f.today, NEAREST_HORIZON_DAYS + 1), '09:00');
      await slot('doctor_id', far, addDays(f.today, -1), '09:00');
      // Tomorrow's slot is always inside a three-day buffer.
      const buffered = await doctor('dr. Cahya Buffer', 'cahya-buffer');
      await q(`update public.doctors set buffer_time_outpatient = 4320 where id = $1`, [buffered]);
      await slot('doctor_id', buffered, f.days[0], '09:00');
      await slot('doctor_id', free, f.days[1], '09:00');
      await slot('service_id', freeService, f.days[1], '09:00');
      return { hospitalId: h.id as number, full, far, buffered, free, fullService, freeService };
    });
    const doctors = await anon((c) => searchDoctors(c, { hospitalBranchId: b.hospitalId }));
    expect(doctors.map((d) => [d.id, d.hasSlots])).toEqual([[b.free, true], [b.full, false], [b.far, false], [b.buffered, false]]);
    const services = await anon((c) => searchServices(c, { hospitalBranchId: b.hospitalId }));
    expect(services.map((s) => [s.id, s.hasSlots])).toEqual([[b.freeService, true], [b.fullService, false]]);
    // A keyword still finds a doctor without a free slot, marked; the first fixture's owners all have one.
    expect((await anon((c) => searchDoctors(c, { hospitalBranchId: b.hospitalId, keyword: 'andi' }))).map((d) => d.hasSlots)).toEqual([false]);
    expect((await anon((c) => searchDoctors(c, { hospitalBranchId: f.hospitalId }))).every((d) => d.hasSlots)).toBe(true);
    await viaFunctions(async () => {
      const res = await quickBooking(new Request(`http://localhost/api/quick-booking/doctors?hospitalBranchId=${b.hospitalId}&specialtyId=`, { headers: { accept: 'application/json; version=2.0.0' } }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { _data: { searches: { id: number; hasSlots: boolean }[] } };
      expect(body._data.searches.map((d) => [d.id, d.hasSlots])).toEqual([[b.free, true], [b.full, false], [b.far, false], [b.buffered, false]]);
    });
  });

  it("lists the specialties of the branch's bookable doctors", async () => {
    const all = await anon((c) => specialtiesOfHospital(c, { hospitalId: f.hospitalId }));
    expect(all.map((s) => s.id).sort()).toEqual([f.cardiology, f.dermatology].sort());
    const kw = await anon((c) => specialtiesOfHospital(c, { hospitalId: f.hospitalId, keyword: 'derma' }));
    expect(kw.map((s) => s.id)).toEqual([f.dermatology]);
  });

  it('leaves no named statement on the connection, as a transaction-mode pooler needs', async () => {
    if (ctx.engine !== 'postgres') return;
    const r = await asCaller(ctx.db, ANON, async (c) => {
      const answer = await scheduleWindowFor(c, 'outpatient', f.doctorId, f.days[0], f.days[6]);
      const named = await c.query(`select count(*)::int as n from pg_prepared_statements`);
      return { answer, named: named.rows[0].n as number };
    });
    expect(r.answer.schedules.map((d) => d.workingDay)).toEqual(f.days.slice(2, 7));
    expect(r.named).toBe(0);
  });

  it('uses the indexes for the schedule window', async () => {
    if (ctx.engine !== 'postgres') return;
    await transaction(ctx.db, async (c) => {
      await c.query('set local enable_seqscan = off');
      const { rows } = await c.query(
        `explain select ts.id from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
          where s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day between $2 and $3`,
        [f.doctorId, f.days[0], f.days[6]],
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/schedules_doctor_day_key/);
      expect(plan).toMatch(/time_slots_schedule_id_started_key/);
    });
  });

  it("drops a held slot from the next schedule answer (the CDN keeps it at most its fresh and stale seconds); booking re-checks in the database", async () => {
    await viaFunctions(async () => {
      const day = f.days[4];
      const slotId = f.slots[`outpatient|${day}|08:00`];
      const url = `http://localhost/api/doctors/${f.doctorId}/schedules?startDate=${day}&endDate=${day}`;
      const offered = async () => {
        const res = await schedules(new Request(url));
        expect(res.status).toBe(200);
        const body = (await res.json()) as { _data: { schedules: { workingTimes: Record<string, { schedule_id: number }[]> }[] } };
        return body._data.schedules.flatMap((d) => Object.values(d.workingTimes).flat()).some((s) => s.schedule_id === slotId);
      };
      const first = await schedules(new Request(url));
      expect(first.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${AVAILABILITY_CDN.cacheSeconds}`);
      expect(first.headers.get('netlify-cdn-cache-control')).toBe(`public, s-maxage=${AVAILABILITY_CDN.cacheSeconds}, stale-while-revalidate=${AVAILABILITY_CDN.staleSeconds}`);
      expect(await offered()).toBe(true);
      const asPatient = (id: string) => ({ role: 'authenticated' as const, claims: { sub: id, role: 'authenticated' } });
      const book = (id: string, key: string) => asCaller(ctx.db, asPatient(id), async (c) => (await c.query('select id, status from public.book_slot($1, $2)', [slotId, key])).rows[0]);
      const held = await book(ACCOUNTS.patient.id, `cache-hold-${ctx.engine}`);
      expect(held.status).toBe('hold');
      // A copy the CDN still keeps may offer the slot for a moment, but the database refuses a second booking of it.
      await expect(book(ACCOUNTS.patientOther.id, `cache-second-${ctx.engine}`)).rejects.toMatchObject({ code: 'PT409' });
      expect(await offered()).toBe(false);
      // Freed again (the patient leaves the booking page: release_hold, the API's path): back in the next answer too.
      await asCaller(ctx.db, asPatient(ACCOUNTS.patient.id), (c) => c.query(`select public.release_hold($1)`, [held.id]));
      expect(await offered()).toBe(true);
    });
  });

  it("answers windows, nearest-day starts and later windows as the direct queries do", async () => {
    await viaFunctions(async () => {
      const base = `http://localhost/api/doctors/${f.doctorId}/schedules`;
      const later = addDays(f.today, 35);
      // Windows in the strip's weeks; nearest-day starts; a window beyond the strip.
      const asks = [
        [f.days[0], f.days[6]],
        [f.days[2], f.days[3]],
        [f.days[5], f.days[5]],
        [f.today, undefined],
        [f.days[3], undefined],
        [f.days[6], undefined],
        [later, addDays(later, 6)],
      ] as const;
      const answers = await Promise.all(asks.map(([startDate, endDate]) => schedules(new Request(`${base}?startDate=${startDate}${endDate ? `&endDate=${endDate}` : ''}`))));
      for (const [i, [startDate, endDate]] of asks.entries()) {
        expect(answers[i].status).toBe(200);
        const served = ((await answers[i].json()) as { _data: unknown })._data;
        const direct = await anon((c) => (endDate ? scheduleWindowFor(c, 'outpatient', f.doctorId, startDate, endDate) : nearestScheduleFor(c, 'outpatient', f.doctorId, startDate)));
        expect(served).toEqual(direct);
      }
      // A window far ahead is answered (empty).
      const far = addDays(f.today, 400);
      const res = await schedules(new Request(`${base}?startDate=${far}&endDate=${addDays(far, 6)}`));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { _data: { schedules: unknown[] } })._data.schedules).toEqual([]);
    });
  });

  it('answers concurrent schedule requests each; an unknown owner is a 404 beside them', async () => {
    await viaFunctions(async () => {
      const ask = (id: number) => schedules(new Request(`http://localhost/api/doctors/${id}/schedules?startDate=${f.days[0]}&endDate=${f.days[6]}`));
      const [doctor, teleOnly, unknown] = await Promise.all([ask(f.doctorId), ask(f.teleOnlyId), ask(987654321)]);
      expect(doctor.status).toBe(200);
      expect(((await doctor.json()) as { _data: { schedules: { workingDay: string }[] } })._data.schedules.map((d) => d.workingDay)).toEqual(f.days.slice(2, 7));
      // The telemedicine-only doctor exists but has no outpatient days.
      expect(teleOnly.status).toBe(200);
      expect(((await teleOnly.json()) as { _data: { schedules: unknown[] } })._data.schedules).toEqual([]);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { _messages: string[] })._messages).toEqual(['There is no such doctor.']);
    });
  });

  it("checks the baby-formula campaign against the calling patient's own phone", async () => {
    const { rows } = await ctx.db.pool.query(`select id from public.doctors where baby_formula_campaign and status = 1 order by id limit 1`);
    const notFlagged = (await ctx.db.pool.query(`select id from public.doctors where not baby_formula_campaign and status = 1 order by id limit 1`)).rows[0].id;
    const patient = { role: 'authenticated' as const, claims: { sub: ACCOUNTS.patient.id, role: 'authenticated' } };
    const check = (doctorId: number) => asCaller(ctx.db, patient, async (c) => (await c.query('select public.baby_formula_eligibility($1) as r', [doctorId])).rows[0].r);
    await ctx.db.pool.query('update public.patients set phone = $1 where user_id = $2', [CAMPAIGN_PHONES.notEligible, ACCOUNTS.patient.id]);
    expect(await check(rows[0].id)).toMatchObject({ valid: false, invalidreason: 5 });
    await ctx.db.pool.query('update public.patients set phone = $1 where user_id = $2', [CAMPAIGN_PHONES.eligible, ACCOUNTS.patient.id]);
    expect(await check(rows[0].id)).toMatchObject({ valid: true });
    await expect(check(notFlagged)).rejects.toThrow(/not part of the campaign/);
    await expect(asCaller(ctx.db, ANON, (c) => c.query('select public.baby_formula_eligibility($1)', [rows[0].id]))).rejects.toThrow();
  });
});
