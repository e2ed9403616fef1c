/**
 * Booking page fixtures of the e2e server (GET /__e2e/booking-fixtures?locale=&kind=&skip=): a free future slot of
 * an active, published doctor of the locale, made capacity 1 so a second patient meets a taken slot, with its
 * booking page path. Chosen in the e2e database, so the tests depend on no seed id.
 */
import { getDatabase } from '../../../src/data/db';
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { doctorBookingPath } from '../../../src/lib/booking-routes';

export interface BookingFixture {
  slotId: number;
  doctorId: number;
  doctorName: string;
  doctorSlug: string;
  date: string;
  start: string;
  path: string;
}

export async function handleBookingFixtures(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const locale = q.get('locale') as Locale;
  const kind = q.get('kind') === 'telemedicine' ? 'telemedicine' : 'outpatient';
  const skip = Number(q.get('skip') ?? 0);
  const db = await getDatabase();
  const { rows } = await db.pool.query(
    `select ts.id as slot_id, d.id as doctor_id, d.name, d.slug, sc.working_day::text as date, to_char(ts.started, 'HH24:MI') as start
       from public.time_slots ts join public.schedules sc on sc.id = ts.schedule_id join public.doctors d on d.id = sc.doctor_id
       join public.hospitals h on h.id = sc.hospital_id
      where d.country_id = $1 and sc.kind = $2 and d.status = 1 and not d.baby_formula_campaign and ts.booked = 0
        and public.is_hospital_published(h.id) and sc.working_day > current_date + 2 and sc.working_day < current_date + 20
        and case when $2 = 'outpatient' then d.outpatient_enabled else d.telemedicine_enabled end
      order by ts.id offset $3 limit 1`,
    [LOCALE_CONFIG[locale].countryId, kind, skip],
  );
  const r = rows[0];
  if (!r) return Response.json({ error: 'no free slot' }, { status: 404 });
  await db.pool.query(`update public.time_slots set capacity = 1 where id = $1`, [r.slot_id]);
  const fixture: BookingFixture = {
    slotId: r.slot_id,
    doctorId: r.doctor_id,
    doctorName: r.name,
    doctorSlug: r.slug,
    date: r.date,
    start: r.start,
    path: doctorBookingPath(locale, { doctorId: r.doctor_id, date: r.date, scheduleId: r.slot_id, telemedicine: kind === 'telemedicine' }),
  };
  return Response.json(fixture, { headers: { 'cache-control': 'no-store' } });
}
