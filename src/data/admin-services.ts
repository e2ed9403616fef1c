/**
 * The admin service reads and writes (issue 37, functions/admin-services.ts). Every query runs as the caller
 * (asCaller): the policy "Managers manage services of hospitals in their scope" on public.hospital_services is the
 * rule the API applies (platform admins everywhere; an organization manager every branch of its organization; a
 * senior branch or branch manager its own branches; a doctor none), so inserts, updates and deletes are plain
 * statements that the policy and the table's checks refuse exactly as the API would. MANAGED_SERVICE keeps the
 * reads to that scope too (the public read policy alone would also show other organizations' active services).
 * The data history and the directory change log are written by the table's existing triggers.
 */
import type { Queryable } from './db';
import { toPriceType } from '../lib/price-rules';
import { ADMIN_SERVICE_PAGE_SIZE, type AdminServiceListItem, type AdminServiceListQuery, type AdminServiceReadModel, type ServiceFormBody } from '../lib/admin-services';
import { doctorSlug } from '../lib/admin-doctors';

export const MANAGED_SERVICE = `((select public.is_platform_admin()) or s.hospital_id = any ((select public.staff_hospital_ids())::bigint[]))`;

const COLUMNS = `s.id::int as id, s.name, s.logo, s.slug, s.description, s.price_type as "priceType", s.price::float8 as price,
  s.price_to::float8 as "priceTo", s.original_price::float8 as "originalPrice", s.promotion_percent::int as promotion,
  s.price_unit as currency, s.is_package as "isPackage", s.online_payment as "onlinePayment", s.status,
  s.buffer_time::int as "bufferTime", s.category_id::int as "categoryId", s.country_id::int as "countryId",
  h.id::int as "branchId", h.name as "branchName", h.slug as "branchSlug", h.organization_id::int as "hospitalId", sc.name as category,
  (select count(*)::int from public.bookings b where b.service_id = s.id and b.starts_at > now() and b.status in ('hold', 'pending', 'confirmed')) as upcoming`;
const FROM = `from public.hospital_services s join public.hospitals h on h.id = s.hospital_id left join public.service_categories sc on sc.id = s.category_id`;

type Row = Record<string, unknown> & { id: number; status: number };

function listItem(r: Row): AdminServiceListItem {
  return {
    id: r.id,
    name: r.name as string,
    logo: (r.logo as string | null) ?? null,
    branch: { id: r.branchId as number, name: r.branchName as string, slug: r.branchSlug as string },
    category: (r.category as string | null) ?? null,
    priceType: toPriceType(r.priceType),
    price: r.price as number,
    priceTo: (r.priceTo as number | null) ?? null,
    originalPrice: (r.originalPrice as number | null) ?? null,
    promotion: (r.promotion as number | null) ?? null,
    currency: (r.currency as string).trim() as AdminServiceListItem['currency'],
    countryId: r.countryId as number,
    upcomingBookings: r.upcoming as number,
    isPackage: r.isPackage as boolean,
    onlinePayment: r.onlinePayment as boolean,
    isActive: r.status === 1,
    slug: r.slug as string,
  };
}

export async function adminServicePage(db: Queryable, q: AdminServiceListQuery): Promise<{ totalItems: number; services: AdminServiceListItem[] }> {
  const { rows } = await db.query<Row & { total: number }>(
    `select ${COLUMNS}, count(*) over ()::int as total ${FROM}
      where ${MANAGED_SERVICE}
        and ($1::smallint is null or s.country_id = $1)
        and ($2::bigint is null or h.organization_id = $2)
        and ($3::bigint is null or s.hospital_id = $3)
        and ($4::bigint is null or s.category_id = $4)
        and ($5::smallint is null or s.status = $5)
        and ($6::text is null or s.name ilike '%' || $6 || '%')
      order by s.id desc
      limit ${ADMIN_SERVICE_PAGE_SIZE} offset $7`,
    [q.countryId ?? null, q.hospitalId ?? null, q.branchId ?? null, q.categoryId ?? null, q.status ?? null, q.keyword ?? null, (q.page - 1) * ADMIN_SERVICE_PAGE_SIZE],
  );
  return { totalItems: rows[0]?.total ?? 0, services: rows.map(listItem) };
}

export async function adminServiceDetail(db: Queryable, id: number): Promise<AdminServiceReadModel | null> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} ${FROM} where s.id = $1 and ${MANAGED_SERVICE}`, [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    ...listItem(r),
    description: (r.description as string | null) ?? null,
    hospitalId: r.hospitalId as number,
    categoryId: (r.categoryId as number | null) ?? null,
    bufferTime: r.bufferTime as number,
  };
}

/** A branch the caller manages, or null. */
export async function managedBranch(db: Queryable, branchId: number): Promise<{ id: number } | null> {
  const { rows } = await db.query(`select h.id::int as id from public.hospitals h where h.id = $1 and public.can_manage_hospital(h.id)`, [branchId]);
  return rows[0] ?? null;
}

/** Whether a service category belongs to the branch (categories are per branch). */
export async function categoryInBranch(db: Queryable, categoryId: number, branchId: number): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from public.service_categories where id = $1 and hospital_id = $2', [categoryId, branchId]);
  return (rowCount ?? 0) > 0;
}

export async function serviceCategories(db: Queryable, branchId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query(`select id::int as id, name from public.service_categories where hospital_id = $1 order by name`, [branchId]);
  return rows;
}

function values(b: ServiceFormBody) {
  return [b.name, b.description ?? null, b.category_id ?? null, b.price_type, b.price, b.price_to, b.original_price ?? null, b.promotion_percent ?? null, b.buffer_time, b.is_package, b.online_payment, b.status];
}

/**
 * Inserts a service in the branch (market, organization and currency from the branch; a slug of its name, unique
 * in the branch); the policy refuses a branch outside the caller's scope (42501).
 */
export async function createService(db: Queryable, b: ServiceFormBody, logoUrl: string | null): Promise<number> {
  const insert = (slug: string) =>
    db.query<{ id: number }>(
      `insert into public.hospital_services (hospital_id, name, description, category_id, price_type, price, price_to, original_price, promotion_percent,
                                             buffer_time, is_package, online_payment, status, logo, slug, country_id, organization_id, price_unit)
       select h.id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, h.country_id, h.organization_id, c.currency
         from public.hospitals h join public.countries c on c.id = h.country_id where h.id = $1
       returning id::int as id`,
      [b.hospital_branch_id, ...values(b), logoUrl, slug],
    );
  await db.query('savepoint service_slug');
  try {
    const { rows } = await insert(doctorSlug(b.name));
    await db.query('release savepoint service_slug');
    return rows[0].id;
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await db.query('rollback to savepoint service_slug');
    const { rows } = await insert(doctorSlug(b.name, crypto.randomUUID().slice(0, 6)));
    return rows[0].id;
  }
}

/** Updates a service the caller manages (moving it to another branch takes that branch's market and currency); false when none. */
export async function updateService(db: Queryable, id: number, b: ServiceFormBody, logo: { url: string | null } | undefined): Promise<boolean> {
  const { rowCount } = await db.query(
    `update public.hospital_services s
        set name = $2, description = $3, category_id = $4, price_type = $5, price = $6, price_to = $7, original_price = $8, promotion_percent = $9,
            buffer_time = $10, is_package = $11, online_payment = $12, status = $13, hospital_id = $14,
            price_unit = (select c.currency from public.hospitals h join public.countries c on c.id = h.country_id where h.id = $14),
            logo = case when $15::boolean then $16 else s.logo end, updated_at = now()
      where s.id = $1 and ${MANAGED_SERVICE}`,
    [id, ...values(b), b.hospital_branch_id, logo !== undefined, logo?.url ?? null],
  );
  return (rowCount ?? 0) > 0;
}

export async function setServiceStatus(db: Queryable, id: number, status: 0 | 1): Promise<{ id: number; status: number } | null> {
  const { rows } = await db.query(`update public.hospital_services s set status = $2, updated_at = now() where s.id = $1 and ${MANAGED_SERVICE} returning id::int as id, status::int as status`, [
    id,
    status,
  ]);
  return rows[0] ?? null;
}

/** Deletes a service without bookings (a booked one is only deactivated: the bookings refer to it). */
export async function deleteService(db: Queryable, id: number): Promise<'deleted' | 'missing' | 'booked'> {
  const found = await db.query(`select 1 from public.hospital_services s where s.id = $1 and ${MANAGED_SERVICE}`, [id]);
  if (!found.rowCount) return 'missing';
  const booked = await db.query('select 1 from public.bookings where service_id = $1 limit 1', [id]);
  if (booked.rowCount) return 'booked';
  const { rowCount } = await db.query(`delete from public.hospital_services s where s.id = $1 and ${MANAGED_SERVICE}`, [id]);
  return rowCount ? 'deleted' : 'missing';
}
