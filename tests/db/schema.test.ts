import { expect, it } from 'vitest';
import { asCaller, transaction, type Caller, type Database } from '../../src/data/db';
import { ACCOUNTS, CAMPAIGN_CODE, CAMPAIGN_PHONES, SEED_SCOPE } from '../../supabase/seed/accounts';
import { describeEachEngine } from './support/engines';

const as = (id: string): Caller => ({ role: 'authenticated', claims: { sub: id, role: 'authenticated' } });
const patient = as(ACCOUNTS.patient.id);
const other = as(ACCOUNTS.patientOther.id);

/** A free capacity-1 outpatient slot days ahead, of an active doctor; a different one for each offset. */
async function freeSlot(db: Database, offset: number, capacity = 1): Promise<number> {
  const { rows } = await db.pool.query(
    `select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.doctors d on d.id = s.doctor_id
      where s.kind = 'outpatient' and ts.capacity = $2 and ts.booked = 0 and d.status = 1 and d.outpatient_enabled
        and s.working_day > current_date + 10
      order by ts.id limit 1 offset $1`,
    [offset, capacity],
  );
  return rows[0].id;
}

function bookSlot(db: Database, caller: Caller, slotId: number, key: string) {
  return asCaller(db, caller, async (c) => (await c.query('select * from public.book_slot($1, $2)', [slotId, key])).rows[0]);
}

async function violates(db: Database, sql: string, params: unknown[] = []): Promise<string> {
  try {
    await transaction(db, (c) => c.query(sql, params));
  } catch (err) {
    return (err as { code?: string }).code ?? 'error';
  }
  return 'ok';
}

describeEachEngine('directory schema invariants', { seed: true }, (ctx) => {
  it('allows price_to only for range prices, and never below price', async () => {
    const d = (await ctx.db.pool.query('select id from public.doctors order by id limit 1')).rows[0].id;
    const ins = (type: string, price: number, to: number | null) =>
      violates(ctx.db, `insert into public.doctor_services (doctor_id, name, price_type, price, price_to) values ($1, 'x', $2, $3, $4)`, [d, type, price, to]);
    expect(await ins('fixed', 100, 200)).toBe('23514');
    expect(await ins('starting', 100, 200)).toBe('23514');
    expect(await ins('range', 100, null)).toBe('23514');
    expect(await ins('range', 300, 200)).toBe('23514');
    expect(await ins('range', 200, 200)).toBe('ok');
    expect(await ins('fixed', 200, null)).toBe('ok');
    const svc = (await ctx.db.pool.query('select id from public.hospital_services limit 1')).rows[0].id;
    expect(await violates(ctx.db, `update public.hospital_services set price_type = 'fixed', price = 10, price_to = 5 where id = $1`, [svc])).toBe('23514');
  });

  it('keeps slugs unique per country, not across countries', async () => {
    const h = (await ctx.db.pool.query('select slug, country_id, organization_id from public.hospitals where id = 1')).rows[0];
    const org2 = (await ctx.db.pool.query('select id from public.organizations where country_id = 2 limit 1')).rows[0].id;
    const ins = (orgId: number, country: number) =>
      violates(ctx.db, `insert into public.hospitals (organization_id, country_id, name, slug, time_zone) values ($1, $2, 'Dup', $3, 'Asia/Manila')`, [orgId, country, h.slug]);
    expect(await ins(h.organization_id, h.country_id)).toBe('23505');
    expect(await ins(org2, 2)).toBe('ok');
    const doc = (await ctx.db.pool.query('select slug, hospital_id from public.doctors where country_id = 1 limit 1')).rows[0];
    expect(await violates(ctx.db, `insert into public.doctors (hospital_id, name, slug) values ($1, 'Dup', $2)`, [doc.hospital_id, doc.slug])).toBe('23505');
    expect(await violates(ctx.db, `insert into public.hospitals (organization_id, country_id, name, slug, time_zone) values ($1, 1, 'Bad', 'Not A Slug', 'Asia/Ho_Chi_Minh')`, [h.organization_id])).toBe('23514');
  });

  it('books a slot once per idempotency key and returns the same booking on retry', async () => {
    const slot = await freeSlot(ctx.db, 0, 2);
    const first = await bookSlot(ctx.db, patient, slot, 'idem-key-0001');
    const again = await bookSlot(ctx.db, patient, slot, 'idem-key-0001');
    expect(again.id).toBe(first.id);
    expect(first.status).toBe('hold');
    expect(new Date(first.hold_expires_at).getTime()).toBeGreaterThan(Date.now());
    const n = await ctx.db.pool.query(`select count(*)::int as n from public.bookings where idempotency_key = 'idem-key-0001'`);
    expect(n.rows[0].n).toBe(1);
    expect((await ctx.db.pool.query('select booked from public.time_slots where id = $1', [slot])).rows[0].booked).toBe(1);
    // Another patient cannot take over (or read) the booking through the key.
    await expect(bookSlot(ctx.db, other, slot, 'idem-key-0001')).rejects.toMatchObject({ code: 'PT409' });
  });

  it('never books a slot beyond its capacity, even when two patients race for it', async () => {
    const slot = await freeSlot(ctx.db, 1);
    const results = await Promise.allSettled([bookSlot(ctx.db, patient, slot, 'race-a-000001'), bookSlot(ctx.db, other, slot, 'race-b-000001')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatchObject({ code: 'PT409' });
    const { rows } = await ctx.db.pool.query(`select count(*)::int as n from public.bookings where slot_id = $1 and status in ('hold', 'pending', 'confirmed')`, [slot]);
    expect(rows[0].n).toBe(1);
    // The database refuses it whichever path writes: a direct insert by the owner fails the capacity check too.
    const code = await violates(
      ctx.db,
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key)
       select 'doctor', 'outpatient', $2, s.doctor_id, s.hospital_id, ts.id, now() + interval '20 days', 'confirmed', 'direct-over-capacity'
         from public.time_slots ts join public.schedules s on s.id = ts.schedule_id where ts.id = $1`,
      [slot, ACCOUNTS.patientOther.id],
    );
    expect(code).toBe('PT409');
  });

  it('lets exactly capacity-many of six racing patients book a capacity-2 slot', async () => {
    const slot = await freeSlot(ctx.db, 6, 2);
    const racers = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-b000-${(i + 1).toString(16).padStart(12, '0')}`);
    const results = await Promise.allSettled(racers.map((id, i) => bookSlot(ctx.db, as(id), slot, `race-six-${i}-0001`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'PT409' });
    expect((await ctx.db.pool.query('select booked, capacity from public.time_slots where id = $1', [slot])).rows[0]).toEqual({ booked: 2, capacity: 2 });
  });

  it('frees a slot when a booking is cancelled or its hold expired', async () => {
    const slot = await freeSlot(ctx.db, 2);
    const b = await bookSlot(ctx.db, patient, slot, 'free-again-01');
    await expect(bookSlot(ctx.db, other, slot, 'free-again-02')).rejects.toMatchObject({ code: 'PT409' });
    await ctx.db.pool.query(`update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, [b.id]);
    const taken = await bookSlot(ctx.db, other, slot, 'free-again-02');
    expect(taken.patient_user_id).toBe(ACCOUNTS.patientOther.id);
    expect((await ctx.db.pool.query('select status from public.bookings where id = $1', [b.id])).rows[0].status).toBe('expired');
    // The patient leaves the booking page (release_hold, the API's path), which frees the slot again.
    await asCaller(ctx.db, other, (c) => c.query(`select public.release_hold($1)`, [taken.id]));
    expect((await ctx.db.pool.query('select booked from public.time_slots where id = $1', [slot])).rows[0].booked).toBe(0);
    // But a patient cannot confirm, cancel or move a booking by a direct write (issue 34: no API role updates bookings).
    await expect(asCaller(ctx.db, other, (c) => c.query(`update public.bookings set status = 'confirmed' where id = $1`, [taken.id]))).rejects.toMatchObject({ code: '42501' });
    await expect(asCaller(ctx.db, other, (c) => c.query(`update public.bookings set status = 'cancelled' where id = $1`, [taken.id]))).rejects.toMatchObject({ code: '42501' });
  });

  it('refuses slots inside the buffer time, bookings by non-onboarded patients and anonymous callers', async () => {
    const slot = await freeSlot(ctx.db, 3);
    await expect(bookSlot(ctx.db, as(ACCOUNTS.patientNew.id), slot, 'not-onboarded-1')).rejects.toMatchObject({ code: 'PT403' });
    await expect(asCaller(ctx.db, { role: 'anon', claims: { role: 'anon' } }, (c) => c.query('select public.book_slot($1, $2)', [slot, 'anon-key-0001']))).rejects.toMatchObject({ code: '42501' });
    const soon = await ctx.db.pool.query(
      `select ts.id from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.doctors d on d.id = s.doctor_id
         join public.hospitals h on h.id = s.hospital_id
        where s.kind = 'outpatient' and d.buffer_time_outpatient >= 60 and ts.booked < ts.capacity and d.status = 1
          and (s.working_day + ts.started) at time zone h.time_zone between now() - interval '1 day' and now() + interval '50 minutes' limit 1`,
    );
    if (soon.rows.length === 0) {
      // No seeded slot falls inside a buffer window at this hour: make one (today, 30 minutes from now, hospital time).
      const made = await ctx.db.pool.query(
        `with d as (select d.id, h.time_zone from public.doctors d join public.hospitals h on h.id = d.hospital_id
                     where d.status = 1 and d.outpatient_enabled and d.buffer_time_outpatient >= 60 order by d.id limit 1),
              s as (insert into public.schedules (kind, doctor_id, working_day)
                    select 'outpatient', d.id, (now() at time zone d.time_zone + interval '30 minutes')::date from d
                    on conflict (doctor_id, kind, working_day) where doctor_id is not null do update set updated_at = now() returning id)
         insert into public.time_slots (schedule_id, started, ended, capacity)
         select s.id, (now() at time zone d.time_zone + interval '30 minutes')::time(0), (now() at time zone d.time_zone + interval '31 minutes')::time(0), 1 from s, d
         on conflict (schedule_id, started) do update set capacity = excluded.capacity returning id`,
      );
      soon.rows.push(made.rows[0]);
    }
    await expect(bookSlot(ctx.db, patient, soon.rows[0].id, 'too-soon-0001')).rejects.toMatchObject({ code: 'PT422' });
  });

  it('confirms only the patient\'s own, unexpired hold (private.confirm_hold; the old confirm_booking is closed)', async () => {
    const slot = await freeSlot(ctx.db, 4);
    const held = await bookSlot(ctx.db, patient, slot, 'confirm-key-01');
    // Issue 34: confirm_booking took any payment text and wrote no payment; no API role may call it now.
    await expect(asCaller(ctx.db, patient, (c) => c.query(`select public.confirm_booking($1, 'wallet', true)`, [held.id]))).rejects.toMatchObject({ code: '42501' });
    const pricing = JSON.stringify({ original_price: 100, final_price: 100 });
    const confirm = (caller: Caller, id: number) =>
      asCaller(ctx.db, caller, async (c) => (await c.query(`select * from private.confirm_hold($1, null, '0901234567', null, 'cash', null, $2::jsonb, false)`, [id, pricing])).rows[0]);
    await expect(confirm(other, held.id)).rejects.toMatchObject({ code: 'PT404' });
    const done = await confirm(patient, held.id);
    expect(done).toMatchObject({ id: held.id, status: 'confirmed', payment_method: 'cash' });
    expect((await confirm(patient, held.id)).status).toBe('confirmed');
    const slot2 = await freeSlot(ctx.db, 5);
    const late = await bookSlot(ctx.db, patient, slot2, 'confirm-key-02');
    await ctx.db.pool.query(`update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [late.id]);
    await expect(confirm(patient, late.id)).rejects.toMatchObject({ code: 'PT409' });
  });

  it('maintains updated_at on update', async () => {
    const before = (await ctx.db.pool.query('select updated_at from public.hospitals where id = 2')).rows[0].updated_at as Date;
    await new Promise((r) => setTimeout(r, 20));
    await ctx.db.pool.query(`update public.hospitals set about = about || ' ' where id = 2`);
    const after = (await ctx.db.pool.query('select updated_at from public.hospitals where id = 2')).rows[0].updated_at as Date;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
  });

  it('writes the data history (who, when, table, row, before/after) and the directory change log', async () => {
    const mark = (await ctx.db.pool.query('select coalesce(max(id), 0) as id from public.directory_changes')).rows[0].id;
    // A branch manager renames a doctor of its branch (the doctor form's write, as the caller).
    const doctorId = Number((await ctx.db.pool.query('select id from public.doctors where hospital_id = $1 order by id limit 1', [SEED_SCOPE.branchHospitalId])).rows[0].id);
    await asCaller(ctx.db, as(ACCOUNTS.branch.id), (c) => c.query(`update public.doctors set name = name || ' (renamed)' where id = $1`, [doctorId]));
    const { rows } = await ctx.db.pool.query(
      `select actor_id, actor_role, table_name, row_id, action, before ->> 'name' as before_name, after ->> 'name' as after_name
         from public.data_history where table_name = 'doctors' and row_id = $1 order by id desc limit 1`,
      [String(doctorId)],
    );
    expect(rows[0]).toMatchObject({ actor_id: ACCOUNTS.branch.id, actor_role: 'branch', action: 'UPDATE' });
    expect(rows[0].after_name).toBe(`${rows[0].before_name} (renamed)`);
    const changes = await ctx.db.pool.query(`select entity, entity_id, country_id, action from public.directory_changes where id > $1`, [mark]);
    expect(changes.rows).toContainEqual({ entity: 'doctors', entity_id: doctorId, country_id: 1, action: 'UPDATE' });
    // Nobody writes the history by hand.
    await expect(asCaller(ctx.db, as(ACCOUNTS.admin.id), (c) => c.query(`delete from public.data_history`))).rejects.toMatchObject({ code: '42501' });
  });

  it('answers each baby-formula campaign eligibility result of SPEC §8', async () => {
    // As the server asks (owner / service role): any number.
    const check = async (phone: string) =>
      (await ctx.db.pool.query('select public.campaign_eligibility($1, 1::smallint, $2) as r', [CAMPAIGN_CODE, phone])).rows[0].r;
    expect(await check(CAMPAIGN_PHONES.eligible)).toMatchObject({ valid: true });
    expect(await check(CAMPAIGN_PHONES.expired)).toMatchObject({ valid: false, invalidreason: 1, loyalty: { completed: true } });
    expect(await check(CAMPAIGN_PHONES.expiredNotCompleted)).toMatchObject({ valid: false, invalidreason: 1, loyalty: { completed: false } });
    expect(await check(CAMPAIGN_PHONES.cancelledThreeTimes)).toMatchObject({ valid: false, invalidreason: 2 });
    expect(await check(CAMPAIGN_PHONES.upcomingBooking)).toMatchObject({ valid: false, invalidreason: 3 });
    expect(await check(CAMPAIGN_PHONES.completedBooking)).toMatchObject({ valid: false, invalidreason: 4 });
    expect(await check(CAMPAIGN_PHONES.notEligible)).toMatchObject({ valid: false, invalidreason: 5 });
    expect(await check('090 100 0001')).toMatchObject({ valid: true });
    // A signed-in patient is checked by their own verified phone, whatever number they send; anon cannot ask.
    const asPatient = async (caller: Caller, phone: string) =>
      (await asCaller(ctx.db, caller, (c) => c.query('select public.campaign_eligibility($1, 1::smallint, $2) as r', [CAMPAIGN_CODE, phone]))).rows[0].r;
    expect(await asPatient(patient, CAMPAIGN_PHONES.notEligible)).toMatchObject({ valid: true });
    expect(await asPatient(other, CAMPAIGN_PHONES.eligible)).toMatchObject({ valid: false, invalidreason: 5 });
    await expect(asCaller(ctx.db, { role: 'anon', claims: { role: 'anon' } }, (c) => c.query('select public.campaign_eligibility($1, 1::smallint, $2)', [CAMPAIGN_CODE, CAMPAIGN_PHONES.eligible]))).rejects.toMatchObject({ code: '42501' });
  });

  it('generates schedules from today in each hospital\'s own time zone, Indonesia\'s three included', async () => {
    const { rows } = await ctx.db.pool.query(
      `select h.time_zone, min(s.working_day) as first_day, max(s.working_day) as last_day, (now() at time zone h.time_zone)::date as today
         from public.schedules s join public.hospitals h on h.id = s.hospital_id
        where s.working_day >= (now() at time zone h.time_zone)::date group by h.time_zone`,
    );
    expect(rows.map((r) => r.time_zone)).toEqual(expect.arrayContaining(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Ho_Chi_Minh']));
    for (const r of rows) {
      const days = (Date.parse(r.last_day) - Date.parse(r.today)) / 86_400_000;
      expect(days, r.time_zone).toBeLessThanOrEqual(59);
      expect(days, r.time_zone).toBeGreaterThanOrEqual(57);
      expect(Date.parse(r.first_day) - Date.parse(r.today), r.time_zone).toBeLessThanOrEqual(2 * 86_400_000);
    }
    // Sundays off for everyone (ahead of today: the demo doctor's past visit and other tests' rows are on other days).
    const sundays = await ctx.db.pool.query(`select count(*)::int as n from public.schedules where extract(isodow from working_day) = 7 and working_day > current_date + 1`);
    expect(sundays.rows[0].n).toBe(0);
  });

  it('seeds the realism the spec asks for', async () => {
    const q = async (sql: string) => (await ctx.db.pool.query(sql)).rows[0];
    const facts = await q(`select
      (select count(*) from public.doctors where partner_group)::int as partner,
      (select count(*) from public.doctors d where not exists (select 1 from public.doctor_specialties s where s.doctor_id = d.id))::int as no_specialty,
      (select count(*) from public.doctors where telemedicine_enabled and not outpatient_enabled)::int as tele_only,
      (select count(*) from public.hospital_services where is_package)::int as packages,
      (select count(*) from public.vaccine_details where status = 'out_of_stock')::int as out_of_stock,
      (select count(*) from public.hospitals where exclude_from_index or status is null)::int as not_indexed,
      (select count(*) from public.organizations where not publish_reviews)::int as no_publish,
      (select count(*) from public.hospitals h where not exists (select 1 from public.hospital_services s where s.hospital_id = h.id))::int as no_services,
      (select count(*) from public.hospitals h where not exists (select 1 from public.reviews r where r.hospital_id = h.id))::int as no_reviews,
      (select count(distinct rate) from public.reviews)::int as rates,
      (select count(distinct time_zone) from public.hospitals where country_id = 3)::int as id_zones,
      (select count(*) from public.vouchers)::int as vouchers,
      (select count(*) from public.hospital_services where promotion_percent > 0)::int as promotions,
      (select max(working_day) - min(working_day) from public.schedules where working_day >= current_date)::int as schedule_span`);
    for (const k of ['partner', 'no_specialty', 'tele_only', 'packages', 'out_of_stock', 'not_indexed', 'no_publish', 'no_services', 'no_reviews', 'vouchers', 'promotions'])
      expect(facts[k], k).toBeGreaterThan(0);
    expect(facts.rates).toBe(5);
    expect(facts.id_zones).toBe(3);
    expect(facts.schedule_span).toBeGreaterThanOrEqual(58);
    const perCountry = await ctx.db.pool.query(
      `select c.locale, (select count(*) from public.hospitals h where h.country_id = c.id)::int as hospitals,
              (select count(*) from public.doctors d where d.country_id = c.id)::int as doctors,
              (select count(*) from public.hospital_services s where s.country_id = c.id)::int as services
         from public.countries c`,
    );
    for (const r of perCountry.rows) {
      expect(r.hospitals).toBeGreaterThanOrEqual(30);
      expect(r.doctors).toBeGreaterThanOrEqual(300);
      expect(r.services).toBeGreaterThan(150);
    }
  });

  it('stores demo passwords as Supabase does (bcrypt) with confirmed e-mails', async () => {
    const { rows } = await ctx.db.pool.query(
      `select email, encrypted_password = extensions.crypt('Demo-pass-2026', encrypted_password) as ok, email_confirmed_at is not null as confirmed
         from auth.users where email like '%@demo.test' order by email`,
    );
    expect(rows.length).toBe(10);
    for (const r of rows) expect(r).toMatchObject({ ok: true, confirmed: true });
  });
});
