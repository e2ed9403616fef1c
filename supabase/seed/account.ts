/**
 * Patient-account seed (issue 28): the demo family members' relations as the codes the family popup offers
 * (src/lib/family-profile.ts RELATIONS) instead of the words the first seed wrote; and an onboarded patient of
 * its own (ACCOUNT_PATIENT, so the counts other tests expect of patient@demo.test stay) with, per doctor of up to CANDIDATE_DOCTORS (vi-VN doctors of organizations that publish reviews, other than the demo
 * doctor), one confirmed appointment three or more days ahead and one completed visit without a review, so that
 * each end-to-end test acts on bookings of its own; and one doctor whose 14-day cancellation window the next
 * appointment is already inside.
 */
import type { Database } from '../../src/data/db';
import { DEMO_PASSWORD } from './accounts';

/** The account pages' demo patient (password DEMO_PASSWORD): appointments to reschedule, cancel and review. */
export const ACCOUNT_PATIENT = { id: '00000000-0000-4000-a000-000000000064', email: 'patient-account@demo.test', name: 'Trần Thu Hà' } as const;

const RELATION_CODES: Record<string, string> = { con: 'child', 'bố': 'parent', 'mẹ': 'parent' };
/**
 * Doctors tried (the e2e spec needs six pairs: three locales at two widths; some doctors have no free slot far
 * enough ahead): the first gets only the appointment inside its locked window.
 */
const CANDIDATE_DOCTORS = 12;
/** The window of the doctor whose appointment can no longer be changed (minutes: 14 days). */
export const LOCKED_WINDOW_MINUTES = 20160;

export async function seedAccount(db: Database): Promise<void> {
  for (const [word, code] of Object.entries(RELATION_CODES)) {
    await db.pool.query(`update public.family_members set relation = $2 where relation = $1`, [word, code]);
  }
  await db.pool.query(
    `insert into auth.users (id, email, aud, role, email_confirmed_at, raw_app_meta_data, encrypted_password)
     values ($1, $2, 'authenticated', 'authenticated', now(), '{"provider":"email","providers":["email"]}', extensions.crypt($3, extensions.gen_salt('bf')))`,
    [ACCOUNT_PATIENT.id, ACCOUNT_PATIENT.email, DEMO_PASSWORD],
  );
  await db.pool.query(
    `insert into public.patients (user_id, name, email, email_verified_at, phone, phone_verified_at, birthday, gender, country_id)
     values ($1, $2, $3, now(), '+84901006400', now(), '1992-03-08', 2, 1)`,
    [ACCOUNT_PATIENT.id, ACCOUNT_PATIENT.name, ACCOUNT_PATIENT.email],
  );
  const { rows: doctors } = await db.pool.query(
    `select d.id from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id
      where h.country_id = 1 and o.publish_reviews and d.status = 1 and d.outpatient_enabled and d.user_id is null
        and exists (select 1 from public.schedules s where s.doctor_id = d.id and s.kind = 'outpatient' and s.working_day > now()::date + 4)
      order by d.id limit $1`,
    [CANDIDATE_DOCTORS],
  );
  for (const [i, d] of doctors.entries()) {
    await db.pool.query(
      `with free as (
         select ts.id, s.hospital_id, (s.working_day + ts.started) at time zone h.time_zone as starts_at
           from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id
          where s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day > now()::date + 3 and ts.booked < ts.capacity
          order by s.working_day, ts.started limit 1)
       insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, price, currency)
       select 'doctor', 'outpatient', $2, $1, f.hospital_id, f.id, f.starts_at, 'confirmed', 'seed-account-upcoming-' || $1, 'cash', 300000, 'VND' from free f`,
      [d.id, ACCOUNT_PATIENT.id],
    );
    if (i === 0) {
      await db.pool.query(`update public.doctors set cancellation_window_minutes = $2 where id = $1`, [d.id, LOCKED_WINDOW_MINUTES]);
      continue;
    }
    // A visit last week on a slot of its own (the slot counter follows the booking's trigger).
    await db.pool.query(
      `with s as (insert into public.schedules (kind, doctor_id, hospital_id, working_day)
                  select 'outpatient', d.id, d.hospital_id, (now() at time zone 'Asia/Ho_Chi_Minh')::date - 6 from public.doctors d where d.id = $1
                  on conflict (doctor_id, kind, working_day) where doctor_id is not null do update set updated_at = now()
                  returning id, hospital_id, working_day),
            t as (insert into public.time_slots (schedule_id, started, ended, capacity) select id, time '06:10', time '06:40', 1 from s returning id, schedule_id)
       insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, price, currency)
       select 'doctor', 'outpatient', $2, $1, s.hospital_id, t.id, (s.working_day + time '06:10') at time zone h.time_zone, 'completed', 'seed-account-completed-' || $1, 'cash', 300000, 'VND'
         from t join s on s.id = t.schedule_id join public.hospitals h on h.id = s.hospital_id`,
      [d.id, ACCOUNT_PATIENT.id],
    );
  }
}
