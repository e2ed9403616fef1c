/**
 * Admin doctor queries (issue #29). Every query runs on the request's connection as the caller, so row-level
 * security scopes it per role (facility, senior_branch, branch, doctor: own profile).
 */
import type { Queryable } from './db';
import { ADMIN_DOCTOR_PAGE_SIZE, doctorSlug, repeatingSections, splitExpertise, type AdminDoctorListItem, type AdminDoctorListQuery, type DoctorFormBody } from '../lib/admin-doctors';
import { toPriceType } from '../lib/prices';

export interface AdminDoctorPage {
  doctors: AdminDoctorListItem[];
  totalItems: number;
}

/**
 * Doctors the caller manages, with the managing policy's own helpers: every published doctor is readable by
 * anyone (the public directory), so the admin screens narrow reads to the policy that allows writes.
 */
export const MANAGED_DOCTOR = `((select public.is_platform_admin()) or d.hospital_id = any ((select public.staff_hospital_ids())::bigint[]) or d.id = (select public.current_doctor_id()))`;

/**
 * One page of the admin doctor list. public.admin_doctor_id_page counts the matching doctors in the MANAGED_DOCTOR
 * scope and slices the page's ids from one pass in list order (newest first), so the first and the last page read
 * the same rows; it runs as its owner so that the name search can use the trigram index, which row-level security
 * keeps from ILIKE (see its migration). The page's details are then read as the caller for its 20 ids only.
 */
export async function adminDoctorPage(db: Queryable, q: AdminDoctorListQuery): Promise<AdminDoctorPage> {
  const from = (q.page - 1) * ADMIN_DOCTOR_PAGE_SIZE + 1;
  const { rows } = await db.query(
    `with ids as (select total, page from public.admin_doctor_id_page($1, $2, $3, $4, $5, $6, $7)),
          -- Counted once for the page: joined as a function, it ran again for every row of the page.
          counts as materialized (select c.* from ids, public.admin_doctor_counts(ids.page) c)
     select ids.total, d.id::int as id, d.name, d.avatar, d.provide_care as "provideCare", d.slug,
            d.outpatient_enabled as "outpatient", d.telemedicine_enabled as "telemedicine", d.status,
            d.price::float8 as price, d.price_to::float8 as "priceTo", d.price_type as "priceType",
            d.telemedicine_fee::float8 as "telemedicineFee", d.partner_group as "partnerGroup", d.country_id::int as "countryId",
            coalesce(c.upcoming_bookings, 0) as upcoming, coalesce(c.future_slots, 0) as slots
       from ids
       left join lateral unnest(ids.page) with ordinality as p(id, n) on true
       left join public.doctors d on d.id = p.id and ${MANAGED_DOCTOR}
       left join counts c on c.doctor_id = d.id
      order by p.n`,
    [q.countryId ?? null, q.hospitalId ?? null, q.branchId ?? null, q.specialtyId ?? null, q.keyword ?? null, from, from + ADMIN_DOCTOR_PAGE_SIZE - 1],
  );
  return {
    totalItems: rows[0]?.total ?? 0,
    doctors: rows
      .filter((r) => r.id != null)
      .map((r) => ({
        id: r.id,
        name: r.name,
        avatar: r.avatar,
        provideCare: r.provideCare,
        slug: r.slug,
        upcommingBookings: r.upcoming,
        validOutpatient: r.status === 1 && r.outpatient,
        validTelemedicine: r.telemedicine,
        bookingFee: { status: r.outpatient, price: r.price, priceTo: r.priceTo, priceType: toPriceType(r.priceType) },
        telemedicineFee: { status: r.telemedicine, price: r.telemedicineFee },
        isActive: r.status === 1,
        numberOfSlots: r.slots,
        partnerGroup: r.partnerGroup,
        countryId: r.countryId,
      })),
  };
}

/** Future slots of a doctor the caller manages (the active toggle sends an inactive doctor without slots to its availability). */
export async function futureSlotCount(db: Queryable, doctorId: number): Promise<number> {
  const { rows } = await db.query('select future_slots from public.admin_doctor_counts(array[$1::bigint])', [doctorId]);
  return rows[0]?.future_slots ?? 0;
}

/**
 * The doctor read model of SPEC §3, or null when the caller cannot see it. The private columns (e-mail, phone,
 * contract, client) are closed to the `authenticated` role that patients share: they come from
 * public.admin_doctor_private, which answers them for a doctor the caller manages.
 */
export async function adminDoctorDetail(db: Queryable, doctorId: number) {
  const { rows } = await db.query(
    `select d.id::int as id, d.id::int as "doctorId", d.name, d.gender, p.email, p.email_notification as "emailNotification", d.description,
            json_build_object('id', o.id::int, 'name', o.name) as hospital, json_build_object('id', h.id::int, 'name', h.name) as branch,
            coalesce((select json_agg(json_build_object('id', sp.id::int, 'name', sp.name, 'slug', sp.slug) order by sp.name)
                        from public.doctor_specialties ds join public.specialties sp on sp.id = ds.specialty_id where ds.doctor_id = d.id), '[]') as specialties,
            coalesce((select json_agg(json_build_object('id', e.id::int, 'name', e.name) order by e.name)
                        from public.doctor_expertise de join public.expertise e on e.id = de.expertise_id where de.doctor_id = d.id), '[]') as expertise,
            d.provide_care as "provideCare", d.glance,
            coalesce((select json_agg(json_build_object('id', s.id::int, 'name', s.name, 'description', s.description, 'price_type', s.price_type,
                                                        'price', s.price::float8, 'price_to', s.price_to::float8) order by s.id)
                        from public.doctor_services s where s.doctor_id = d.id), '[]') as services,
            d.experience, d.education, d.awards, d.publication, d.memberships, d.languages, d.faqs, d.legacy_experiences as "legacyExperiences",
            p.contract,
            case when t.id is null then null else json_build_object('id', t.id::int, 'description', t.description, 'level', t.level) end as tier,
            case when a.id is null then null else json_build_object('id', a.id::int, 'description', a.description, 'level', a.level) end as academy,
            case when c.id is null then null else json_build_object('label', c.name, 'value', c.id::int) end as client,
            d.avatar, p.phone, d.status, d.slug, d.booking_url as "bookingUrl", h.city as "cityName",
            d.telemedicine_fee::float8 as "telemedicineFee", (d.status = 1 and d.outpatient_enabled) as "validOutpatient",
            d.telemedicine_enabled as "validTelemedicine", d.promotion_percent as promotion, d.partner_group as "partnerGroup",
            d.price::float8 as price, d.price_to::float8 as "priceTo", d.price_type as "priceType",
            coalesce((select round(avg(r.rate)::numeric, 1)::float8 from public.reviews r where r.doctor_id = d.id and r.is_published), 0) as rating,
            (select count(*)::int from public.reviews r where r.doctor_id = d.id and r.is_published) as "totalReviews",
            coalesce((select json_agg(json_build_object('id', v.id::int, 'code', v.code, 'name', v.name) order by v.id)
                        from public.voucher_targets vt join public.vouchers v on v.id = vt.voucher_id where vt.doctor_id = d.id), '[]') as vouchers,
            json_build_object('id', o.id::int, 'name', o.name, 'slug', o.slug, 'logo', o.logo, 'publishReviews', o.publish_reviews) as organization,
            d.country_id::int as "countryId"
       from public.doctors d
       join public.hospitals h on h.id = d.hospital_id
       join public.organizations o on o.id = d.organization_id
       left join public.doctor_tiers t on t.id = d.tier_id
       left join public.doctor_academies a on a.id = d.academy_id
       left join lateral public.admin_doctor_private(d.id) p on true
       left join public.clients c on c.id = p.client_id
      where d.id = $1 and ${MANAGED_DOCTOR}`,
    [doctorId],
  );
  return rows[0] ?? null;
}

export interface SaveDoctorOptions {
  /** The caller edits their own profile (doctor role): branch, contract, tier, academy and client stay. */
  selfEdit: boolean;
  avatarUrl?: string;
  /** A new doctor's status (SPEC §4): the import creates doctors inactive, to be sent to their availability first. */
  status?: 0 | 1;
}

/** Ids of expertise for the form's entries: existing ids kept, newly typed labels created in the doctor's market. */
async function expertiseIds(db: Queryable, countryId: number, entries: readonly string[]): Promise<number[]> {
  const { ids, labels } = splitExpertise(entries);
  if (labels.length === 0) return ids;
  await db.query(`insert into public.expertise (country_id, name) select $1, unnest($2::text[]) on conflict (country_id, name) do nothing`, [countryId, labels]);
  const { rows } = await db.query(`select id::int as id from public.expertise where country_id = $1 and name = any ($2::text[])`, [countryId, labels]);
  return [...new Set([...ids, ...rows.map((r) => r.id as number)])];
}

function profileColumns(body: DoctorFormBody, opts: SaveDoctorOptions) {
  const sections = repeatingSections(body);
  const cols: Record<string, unknown> = {
    name: body.name,
    description: body.description ?? null,
    gender: body.gender ?? null,
    provide_care: body.provide_care,
    glance: body.glance ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
    email_notification: body.email_notification ?? null,
    languages: body.languages,
    experience: JSON.stringify(sections.experience),
    education: JSON.stringify(sections.education),
    awards: JSON.stringify(sections.awards),
    publication: JSON.stringify(sections.publication),
    memberships: JSON.stringify(sections.memberships),
    faqs: JSON.stringify(sections.faqs),
  };
  if (opts.status != null) cols.status = opts.status;
  if (!opts.selfEdit) {
    if (body.hospital_branch_id != null) cols.hospital_id = body.hospital_branch_id;
    cols.contract = body.contract ?? null;
    cols.tier_id = body.tier_id ?? null;
    cols.academy_id = body.academy_id ?? null;
    cols.client_id = body.client_id ?? null;
  }
  if (opts.avatarUrl) cols.avatar = opts.avatarUrl;
  return cols;
}

/** Specialties, expertise and services of a doctor as the form says (services_delete_ids removed first). */
async function saveDoctorLists(db: Queryable, doctorId: number, countryId: number, body: DoctorFormBody): Promise<void> {
  await db.query(`delete from public.doctor_specialties where doctor_id = $1 and specialty_id <> all ($2::bigint[])`, [doctorId, body.specialties]);
  await db.query(`insert into public.doctor_specialties (doctor_id, specialty_id) select $1, unnest($2::bigint[]) on conflict do nothing`, [doctorId, body.specialties]);
  const expertise = await expertiseIds(db, countryId, body.expertise);
  await db.query(`delete from public.doctor_expertise where doctor_id = $1 and expertise_id <> all ($2::bigint[])`, [doctorId, expertise]);
  await db.query(`insert into public.doctor_expertise (doctor_id, expertise_id) select $1, unnest($2::bigint[]) on conflict do nothing`, [doctorId, expertise]);
  if (body.services_delete_ids.length) await db.query(`delete from public.doctor_services where doctor_id = $1 and id = any ($2::bigint[])`, [doctorId, body.services_delete_ids]);
  for (const s of body.services) {
    const values = [doctorId, s.name, s.description ?? null, s.price_type, s.price, s.price_to];
    if (s.id != null) {
      const r = await db.query(
        `update public.doctor_services set name = $2, description = $3, price_type = $4, price = $5, price_to = $6 where doctor_id = $1 and id = $7`,
        [...values, s.id],
      );
      if (r.rowCount) continue;
    }
    await db.query(`insert into public.doctor_services (doctor_id, name, description, price_type, price, price_to) values ($1, $2, $3, $4, $5, $6)`, values);
  }
}

/** Creates a doctor at a branch; the slug is the name's, with a suffix when the market already has it. */
export async function createDoctor(db: Queryable, body: DoctorFormBody & { hospital_branch_id: number }, opts: SaveDoctorOptions): Promise<number> {
  const cols = profileColumns(body, opts);
  const names = Object.keys(cols);
  const insert = (slug: string) =>
    db.query(
      `insert into public.doctors (${names.join(', ')}, slug, organization_id, country_id)
       select ${names.map((_, i) => `$${i + 1}`).join(', ')}, $${names.length + 1}, h.organization_id, h.country_id
         from public.hospitals h where h.id = $${names.length + 2}
       returning id::int as id, country_id::int as "countryId"`,
      [...Object.values(cols), slug, body.hospital_branch_id],
    );
  await db.query('savepoint doctor_slug');
  let res;
  try {
    res = await insert(doctorSlug(body.name));
    await db.query('release savepoint doctor_slug');
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await db.query('rollback to savepoint doctor_slug');
    res = await insert(doctorSlug(body.name, crypto.randomUUID().slice(0, 6)));
  }
  const row = res.rows[0];
  if (!row) return 0;
  await saveDoctorLists(db, row.id, row.countryId, body);
  return row.id;
}

/** Updates a doctor the caller may edit; false when it is not in the caller's scope. */
export async function updateDoctor(db: Queryable, doctorId: number, body: DoctorFormBody, opts: SaveDoctorOptions): Promise<boolean> {
  const cols = profileColumns(body, opts);
  const names = Object.keys(cols);
  const { rows } = await db.query(
    `update public.doctors set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} where id = $1 returning country_id::int as "countryId"`,
    [doctorId, ...Object.values(cols)],
  );
  if (!rows[0]) return false;
  await saveDoctorLists(db, doctorId, rows[0].countryId, body);
  return true;
}
