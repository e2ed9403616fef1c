/**
 * Doctor availability queries (issue #29 item 4). Every query runs on the request's connection as the caller,
 * inside its one transaction: row-level security decides which doctors' hours a caller reads and writes, and
 * public.regenerate_doctor_schedule re-checks that the caller manages the doctor before generating slots.
 */
import type { Queryable } from './db';
import { MANAGED_DOCTOR } from './admin-doctors';
import { MANAGED_SERVICE } from './admin-services';
import { AVAILABILITY_KINDS, NEW_KIND_DEFAULTS, type AvailabilityData, type AvailabilityKind, type KindAvailability, type KindAvailabilityState, type ServiceAvailabilityData } from '../lib/doctor-availability';

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

/** An owner of availability: a doctor's kind (outpatient, telemedicine) or a service (kind 'service'). */
export type OwnerKind = AvailabilityKind | 'service';
const ownerColumn = (kind: OwnerKind) => (kind === 'service' ? 'service_id' : 'doctor_id');

type KindRows = Omit<KindAvailabilityState, 'enabled' | 'bufferTime'>;

/** Hours, exceptions, generated days and kept conflicts of an owner's kinds over the window (one query each, in turn). */
async function readOwnerKinds(db: Queryable, ownerId: number, kinds: readonly OwnerKind[], today: string, windowDays: number): Promise<Record<string, KindRows>> {
  const col = ownerColumn(kinds[0]);
  const settings = await db.query(`select kind, slot_minutes::int as "slotMinutes", capacity::int as capacity from public.doctor_availability where ${col} = $1 and kind = any ($2::text[])`, [ownerId, kinds]);
  const weekly = await db.query(
    `select kind, weekday::int as weekday, to_char(starts, 'HH24:MI') as starts, to_char(ends, 'HH24:MI') as ends
       from public.doctor_weekly_hours where ${col} = $1 and kind = any ($2::text[]) order by kind, weekday, starts`,
    [ownerId, kinds],
  );
  const exceptions = await db.query(
    `select kind, to_char(day, 'YYYY-MM-DD') as day, type, to_char(starts, 'HH24:MI') as starts, to_char(ends, 'HH24:MI') as ends, note
       from public.doctor_schedule_exceptions where ${col} = $1 and kind = any ($2::text[]) and day >= $3::date order by kind, day, starts nulls first`,
    [ownerId, kinds, today],
  );
  const days = await db.query(
    `select s.kind, to_char(s.working_day, 'YYYY-MM-DD') as day, count(*)::int as slots, sum(ts.booked)::int as booked, sum(ts.capacity)::int as capacity,
            to_char(min(ts.started), 'HH24:MI') as first, to_char(max(ts.ended), 'HH24:MI') as last
       from public.schedules s join public.time_slots ts on ts.schedule_id = s.id
      where s.${col} = $1 and s.kind = any ($2::text[]) and s.working_day between $3::date and $3::date + $4::int - 1
        and ts.withdrawn_at is null
      group by s.kind, s.working_day order by s.kind, s.working_day`,
    [ownerId, kinds, today, windowDays],
  );
  const conflicts = await db.query(
    `select k.kind, to_char(c.working_day, 'YYYY-MM-DD') as day, to_char(c.started, 'HH24:MI') as started, to_char(c.ended, 'HH24:MI') as ended, c.bookings
       from unnest($2::text[]) k(kind) cross join lateral public.owner_schedule_conflicts(k.kind, $1) c
      order by k.kind, c.working_day, c.started`,
    [ownerId, kinds],
  );
  const out: Record<string, KindRows> = {};
  for (const kind of kinds) {
    const s = settings.rows.find((r) => r.kind === kind);
    const of = <T extends { kind: string }>(rows: T[]) => rows.filter((r) => r.kind === kind).map(({ kind: _k, ...rest }) => rest);
    out[kind] = {
      managed: Boolean(s),
      slotMinutes: s?.slotMinutes ?? NEW_KIND_DEFAULTS.slotMinutes,
      capacity: s?.capacity ?? NEW_KIND_DEFAULTS.capacity,
      weekly: of(weekly.rows),
      exceptions: of(exceptions.rows),
      days: of(days.rows),
      conflicts: of(conflicts.rows),
    } as KindRows;
  }
  return out;
}

/** Hours, exceptions, generated days and kept conflicts of both kinds over the window. */
export async function readAvailability(db: Queryable, d: AvailabilityDoctor): Promise<AvailabilityData> {
  const k = await readOwnerKinds(db, d.id, AVAILABILITY_KINDS, d.today, d.windowDays);
  const state = (kind: AvailabilityKind): KindAvailabilityState => ({
    ...k[kind],
    enabled: kind === 'outpatient' ? d.outpatientEnabled : d.telemedicineEnabled,
    bufferTime: kind === 'outpatient' ? d.bufferOutpatient : d.bufferTelemedicine,
  });
  return {
    doctor: { id: d.id, name: d.name, status: d.status, hospitalName: d.hospitalName, timeZone: d.timeZone },
    today: d.today,
    windowDays: d.windowDays,
    outpatient: state('outpatient'),
    telemedicine: state('telemedicine'),
  };
}

export interface AvailabilityService {
  id: number;
  name: string;
  status: number;
  hospitalId: number;
  organizationId: number;
  hospitalName: string;
  timeZone: string;
  bufferTime: number;
  today: string;
  windowDays: number;
}

/** The service (with today in its branch's zone), or null when the caller does not manage it. */
export async function availabilityService(db: Queryable, serviceId: number): Promise<AvailabilityService | null> {
  const { rows } = await db.query(
    `select s.id::int as id, s.name, s.status::int as status, h.id::int as "hospitalId", h.organization_id::int as "organizationId", h.name as "hospitalName", h.time_zone as "timeZone", s.buffer_time::int as "bufferTime",
            to_char((now() at time zone h.time_zone)::date, 'YYYY-MM-DD') as today, public.schedule_window_days() as "windowDays"
       from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
      where s.id = $1 and ${MANAGED_SERVICE}`,
    [serviceId],
  );
  return rows[0] ?? null;
}

/** A service's hours, exceptions, generated days and kept conflicts over the window (the doctors' read, owner 'service'). */
export async function readServiceAvailability(db: Queryable, s: AvailabilityService): Promise<ServiceAvailabilityData> {
  const k = await readOwnerKinds(db, s.id, ['service'], s.today, s.windowDays);
  return {
    service: { id: s.id, name: s.name, status: s.status, hospitalId: s.hospitalId, organizationId: s.organizationId, hospitalName: s.hospitalName, timeZone: s.timeZone },
    today: s.today,
    windowDays: s.windowDays,
    availability: { ...k.service, enabled: true, bufferTime: s.bufferTime },
  };
}

/**
 * Saves one kind's settings, buffer time, weekly hours and exceptions (only what changed, so the data history
 * holds real changes) and regenerates its slots. Returns the slots added and removed.
 */
export async function saveKind(db: Queryable, ownerId: number, kind: OwnerKind, a: KindAvailability): Promise<{ added: number; removed: number }> {
  const col = ownerColumn(kind);
  await db.query(
    `insert into public.doctor_availability (${col}, kind, slot_minutes, capacity) values ($1, $2, $3, $4)
     on conflict (${kind === 'service' ? 'service_id' : 'doctor_id, kind'}) do update set slot_minutes = excluded.slot_minutes, capacity = excluded.capacity
      where (public.doctor_availability.slot_minutes, public.doctor_availability.capacity) is distinct from (excluded.slot_minutes, excluded.capacity)`,
    [ownerId, kind, a.slotMinutes, a.capacity],
  );
  // The buffer time is the owner's own column (SPEC §5).
  if (kind === 'service') await db.query(`update public.hospital_services set buffer_time = $2 where id = $1 and buffer_time <> $2`, [ownerId, a.bufferTime]);
  else {
    const buffer = kind === 'outpatient' ? 'buffer_time_outpatient' : 'buffer_time_telemedicine';
    await db.query(`update public.doctors set ${buffer} = $2 where id = $1 and ${buffer} <> $2`, [ownerId, a.bufferTime]);
  }

  const w = [a.weekly.map((r) => r.weekday), a.weekly.map((r) => r.starts), a.weekly.map((r) => r.ends)];
  await db.query(
    `delete from public.doctor_weekly_hours h where h.${col} = $1 and h.kind = $2
        and not exists (select 1 from unnest($3::int[], $4::time[], $5::time[]) x(wd, s, e) where x.wd = h.weekday and x.s = h.starts and x.e = h.ends)`,
    [ownerId, kind, ...w],
  );
  await db.query(
    `insert into public.doctor_weekly_hours (${col}, kind, weekday, starts, ends)
     select $1, $2, x.wd, x.s, x.e from unnest($3::int[], $4::time[], $5::time[]) x(wd, s, e)
      where not exists (select 1 from public.doctor_weekly_hours h where h.${col} = $1 and h.kind = $2 and h.weekday = x.wd and h.starts = x.s and h.ends = x.e)`,
    [ownerId, kind, ...w],
  );

  const e = [a.exceptions.map((x) => x.day), a.exceptions.map((x) => x.type), a.exceptions.map((x) => x.starts ?? null), a.exceptions.map((x) => x.ends ?? null), a.exceptions.map((x) => x.note ?? null)];
  const same = `x.d = h.day and x.t = h.type and x.s is not distinct from h.starts and x.e is not distinct from h.ends and x.n is not distinct from h.note`;
  await db.query(
    `delete from public.doctor_schedule_exceptions h where h.${col} = $1 and h.kind = $2
        and not exists (select 1 from unnest($3::date[], $4::text[], $5::time[], $6::time[], $7::text[]) x(d, t, s, e, n) where ${same})`,
    [ownerId, kind, ...e],
  );
  await db.query(
    `insert into public.doctor_schedule_exceptions (${col}, kind, day, type, starts, ends, note)
     select $1, $2, x.d, x.t, x.s, x.e, x.n from unnest($3::date[], $4::text[], $5::time[], $6::time[], $7::text[]) x(d, t, s, e, n)
      where not exists (select 1 from public.doctor_schedule_exceptions h where h.${col} = $1 and h.kind = $2 and ${same})`,
    [ownerId, kind, ...e],
  );

  const { rows } = await db.query(`select public.regenerate_owner_schedule($1, $2) as g`, [kind, ownerId]);
  const g = rows[0]?.g as { added: number; removed: number } | null;
  return { added: g?.added ?? 0, removed: g?.removed ?? 0 };
}

export { AVAILABILITY_KINDS };
