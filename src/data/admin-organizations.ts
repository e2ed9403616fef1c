/**
 * Admin organization and branch reads and writes (issue 37, functions/admin-organizations.ts), as the caller.
 * Scope: platform admins see every organization; other staff their own (public.staff_organization_id()); a branch
 * is read and edited by the managers whose staff_hospital_ids() hold it. Writes are plain statements under the
 * existing policies (organizations: platform admins and its organization manager update it; hospitals: its managers
 * update it, platform admins and the organization manager add one), with the publication guard of migration
 * 20261128130100 (only those two change is_active / status / exclude_from_index); an organization is created by
 * public.admin_create_organization (which also makes an organization manager its member).
 */
import { phonesOf } from './phones';
import type { Queryable } from './db';
import { ADMIN_ORGANIZATION_PAGE_SIZE, type AdminBranchDetail, type AdminOrganizationDetail, type AdminOrganizationListItem, type AdminOrganizationListQuery, type BranchBody, type NewOrganizationBody, type OrganizationBody } from '../lib/admin-organizations';
import { doctorSlug } from '../lib/admin-doctors';

const SCOPED_ORG = `((select public.is_platform_admin()) or o.id = (select public.staff_organization_id()))`;
const CAN_MANAGE_ORG = `((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and o.id = (select public.staff_organization_id())))`;

export async function organizationPage(db: Queryable, q: AdminOrganizationListQuery): Promise<{ totalItems: number; hospitals: AdminOrganizationListItem[] }> {
  const { rows } = await db.query(
    `select o.id::int as id, o.name, o.logo, o.country_id::int as "countryId", o.is_active as "isActive", o.publish_reviews as "publishReviews",
            (select count(*)::int from public.hospitals h where h.organization_id = o.id) as branches,
            (select count(*)::int from public.doctors d where d.organization_id = o.id) as doctors,
            (select count(*)::int from public.hospital_services s where s.organization_id = o.id) as services,
            count(*) over ()::int as total
       from public.organizations o
      where ${SCOPED_ORG}
        and ($1::smallint is null or o.country_id = $1)
        and ($2::boolean is null or o.is_active = $2)
        and ($3::text is null or o.name ilike '%' || $3 || '%')
      order by o.name, o.id
      limit ${ADMIN_ORGANIZATION_PAGE_SIZE} offset $4`,
    [q.countryId ?? null, q.active == null ? null : q.active === 1, q.keyword ?? null, (q.page - 1) * ADMIN_ORGANIZATION_PAGE_SIZE],
  );
  return { totalItems: rows[0]?.total ?? 0, hospitals: rows.map(({ total: _t, ...r }) => r as AdminOrganizationListItem) };
}

/** SPEC §6: platform admins always; an organization manager only while it has no organization. */
export async function canCreateOrganization(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(`select (public.is_platform_admin() or (public.staff_role() = 'facility' and public.staff_organization_id() is null)) as ok`);
  return rows[0].ok === true;
}

export async function createOrganization(db: Queryable, b: NewOrganizationBody): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select public.admin_create_organization($1, $2, $3, $4, $5, $6)::int as id', [
    b.country_id,
    b.name,
    doctorSlug(b.name),
    b.logo ?? null,
    b.website_url ?? null,
    b.publish_reviews,
  ]);
  return rows[0]!.id;
}

export async function organizationDetail(db: Queryable, id: number): Promise<AdminOrganizationDetail | null> {
  const { rows } = await db.query(
    `select o.id::int as id, o.name, o.logo, o.country_id::int as "countryId", o.website_url as "websiteUrl", o.is_active as "isActive",
            o.publish_reviews as "publishReviews", ${CAN_MANAGE_ORG} as "canManage",
            coalesce((select json_agg(json_build_object('id', h.id, 'name', h.name, 'shortName', h.short_name, 'address', h.address, 'isActive', h.is_active, 'slug', h.slug, 'latitude', h.latitude, 'longitude', h.longitude) order by h.id)
                        from public.hospitals h where h.organization_id = o.id and ((select public.is_platform_admin()) or h.id = any ((select public.staff_hospital_ids())::bigint[]))), '[]') as branches
       from public.organizations o where o.id = $1 and ${SCOPED_ORG}`,
    [id],
  );
  return (rows[0] as AdminOrganizationDetail | undefined) ?? null;
}

export async function updateOrganization(db: Queryable, id: number, b: OrganizationBody): Promise<boolean> {
  const { rowCount } = await db.query(
    `update public.organizations o set name = $2, logo = $3, website_url = $4, publish_reviews = $5, is_active = $6, updated_at = now() where o.id = $1 and ${CAN_MANAGE_ORG}`,
    [id, b.name, b.logo ?? null, b.website_url ?? null, b.publish_reviews, b.is_active],
  );
  return (rowCount ?? 0) > 0;
}

/** A new branch of the organization, in its market's first time zone; null when the caller may not add one. */
export async function createBranch(db: Queryable, organizationId: number, b: { name: string; address: string }, timeZone: (countryId: number) => string): Promise<number | null> {
  const org = await db.query(`select o.id, o.country_id::int as "countryId" from public.organizations o where o.id = $1 and ${CAN_MANAGE_ORG}`, [organizationId]);
  if (!org.rows[0]) return null;
  const countryId = org.rows[0].countryId as number;
  const insert = (slug: string) =>
    db.query<{ id: number }>(
      `insert into public.hospitals (organization_id, country_id, name, slug, address, time_zone, status) values ($1, $2, $3, $4, $5, $6, null) returning id::int as id`,
      [organizationId, countryId, b.name, slug, b.address, timeZone(countryId)],
    );
  await db.query('savepoint branch_slug');
  try {
    const { rows } = await insert(doctorSlug(b.name));
    await db.query('release savepoint branch_slug');
    return rows[0]!.id;
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await db.query('rollback to savepoint branch_slug');
    const { rows } = await insert(doctorSlug(b.name, crypto.randomUUID().slice(0, 6)));
    return rows[0]!.id;
  }
}

export async function branchDetail(db: Queryable, id: number): Promise<AdminBranchDetail | null> {
  const { rows } = await db.query(
    `select h.id::int as id, h.organization_id::int as "organizationId", h.country_id::int as "countryId", h.slug, h.name, h.short_name as "shortName", h.address,
            h.latitude, h.longitude, h.website_url as "websiteUrl", h.booking_url as "bookingUrl", h.working_times as "workingTimes",
            h.emergency_hours as "emergencyHours", h.about, h.patient_guide as "patientGuide", h.medical_facilities as "medicalFacilities", h.faqs,
            h.images, h.is_active as "isActive", h.status::int as status, h.exclude_from_index as "excludeFromIndex",
            ((select public.is_platform_admin()) or ((select public.staff_role()) = 'facility' and h.organization_id = (select public.staff_organization_id()))) as "canPublish",
            array(select x.specialty_id::int from public.hospital_specialties x where x.hospital_id = h.id order by 1) as "specialtyIds",
            array(select x.insurance_id::int from public.hospital_insurances x where x.hospital_id = h.id order by 1) as "insuranceIds",
            array(select x.payment_method_id::int from public.hospital_payment_methods x where x.hospital_id = h.id order by 1) as "paymentMethodIds"
       from public.hospitals h where h.id = $1 and ((select public.is_platform_admin()) or h.id = any ((select public.staff_hospital_ids())::bigint[]))`,
    [id],
  );
  const branch = rows[0] as AdminBranchDetail | undefined;
  if (!branch) return null;
  // The phone column is closed to API roles (issue 34: one select gave every number): read as the server, for the
  // branch the caller's scope has just returned.
  branch.phone = (await phonesOf(db, 'hospitals', [branch.id])).get(branch.id) ?? null;
  return branch;
}

/** Saves the branch form (texts already sanitized); the policy and the publication guard refuse what the caller may not change. */
export async function updateBranch(db: Queryable, id: number, b: BranchBody): Promise<boolean> {
  const { rowCount } = await db.query(
    `update public.hospitals h set name = $2, short_name = $3, address = $4, latitude = $5, longitude = $6, phone = $7, website_url = $8, booking_url = $9,
            working_times = $10::jsonb, emergency_hours = $11, about = $12, patient_guide = $13, medical_facilities = $14::text[], faqs = $15::jsonb, images = $16::text[],
            is_active = $17, status = $18, exclude_from_index = $19, updated_at = now()
      where h.id = $1 and ((select public.is_platform_admin()) or h.id = any ((select public.staff_hospital_ids())::bigint[]))`,
    [
      id,
      b.name,
      b.short_name ?? null,
      b.address,
      b.latitude,
      b.longitude,
      b.phone ?? null,
      b.website_url ?? null,
      b.booking_url ?? null,
      JSON.stringify(b.working_times),
      b.emergency_hours,
      b.about ?? null,
      b.patient_guide ?? null,
      b.medical_facilities,
      JSON.stringify(b.faqs),
      b.images,
      b.is_active,
      b.status,
      b.exclude_from_index,
    ],
  );
  if (!rowCount) return false;
  // The three lists through their definer function (scope and market checked there); absent lists stay as they are.
  if (b.specialty_ids || b.insurance_ids || b.payment_method_ids) {
    await db.query('select public.admin_set_branch_catalogs($1, $2::bigint[], $3::bigint[], $4::bigint[])', [id, b.specialty_ids ?? null, b.insurance_ids ?? null, b.payment_method_ids ?? null]);
  }
  return true;
}
