/**
 * Doctor availability queries (issue #29 item 4). Every query runs on the request's connection as the caller,
 * inside its one transaction: row-level security decides which doctors' hours a caller reads and writes, and
 * public.regenerate_doctor_schedule re-checks that the caller manages the doctor before generating slots.
 */
import type { Queryable } from './db';
import { MANAGED_DOCTOR } from './admin-doctors';
import { AVAILABILITY_KINDS, NEW_KIND_DEFAULTS, type AvailabilityData, type AvailabilityKind, type KindAvailability, type KindAvailabilityState } from '../lib/doctor-availability';

export interface AvailabilityDoctor {
  id: number;
  name: string;
  status: number;
  hospitalName: string;
  timeZone: string;
  outpatientEnabled: boolean;
  telemedicineEnabled: boolean;
  bufferOutpatient: number;
  bufferTelemedicine: number;
  today: string;
  windowDays: number;
}

/** The doctor (with today in its hospital's zone), or null when the caller does not manage it. */
export async function availabilityDoctor(db: Queryable, doctorId: number): Promise<AvailabilityDoctor | null> {
  const { rows } = await db.query(
    `select d.id::int as id, d.name, d.status::int as status, h.name as "hospitalName", h.time_zone as "timeZone",
            d.outpatient_enabled as "outpatientEnabled", d.telemedicine_enabled as "telemedicineEnabled",
            d.buffer_time_outpatient as "bufferOutpatient", d.buffer_time_telemedicine as "bufferTelemedicine",
            to_char((now() at time zone h.time_zone)::date, 'YYYY-MM-DD') as today, public.schedule_window_days() as "windowDays"
       from public.doctors d join public.hospitals h on h.id = d.hospital_id
      where d.id = $1 and ${MANAGED_DOCTOR}`,
    [doctorId],
  );
  return rows[0] ?? null;
}

/** Hours, exceptions, generated days and kept conflicts of both kinds over the window. */
export async function readAvailability(db: Queryable, d: AvailabilityDoctor): Promise<AvailabilityData> {
  // One connection per request: the reads run one after the other.
  const settings = await db.query(`select kind, slot_minutes::int as "slotMinutes", capacity::int as capacity from public.doctor_availability where doctor_id = $1`, [d.id]);
  const weekly = await db.query(
    `select kind, weekday::int as weekday, to_char(starts, 'HH24:MI') as starts, to_char(ends, 'HH24:MI') as ends
       from public.doctor_weekly_hours where doctor_id = $1 order by kind, weekday, starts`,
    [d.id],
  );
  const exceptions = await db.query(
    `select kind, to_char(day, 'YYYY-MM-DD') as day, type, to_char(starts, 'HH24:MI') as starts, to_char(ends, 'HH24:MI') as ends, note
       from public.doctor_schedule_exceptions where doctor_id = $1 and day >= $2::date order by kind, day, starts nulls first`,
    [d.id, d.today],
  );
  const days = await db.query(
    `select s.kind, to_char(s.working_day, 'YYYY-MM-DD') as day, count(*)::int as slots, sum(ts.booked)::int as booked, sum(ts.capacity)::int as capacity,
            to_char(min(ts.started), 'HH24:MI') as first, to_char(max(ts.ended), 'HH24:MI') as last
       from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
      where s.doctor_id = $1 and s.kind in ('outpatient', 'telemedicine') and s.working_day between $2::date and $2::date + $3::int - 1
        and ts.withdrawn_at is null
      group by s.kind, s.working_day order by s.kind, s.working_day`,
    [d.id, d.today, d.windowDays],
  );
  const conflicts = await db.query(
    `select k.kind, to_char(c.working_day, 'YYYY-MM-DD') as day, to_char(c.started, 'HH24:MI') as started, to_char(c.ended, 'HH24:MI') as ended, c.bookings
       from unnest(array['outpatient', 'telemedicine']) k(kind) cross join lateral public.doctor_schedule_conflicts($1, k.kind) c
      order by k.kind, c.working_day, c.started`,
    [d.id],
  );
  const state = (kind: AvailabilityKind): KindAvailabilityState => {
    const s = settings.rows.find((r) => r.kind === kind);
    const of = <T extends { kind: string }>(rows: T[]) => rows.filter((r) => r.kind === kind).map(({ kind: _k, ...rest }) => rest);
    return {
      managed: Boolean(s),
      enabled: kind === 'outpatient' ? d.outpatientEnabled : d.telemedicineEnabled,
      slotMinutes: s?.slotMinutes ?? NEW_KIND_DEFAULTS.slotMinutes,
      capacity: s?.capacity ?? NEW_KIND_DEFAULTS.capacity,
      bufferTime: kind === 'outpatient' ? d.bufferOutpatient : d.bufferTelemedicine,
      weekly: of(weekly.rows),
      exceptions: of(exceptions.rows),
      days: of(days.rows),
      conflicts: of(conflicts.rows),
    } as KindAvailabilityState;
  };
  return {
    doctor: { id: d.id, name: d.name, status: d.status, hospitalName: d.hospitalName, timeZone: d.timeZone },
    today: d.today,
    windowDays: d.windowDays,
    outpatient: state('outpatient'),
    telemedicine: state('telemedicine'),
  };
}

/**
 * Saves one kind's settings, buffer time, weekly hours and exceptions (only what changed, so the data history
 * holds real changes) and regenerates its slots. Returns the slots added and removed.
 */
export async function saveKind(db: Queryable, doctorId: number, kind: AvailabilityKind, a: KindAvailability): Promise<{ added: number; removed: number }> {
  await db.query(
    `insert into public.doctor_availability (doctor_id, kind, slot_minutes, capacity) values ($1, $2, $3, $4)
     on conflict (doctor_id, kind) do update set slot_minutes = excluded.slot_minutes, capacity = excluded.capacity
      where (public.doctor_availability.slot_minutes, public.doctor_availability.capacity) is distinct from (excluded.slot_minutes, excluded.capacity)`,
    [doctorId, kind, a.slotMinutes, a.capacity],
  );
  const buffer = kind === 'outpatient' ? 'buffer_time_outpatient' : 'buffer_time_telemedicine';
  await db.query(`update public.doctors set ${buffer} = $2 where id = $1 and ${buffer} <> $2`, [doctorId, a.bufferTime]);

  const w = [a.weekly.map((r) => r.weekday), a.weekly.map((r) => r.starts), a.weekly.map((r) => r.ends)];
  await db.query(
    `delete from public.doctor_weekly_hours h where h.doctor_id = $1 and h.kind = $2
        and not exists (select 1 from unnest($3::int[], $4::time[], $5::time[]) x(wd, s, e) where x.wd = h.weekday and x.s = h.starts and x.e = h.ends)`,
    [doctorId, kind, ...w],
  );
  await db.query(
    `insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends)
     select $1, $2, x.wd, x.s, x.e from unnest($3::int[], $4::time[], $5::time[]) x(wd, s, e)
      where not exists (select 1 from public.doctor_weekly_hours h where h.doctor_id = $1 and h.kind = $2 and h.weekday = x.wd and h.starts = x.s and h.ends = x.e)`,
    [doctorId, kind, ...w],
  );

  const e = [a.exceptions.map((x) => x.day), a.exceptions.map((x) => x.type), a.exceptions.map((x) => x.starts ?? null), a.exceptions.map((x) => x.ends ?? null), a.exceptions.map((x) => x.note ?? null)];
  const same = `x.d = h.day and x.t = h.type and x.s is not distinct from h.starts and x.e is not distinct from h.ends and x.n is not distinct from h.note`;
  await db.query(
    `delete from public.doctor_schedule_exceptions h where h.doctor_id = $1 and h.kind = $2
        and not exists (select 1 from unnest($3::date[], $4::text[], $5::time[], $6::time[], $7::text[]) x(d, t, s, e, n) where ${same})`,
    [doctorId, kind, ...e],
  );
  await db.query(
    `insert into public.doctor_schedule_exceptions (doctor_id, kind, day, type, starts, ends, note)
     select $1, $2, x.d, x.t, x.s, x.e, x.n from unnest($3::date[], $4::text[], $5::time[], $6::time[], $7::text[]) x(d, t, s, e, n)
      where not exists (select 1 from public.doctor_schedule_exceptions h where h.doctor_id = $1 and h.kind = $2 and ${same})`,
    [doctorId, kind, ...e],
  );

  const { rows } = await db.query(`select public.regenerate_doctor_schedule($1, $2) as g`, [doctorId, kind]);
  const g = rows[0]?.g as { added: number; removed: number } | null;
  return { added: g?.added ?? 0, removed: g?.removed ?? 0 };
}

export { AVAILABILITY_KINDS };
