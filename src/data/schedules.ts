/**
 * Schedule queries of the doctor (outpatient, telemedicine) and service schedule calls (SPEC §7). One round trip
 * per window: the owner's zone, buffer and validity plus its slots; the slot engine (src/lib/slots) does the rest.
 * A slot's `schedule_id` is the time slot's id: it is what the booking route's scheduleId books.
 */
import { prepared, type Queryable } from './db';
import { addDays } from '../lib/hospital-time';
import { computeSchedule, scheduleWindow, type RawSlot, type ScheduleDay } from '../lib/slots';

export type ScheduleKind = 'outpatient' | 'telemedicine' | 'service';

export interface ScheduleResult {
  schedules: ScheduleDay[];
  timeZone: string;
  bufferTime: number;
  /** First day with a bookable slot in the answered range, or null. */
  nearest: string | null;
}

interface Row {
  time_zone: string;
  buffer: number;
  bookable: boolean;
  slot_id: number | null;
  working_day: string | null;
  started: string | null;
  ended: string | null;
  capacity: number | null;
  taken: number | null;
}

// Owner lookup per kind; RLS (as the caller) decides whether the doctor or service is visible at all.
const OWNER: Record<ScheduleKind, string> = {
  outpatient: `select o.id, h.time_zone, o.buffer_time_outpatient as buffer, (o.status = 1 and o.outpatient_enabled) as bookable
                 from public.doctors o join public.hospitals h on h.id = o.hospital_id where o.id = $1`,
  telemedicine: `select o.id, h.time_zone, o.buffer_time_telemedicine as buffer, (o.status = 1 and o.telemedicine_enabled) as bookable
                   from public.doctors o join public.hospitals h on h.id = o.hospital_id where o.id = $1`,
  service: `select o.id, h.time_zone, o.buffer_time as buffer, (o.status = 1 and o.availability <> 0) as bookable
              from public.hospital_services o join public.hospitals h on h.id = o.hospital_id where o.id = $1`,
};

const SCHEDULE_FILTER: Record<ScheduleKind, string> = {
  outpatient: `s.doctor_id = owner.id and s.kind = 'outpatient'`,
  telemedicine: `s.doctor_id = owner.id and s.kind = 'telemedicine'`,
  service: `s.service_id = owner.id`,
};

function windowSql(kind: ScheduleKind): string {
  return `with owner as (${OWNER[kind]})
    select owner.time_zone, owner.buffer, owner.bookable, x.slot_id, x.working_day, x.started, x.ended, x.capacity, x.taken
      from owner
      left join lateral (
        select ts.id as slot_id, to_char(s.working_day, 'YYYY-MM-DD') as working_day, ts.started::text as started, ts.ended::text as ended,
               ts.capacity::int as capacity,
               -- slot_taken looks for expired holds; a slot nobody booked has none (most slots: skip the call).
               case when ts.booked = 0 then 0 else public.slot_taken(ts.id, ts.booked) end as taken
          from public.schedules s
          join public.time_slots ts on ts.schedule_id = s.id
         where ${SCHEDULE_FILTER[kind]} and s.working_day between $2::date and $3::date and owner.bookable
         order by s.working_day, ts.started
      ) x on true`;
}

const WINDOW_SQL = {
  outpatient: prepared('schedule_window_outpatient', windowSql('outpatient')),
  telemedicine: prepared('schedule_window_telemedicine', windowSql('telemedicine')),
  service: prepared('schedule_window_service', windowSql('service')),
};

/** The first working day in [$2, $3] with a slot not yet full (buffer and expired holds are checked after); no row: no owner. */
const NEXT_DAY_SQL = Object.fromEntries(
  (['outpatient', 'telemedicine', 'service'] as const).map((kind) => [
    kind,
    prepared(`schedule_next_day_${kind}`, `with owner as (${OWNER[kind]})
     select (select to_char(min(s.working_day), 'YYYY-MM-DD')
               from public.schedules s
              where ${SCHEDULE_FILTER[kind]} and owner.bookable and s.working_day between $2::date and $3::date
                and exists (select 1 from public.time_slots ts where ts.schedule_id = s.id and ts.booked < ts.capacity)) as day
       from owner`),
  ]),
) as Record<ScheduleKind, ReturnType<typeof prepared>>;

export class OwnerNotFound extends Error {}

/** Schedule days of [startDate, endDate] with the buffer of the hospital's zone applied at `now`. */
export async function scheduleWindowFor(c: Queryable, kind: ScheduleKind, id: number, startDate: string, endDate: string, now = Date.now()): Promise<ScheduleResult> {
  const { rows } = await c.query<Row>({ ...WINDOW_SQL[kind], values: [id, startDate, endDate] });
  if (rows.length === 0) throw new OwnerNotFound();
  const { time_zone: zone, buffer } = rows[0];
  const raw: RawSlot[] = [];
  for (const r of rows) {
    if (r.slot_id === null) continue;
    raw.push({ scheduleId: r.slot_id, workingDay: r.working_day!, startTime: r.started!, endTime: r.ended!, capacity: r.capacity!, booked: r.taken! });
  }
  const computed = computeSchedule(raw, { zone, now, bufferMinutes: buffer });
  // Past days carry nothing a patient can use.
  const today = computed.picker.minDate;
  return { schedules: computed.days.filter((d) => d.workingDay >= today), timeZone: zone, bufferTime: buffer, nearest: computed.nearest };
}

/** How far the nearest-day variant looks ahead. */
export const NEAREST_HORIZON_DAYS = 180;

/**
 * The startDate-only variant: the schedule window (week from Monday) holding the first day on or after startDate
 * with a bookable slot, so "See nearest availabilities" can jump there; an empty schedule when there is none.
 */
export async function nearestScheduleFor(c: Queryable, kind: ScheduleKind, id: number, startDate: string, now = Date.now(), daysBefore = 0): Promise<ScheduleResult> {
  let from = startDate;
  const horizon = addDays(startDate, NEAREST_HORIZON_DAYS);
  // Each pass skips a window whose candidate slots all fell inside the buffer (or were expired-hold artefacts).
  for (let pass = 0; pass < 4; pass++) {
    const { rows } = await c.query<{ day: string | null }>({ ...NEXT_DAY_SQL[kind], values: [id, from, horizon] });
    if (rows.length === 0) throw new OwnerNotFound();
    const day = rows[0].day;
    if (!day) break;
    const w = scheduleWindow(day, daysBefore);
    const found = await scheduleWindowFor(c, kind, id, w.startDate < startDate ? startDate : w.startDate, w.endDate, now);
    if (found.nearest) return found;
    from = addDays(w.endDate, 1);
  }
  const none = await scheduleWindowFor(c, kind, id, startDate, startDate, now);
  return { ...none, schedules: [], nearest: null };
}
