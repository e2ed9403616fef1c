/**
 * Branch closures (issue #37 item 1). Reads run as the caller (row-level security shows the closures of the
 * branches it manages); writes go through the security definer functions add_hospital_closure,
 * remove_hospital_closure and apply_public_holidays, which check the scope and bring the branch's slots in line.
 */
import type { Queryable } from './db';
import type { ClosureInput, ClosuresData } from '../lib/hospital-closures';

export interface ClosureBranch {
  id: number;
  name: string;
  countryCode: string;
  timeZone: string;
  today: string;
}

/** The branch, or null when the caller does not manage it. */
export async function closureBranch(db: Queryable, branchId: number): Promise<ClosureBranch | null> {
  const { rows } = await db.query(
    `select h.id::int as id, h.name, c.code as "countryCode", h.time_zone as "timeZone", to_char((now() at time zone h.time_zone)::date, 'YYYY-MM-DD') as today
       from public.hospitals h join public.countries c on c.id = h.country_id
      where h.id = $1 and public.can_manage_hospital(h.id)`,
    [branchId],
  );
  return rows[0] ?? null;
}

/** The branch's closures still to come or under way, with the bookings on their days, and the holiday years. */
export async function readClosures(db: Queryable, b: ClosureBranch): Promise<ClosuresData> {
  const closures = await db.query(
    `select c.id::int as id, to_char(c.starts, 'YYYY-MM-DD') as starts, to_char(c.ends, 'YYYY-MM-DD') as ends, c.reason,
            c.holiday_id is not null as holiday, coalesce(k.bookings, 0)::int as bookings
       from public.hospital_closures c left join public.hospital_closure_bookings($1) k on k.closure_id = c.id
      where c.hospital_id = $1 and c.ends >= $2::date
      order by c.starts, c.id`,
    [b.id, b.today],
  );
  const years = await db.query(
    `select extract(year from p.starts)::int as year, count(*)::int as holidays,
            count(*) filter (where exists (select 1 from public.hospital_closures c where c.hospital_id = $2 and c.holiday_id = p.id))::int as applied
       from public.public_holidays p where p.country_code = $1 and p.ends >= $3::date
      group by 1 order by 1`,
    [b.countryCode, b.id, b.today],
  );
  return { branch: { id: b.id, name: b.name, countryCode: b.countryCode, timeZone: b.timeZone }, today: b.today, closures: closures.rows, holidayYears: years.rows };
}

export async function addClosure(db: Queryable, branchId: number, c: { starts: string; ends: string; reason: string } & Partial<ClosureInput>): Promise<number> {
  const { rows } = await db.query(`select public.add_hospital_closure($1, $2::date, $3::date, $4)::int as id`, [branchId, c.starts, c.ends, c.reason]);
  return rows[0].id;
}

/** The closure's branch when the caller manages it, else null. */
export async function closureBranchId(db: Queryable, closureId: number): Promise<number | null> {
  const { rows } = await db.query(`select c.hospital_id::int as id from public.hospital_closures c where c.id = $1`, [closureId]);
  return rows[0]?.id ?? null;
}

export async function removeClosure(db: Queryable, closureId: number): Promise<void> {
  await db.query(`select public.remove_hospital_closure($1)`, [closureId]);
}

/** Closures added from the year's public holidays (none when applied already). */
export async function applyHolidays(db: Queryable, branchId: number, year: number): Promise<number> {
  const { rows } = await db.query(`select public.apply_public_holidays($1, $2) as n`, [branchId, year]);
  return Number(rows[0].n);
}
