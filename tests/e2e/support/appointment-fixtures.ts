/**
 * Appointment fixtures of the e2e server (issue 35; GET /__e2e/appointment-fixtures?...):
 * - `?demoDoctor=1`: the demo doctor's id (doctor@demo.test's profile), so a spec books where every role looks;
 * - `?started=<bookingId>`: time passes for one booking: its start moves to an hour ago (its slot and everything
 *   else stay), so the front desk can check it in and complete it;
 * - `?arrivals=<n>`: n confirmed visits today, 10 minutes apart from half an hour on, each of another seeded
 *   patient, with a doctor of branch 3 (organization 1's, managed by no branch manager of the seed: the other
 *   specs' day lists of branch 1 stay as they are), on free slots of the doctor's last schedules; the visits' own
 *   starts are today's, as the bench's are. Test support only, never deployed.
 */

/** Organization 1's third branch: its facility manager works it, no seeded branch manager sees it. */
const ARRIVALS_BRANCH = 3;
import { getDatabase } from '../../../src/data/db';
import { bookingCode } from '../../../src/lib/booking';
import { ACCOUNTS } from '../../../supabase/seed/accounts';

export async function handleAppointmentFixtures(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const db = await getDatabase();
  if (q.get('demoDoctor')) {
    const { rows } = await db.pool.query('select id::int as id from public.doctors where user_id = $1', [ACCOUNTS.doctor.id]);
    return Response.json({ doctorId: rows[0]?.id ?? null });
  }
  const arrivals = Number(q.get('arrivals'));
  if (q.has('arrivals')) {
    if (!Number.isSafeInteger(arrivals) || arrivals < 1 || arrivals > 100) return Response.json({ error: 'arrivals=<1..100>' }, { status: 400 });
    return Response.json({ arrivals: await makeArrivals(arrivals) });
  }
  const id = Number(q.get('started'));
  if (!Number.isSafeInteger(id) || id <= 0) return Response.json({ error: 'started=<bookingId> is required' }, { status: 400 });
  const { rowCount } = await db.pool.query(`update public.bookings set starts_at = date_trunc('minute', now()) - interval '1 hour' where id = $1`, [id]);
  return Response.json({ moved: rowCount });
}

async function makeArrivals(n: number): Promise<{ id: number; code: string; day: string }[]> {
  const db = await getDatabase();
  const { rows } = await db.pool.query(
    `with doctor as (select d.id, d.hospital_id, h.time_zone from public.doctors d join public.hospitals h on h.id = d.hospital_id
                      where h.id = $1 and d.status = 1 and exists (select 1 from public.schedules sc where sc.doctor_id = d.id and sc.kind = 'outpatient')
                      order by d.id limit 1),
          slots as (select ts.id, row_number() over (order by sc.working_day desc, ts.started desc) as n
                      from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id, doctor
                     where sc.doctor_id = doctor.id and sc.kind = 'outpatient' and ts.capacity > 0
                       and not exists (select 1 from public.bookings b where b.slot_id = ts.id)
                     order by sc.working_day desc, ts.started desc limit $2),
          people as (select user_id, row_number() over (order by user_id) as n from public.patients where name is not null and phone is not null limit $2)
     insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, contact_phone, price, final_price, currency)
     select 'doctor', 'outpatient', people.user_id, doctor.id, doctor.hospital_id, slots.id,
            date_trunc('minute', now()) + make_interval(mins => 30 + 10 * (slots.n::int - 1)), 'confirmed', 'e2e-arrival-' || gen_random_uuid(),
            'cash-on-delivery', '+84 902 000 ' || lpad(slots.n::text, 3, '0'), 250000, 250000, 'VND'
       from doctor, slots join people on people.n = slots.n
     returning id::int as id, (starts_at at time zone (select time_zone from doctor))::date::text as day`,
    [ARRIVALS_BRANCH, n],
  );
  return rows.map((r) => ({ id: r.id as number, code: bookingCode(r.id as number), day: r.day as string })).sort((a, b) => a.id - b.id);
}
