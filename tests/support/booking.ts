/** Booking test data made directly in the database: free slots and onboarded patients in bulk (tests and benches). */
import type { Database } from '../../src/data/db';

export interface FreeSlot {
  slotId: number;
  doctorId: number;
  serviceId: number | null;
  date: string;
  kind: string;
}

/** A future slot nobody holds, of an active doctor (outpatient or telemedicine) of a market, made of `capacity`. */
export async function freeDoctorSlot(db: Database, opts: { kind: 'outpatient' | 'telemedicine'; capacity?: number; countryId?: number; skip?: number; campaign?: boolean; withinDays?: number }): Promise<FreeSlot> {
  const { rows } = await db.pool.query(
    `select ts.id as slot_id, sc.doctor_id, sc.working_day::text as date, sc.kind
       from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id join public.doctors d on d.id = sc.doctor_id
      where sc.kind = $1 and d.status = 1 and ts.booked = 0 and sc.working_day > current_date + 2 and sc.working_day < current_date + $5::int
        and ($2::smallint is null or d.country_id = $2) and d.baby_formula_campaign = $4
        and case when $1 = 'outpatient' then d.outpatient_enabled else d.telemedicine_enabled end
      order by ts.id offset $3 limit 1`,
    [opts.kind, opts.countryId ?? null, opts.skip ?? 0, opts.campaign ?? false, opts.withinDays ?? 400],
  );
  if (!rows[0]) throw new Error('no free slot');
  if (opts.capacity) await db.pool.query(`update public.time_slots set capacity = $2 where id = $1`, [rows[0].slot_id, opts.capacity]);
  return { slotId: rows[0].slot_id, doctorId: rows[0].doctor_id, serviceId: null, date: rows[0].date, kind: rows[0].kind };
}

/** `n` onboarded patients (auth user + patient row), their ids. */
export async function bulkPatients(db: Database, n: number, tag: string): Promise<string[]> {
  const { rows } = await db.pool.query(
    `with u as (
       insert into auth.users (aud, role, email, email_confirmed_at, raw_app_meta_data)
       select 'authenticated', 'authenticated', $2 || i || '@race.test', now(), '{}'
         from generate_series(1, $1) i returning id, email)
     insert into public.patients (user_id, name, phone, phone_verified_at, email, email_verified_at, birthday, gender)
     select id, 'Race ' || email, '+84900000000', now(), email, now(), '1990-01-01', 1 from u returning user_id`,
    [n, tag],
  );
  return rows.map((r) => r.user_id);
}
