/**
 * Admin appointments and patients queries (issue 35). Every query runs as the caller, so the bookings' select
 * policies scope it (platform admins all; facility, senior branch, branch their branches; a doctor their own);
 * the top bar's organization and branch and the market narrow it further. Lists are ordered by an indexed key
 * (starts_at, id) inside a date range of the hospitals' calendar days; the export reads the list's ids in one pass,
 * then their rows in batches, so its memory does not grow with the rows.
 */
import type { Queryable } from './db';
import {
  allowedActions,
  APPOINTMENTS_PAGE_SIZE,
  bookingIdOfCode,
  isChild,
  lastPage,
  maskEmail,
  maskPhone,
  paymentState,
  PATIENTS_PAGE_SIZE,
  phoneDigits,
  refundAmount,
  type AppointmentDetail,
  type AppointmentFilters,
  type AppointmentListItem,
  type AppointmentListQuery,
  type PatientDetail,
  type PatientListItem,
  type PatientListQuery,
} from '../lib/admin-appointments';
import { bookingCode } from '../lib/booking';
import { ONLINE_PAYMENT_METHODS } from '../lib/payments';

/** WHERE of the list and the export, with its parameters ($1.. in order). */
export function appointmentWhere(q: AppointmentFilters): { sql: string; args: unknown[]; needsPeople: boolean } {
  const args: unknown[] = [];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  // The index range on starts_at, widened by a day each side, then the exact hospital-calendar days.
  const parts = [
    `b.status <> 'hold'`,
    `b.starts_at >= ${arg(q.from)}::date - interval '1 day'`,
    `b.starts_at < ${arg(q.to)}::date + interval '2 days'`,
    `(b.starts_at at time zone h.time_zone)::date between $1::date and $2::date`,
  ];
  if (q.status?.length) parts.push(`b.status = any (${arg(q.status)}::text[])`);
  if (q.kind?.length) parts.push(`b.appointment_type = any (${arg(q.kind)}::text[])`);
  if (q.doctorId) parts.push(`b.doctor_id = ${arg(q.doctorId)}`);
  if (q.serviceId) parts.push(`b.service_id = ${arg(q.serviceId)}`);
  if (q.patientId) parts.push(`b.patient_user_id = ${arg(q.patientId)}::uuid`);
  if (q.branchId) parts.push(`b.hospital_id = ${arg(q.branchId)}`);
  if (q.hospitalId) parts.push(`h.organization_id = ${arg(q.hospitalId)}`);
  if (q.countryId) parts.push(`h.country_id = ${arg(q.countryId)}`);
  if (q.payment === 'cash') parts.push(`b.payment_method = 'cash-on-delivery'`);
  if (q.payment === 'local') parts.push(`b.payment_method = 'local'`);
  if (q.payment === 'online') parts.push(`b.payment_method = any (${arg([...ONLINE_PAYMENT_METHODS])}::text[])`);
  let needsPeople = false;
  const k = q.keyword?.trim();
  if (k) {
    const id = bookingIdOfCode(k);
    const digits = phoneDigits(k);
    if (id) parts.push(`b.id = ${arg(id)}`);
    else if (digits) {
      needsPeople = true;
      const p = arg(`%${digits}%`);
      parts.push(`(regexp_replace(coalesce(b.contact_phone, ''), '\\D', '', 'g') like ${p} or regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g') like ${p})`);
    } else {
      // The matching people first (trigram indexes, in the caller's scope; migration 20261128201000), not an ILIKE
      // after every joined patient's row-level policy: keyword / unfiltered stays within 1.5 at 200,000 bookings.
      const p = arg(`%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      parts.push(`(b.patient_user_id in (select public.admin_patients_named(${p})) or b.family_member_id in (select public.admin_family_members_named(${p})))`);
    }
  }
  return { sql: parts.join(' and '), args, needsPeople };
}

const PEOPLE = `left join public.patients p on p.user_id = b.patient_user_id left join public.family_members f on f.id = b.family_member_id`;

const ROW = `b.id::int as id, b.status, b.appointment_type as kind, b.starts_at, b.starts_at + (ts.ended - ts.started) as ends_at, h.time_zone,
  to_char(b.starts_at at time zone h.time_zone, 'YYYY-MM-DD') as date, to_char(b.starts_at at time zone h.time_zone, 'HH24:MI') as start,
  to_char((b.starts_at + (ts.ended - ts.started)) at time zone h.time_zone, 'HH24:MI') as "end", b.checked_in_at is not null as checked_in, b.no_show_excused,
  b.patient_user_id::text as patient_id, coalesce(p.name, '') as patient_name, coalesce(b.contact_phone, p.phone) as phone,
  f.id::int as family_id, f.name as family_name, f.relation as family_relation,
  d.id::int as doctor_id, d.name as doctor_name, sv.id::int as service_id, sv.name as service_name,
  h.id::int as hospital_id, h.name as hospital_name, b.payment_method, coalesce(b.final_price, b.price)::float8 as price, b.currency, c.currency as market_currency,
  b.created_at`;

const JOINS = `join public.hospitals h on h.id = b.hospital_id
  join public.countries c on c.id = h.country_id
  join public.time_slots ts on ts.id = b.slot_id
  ${PEOPLE}
  left join public.doctors d on d.id = b.doctor_id
  left join public.hospital_services sv on sv.id = b.service_id`;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const iso = (v: unknown) => new Date(v as string).toISOString();

async function paymentSummary(db: Queryable, ids: number[]): Promise<Map<number, { paid: number; refunded: boolean }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query(`select booking_id::int as id, paid::float8 as paid, refunded from public.admin_booking_payment_summary($1::bigint[])`, [ids]);
  return new Map(rows.map((r: Row) => [r.id as number, { paid: r.paid as number, refunded: r.refunded as boolean }]));
}

/** List items of rows read with ROW, with their payments' state (one call for all of them). */
async function listItems(db: Queryable, rows: Row[], now: number): Promise<AppointmentListItem[]> {
  const pay = await paymentSummary(db, rows.map((r) => r.id as number));
  return rows.map((r) => listItem(r, pay.get(r.id), now));
}

function listItem(r: Row, pay: { paid: number; refunded: boolean } | undefined, now: number): AppointmentListItem {
  const startsAt = iso(r.starts_at);
  return {
    id: r.id,
    code: bookingCode(r.id),
    startsAt,
    endsAt: iso(r.ends_at),
    timeZone: r.time_zone,
    date: r.date,
    start: r.start,
    end: r.end === '00:00' ? '24:00' : r.end,
    status: r.status,
    checkedIn: r.checked_in,
    noShowExcused: r.no_show_excused,
    kind: r.kind,
    patient: { id: r.patient_id, name: r.patient_name, phoneMasked: maskPhone(r.phone) },
    familyMember: r.family_id ? { id: r.family_id, name: r.family_name, relation: r.family_relation } : null,
    doctor: r.doctor_id ? { id: r.doctor_id, name: r.doctor_name ?? '' } : null,
    service: r.service_id ? { id: r.service_id, name: r.service_name ?? '' } : null,
    hospital: { id: r.hospital_id, name: r.hospital_name },
    paymentMethod: r.payment_method,
    paymentState: paymentState({ status: r.status, paymentMethod: r.payment_method, paid: (pay?.paid ?? 0) > 0, refunded: pay?.refunded ?? false }),
    price: r.price,
    currency: String(r.currency ?? r.market_currency).trim(),
    bookedAt: iso(r.created_at),
    actions: allowedActions({ status: r.status, checkedIn: r.checked_in, startsAt }, now),
  };
}

function orderBy(q: AppointmentFilters): string {
  const dir = q.dir === 'desc' ? 'desc' : 'asc';
  return q.sort === 'created_at' ? `b.created_at ${dir}, b.id ${dir}` : `b.starts_at ${dir}, b.id ${dir}`;
}

/** One page of the appointments list and the count of the whole filtered list. */
export async function appointmentPage(db: Queryable, q: AppointmentListQuery, now = Date.now()): Promise<{ items: AppointmentListItem[]; total: number; last: number }> {
  const w = appointmentWhere(q);
  const count = await db.query(
    `select count(*)::int as n from public.bookings b join public.hospitals h on h.id = b.hospital_id ${w.needsPeople ? PEOPLE : ''} where ${w.sql}`,
    w.args,
  );
  const total = count.rows[0].n as number;
  const last = lastPage(total, APPOINTMENTS_PAGE_SIZE);
  const page = Math.min(q.page, last);
  return { items: await listSlice(db, q, (page - 1) * APPOINTMENTS_PAGE_SIZE, APPOINTMENTS_PAGE_SIZE, now), total, last };
}

/** The first `limit` rows of the filtered list, in its order (the day and week views' bookings). */
export function appointmentsUpTo(db: Queryable, q: AppointmentFilters, limit: number, now = Date.now()): Promise<AppointmentListItem[]> {
  return listSlice(db, q, 0, limit, now);
}

/**
 * Rows `offset`.. of the filtered list: their ids first, over the bookings and their hospitals only (index order, no
 * joins per skipped row), then these rows' details, so the people's row-level policies run for them alone: a last
 * page costs a scan of keys, not a join of every row before it.
 */
async function listSlice(db: Queryable, q: AppointmentFilters, offset: number, limit: number, now: number): Promise<AppointmentListItem[]> {
  const w = appointmentWhere(q);
  const { rows } = await db.query(
    `with slice as materialized (
       select b.id from public.bookings b join public.hospitals h on h.id = b.hospital_id ${w.needsPeople ? PEOPLE : ''}
        where ${w.sql} order by ${orderBy(q)} limit ${limit} offset ${offset})
     select ${ROW} from slice join public.bookings b on b.id = slice.id ${JOINS} order by ${orderBy(q)}`,
    w.args,
  );
  return listItems(db, rows, now);
}

/**
 * The export's first step: every id of the filtered list, in its order, in one pass over the range (a few bytes a
 * row: 50,000 rows are about 400 KB), up to `max`. Batches read after a keyset rescanned the rest of the range each time
 * (about 100,000 index entries a batch at 200,000 bookings), so a 50,000-row export took minutes.
 */
export async function appointmentIds(db: Queryable, q: AppointmentFilters, max: number): Promise<{ ids: number[]; tooMany: boolean }> {
  const w = appointmentWhere(q);
  const { rows } = await db.query<{ id: number }>(
    `select b.id::int as id from public.bookings b join public.hospitals h on h.id = b.hospital_id ${w.needsPeople ? PEOPLE : ''} where ${w.sql} order by ${orderBy(q)} limit ${max + 1}`,
    w.args,
  );
  // One row past the limit says the list is longer than an export may be, without reading all of it.
  return { ids: rows.slice(0, max).map((r) => r.id), tooMany: rows.length > max };
}

/** The list's rows of these bookings, in the order of the ids (those the caller may see). */
export async function appointmentRows(db: Queryable, ids: number[], now = Date.now()): Promise<AppointmentListItem[]> {
  const { rows } = await db.query(
    `select ${ROW} from unnest($1::bigint[]) with ordinality as batch(id, n) join public.bookings b on b.id = batch.id ${JOINS} order by batch.n`,
    [ids],
  );
  return listItems(db, rows, now);
}

/** A booking the caller works, with its note, price lines, voucher, payments and history; null outside the scope. */
export async function appointmentDetail(db: Queryable, id: number, now = Date.now()): Promise<AppointmentDetail | null> {
  const { rows } = await db.query(
    `select ${ROW}, b.note, b.contact_phone, b.cancel_reason, b.cancelled_by_role, b.rescheduled_from_id::int as rescheduled_from_id,
            (select n.id::int from public.bookings n where n.rescheduled_from_id = b.id) as rescheduled_to_id,
            v.code as voucher_code, v.name as voucher_name, coalesce(b.original_price, b.price)::float8 as original_price, b.voucher_discount_value::float8 as voucher_discount,
            b.referral_discount_value::float8 as referral_discount, b.tax_computed::float8 as tax, coalesce(b.final_price, b.price)::float8 as final_price,
            public.admin_booking_trail(b.id) as trail, public.booking_video_room(b.id) as video_room_url
       from public.bookings b ${JOINS}
       left join public.vouchers v on v.id = b.voucher_id
      where b.id = $1 and b.status <> 'hold'`,
    [id],
  );
  const r = rows[0] as Row | undefined;
  if (!r || !r.trail) return null;
  const pay = (await paymentSummary(db, [id])).get(id);
  const item = listItem(r, pay, now);
  const trail = r.trail as { history: AppointmentDetail['history']; payments: Row[] };
  return {
    ...item,
    note: r.note,
    contactPhoneMasked: maskPhone(r.contact_phone),
    videoRoomUrl: r.video_room_url ?? null,
    cancelReason: r.cancel_reason,
    cancelledByRole: r.cancelled_by_role,
    rescheduledFromId: r.rescheduled_from_id,
    rescheduledToId: r.rescheduled_to_id,
    voucher: r.voucher_code ? { code: String(r.voucher_code), name: r.voucher_name ?? '' } : null,
    lines: { originalPrice: r.original_price, voucherDiscount: r.voucher_discount ?? 0, referralDiscount: r.referral_discount ?? 0, tax: r.tax ?? 0, finalPrice: r.final_price },
    refundAmount: refundAmount(item.paymentState, pay?.paid ?? 0),
    payments: trail.payments.map((p) => ({ id: p.id, method: p.method, status: p.status, amount: Number(p.amount), currency: String(p.currency).trim(), createdAt: p.createdAt, settledAt: p.settledAt ?? null })),
    history: trail.history.map((h) => ({ ...h, checkedIn: !!h.checkedIn, actorRole: h.actorRole ?? null, actorName: h.actorName ?? null, status: h.status ?? null, previousStatus: h.previousStatus ?? null, reason: h.reason ?? null, field: h.field ?? null })),
  };
}

// ---- patients ----------------------------------------------------------------------------------------------------

/** Bookings that put a patient in the caller's list: RLS scopes them; the top bar narrows them. */
function patientScope(q: Pick<PatientListQuery, 'hospitalId' | 'branchId' | 'countryId'>, args: unknown[]): string {
  const parts = [`b.status <> 'hold'`];
  const arg = (v: unknown) => {
    args.push(v);
    return `$${args.length}`;
  };
  if (q.branchId) parts.push(`b.hospital_id = ${arg(q.branchId)}`);
  if (q.hospitalId) parts.push(`h.organization_id = ${arg(q.hospitalId)}`);
  if (q.countryId) parts.push(`h.country_id = ${arg(q.countryId)}`);
  return parts.join(' and ');
}

export async function patientPage(db: Queryable, q: PatientListQuery): Promise<{ items: PatientListItem[]; total: number; last: number }> {
  const args: unknown[] = [];
  const scope = patientScope(q, args);
  const k = q.keyword?.trim();
  let match = '';
  if (k) {
    const id = bookingIdOfCode(k);
    const digits = phoneDigits(k);
    if (id) {
      args.push(id);
      match = `and exists (select 1 from public.bookings x where x.id = $${args.length} and x.patient_user_id = p.user_id)`;
    } else if (digits) {
      args.push(`%${digits}%`);
      match = `and regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g') like $${args.length}`;
    } else {
      args.push(`%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      match = `and (p.name ilike $${args.length} or p.email ilike $${args.length} or exists (select 1 from public.family_members f where f.patient_user_id = p.user_id and f.name ilike $${args.length}))`;
    }
  }
  const base = `with mine as (
      select b.patient_user_id as user_id,
             count(*) filter (where b.status in ('pending', 'confirmed') and b.starts_at >= now())::int as upcoming,
             count(*) filter (where b.status = 'completed')::int as completed,
             count(*) filter (where b.status = 'no_show')::int as no_show,
             max(b.starts_at) filter (where b.starts_at < now() and b.status in ('completed', 'confirmed')) as last_visit
        from public.bookings b join public.hospitals h on h.id = b.hospital_id
       where ${scope}
       group by b.patient_user_id)
    select p.user_id::text as id, coalesce(p.name, '') as name, p.phone, p.email, m.upcoming, m.completed, m.no_show, m.last_visit,
           (select count(*)::int from public.family_members f where f.patient_user_id = p.user_id) as family_count, count(*) over () as total
      from mine m join public.patients p on p.user_id = m.user_id
     where true ${match}`;
  const offset = (q.page - 1) * PATIENTS_PAGE_SIZE;
  const { rows } = await db.query(`${base} order by m.upcoming desc, m.last_visit desc nulls last, p.user_id limit ${PATIENTS_PAGE_SIZE} offset ${offset}`, args);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && offset > 0) total = Number((await db.query(`select count(*) as total from (${base}) x`, args)).rows[0].total);
  return {
    items: rows.map((r: Row) => ({
      id: r.id,
      name: r.name,
      phoneMasked: maskPhone(r.phone),
      emailMasked: maskEmail(r.email),
      familyCount: r.family_count,
      upcoming: r.upcoming,
      completed: r.completed,
      noShow: r.no_show,
      lastVisit: r.last_visit ? iso(r.last_visit) : null,
    })),
    total,
    last: lastPage(total, PATIENTS_PAGE_SIZE),
  };
}

export async function patientDetail(db: Queryable, userId: string, today: string): Promise<PatientDetail | null> {
  const { rows } = await db.query(
    `select p.user_id::text as id, coalesce(p.name, '') as name, p.phone, p.email, p.birthday::text as birthday, p.gender::int as gender, p.avatar,
            (select count(*) filter (where b.status in ('pending', 'confirmed') and b.starts_at >= now())::int from public.bookings b where b.patient_user_id = p.user_id and b.status <> 'hold') as upcoming,
            (select count(*) filter (where b.status = 'completed')::int from public.bookings b where b.patient_user_id = p.user_id) as completed,
            (select count(*) filter (where b.status = 'no_show')::int from public.bookings b where b.patient_user_id = p.user_id) as no_show
       from public.patients p
      where p.user_id = $1::uuid and exists (select 1 from public.bookings b where b.patient_user_id = p.user_id and b.status <> 'hold')`,
    [userId],
  );
  const r = rows[0] as Row | undefined;
  if (!r) return null;
  // Family members the caller may read: those who booked within the scope (the family members' staff policy).
  const fam = await db.query(`select f.id::int as id, f.name, f.relation, f.birthday::text as birthday, f.phone, f.email from public.family_members f where f.patient_user_id = $1::uuid order by f.id`, [userId]);
  return {
    id: r.id,
    name: r.name,
    phoneMasked: maskPhone(r.phone),
    emailMasked: maskEmail(r.email),
    birthday: r.birthday,
    gender: r.gender,
    avatar: r.avatar,
    family: fam.rows.map((f: Row) => ({ id: f.id, name: f.name, relation: f.relation, birthday: f.birthday, child: isChild(f.birthday, today), phoneMasked: maskPhone(f.phone), emailMasked: maskEmail(f.email) })),
    counts: { upcoming: r.upcoming, completed: r.completed, noShow: r.no_show },
  };
}
