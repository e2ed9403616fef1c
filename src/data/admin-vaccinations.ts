/**
 * Vaccine prices per branch (issue 37, functions/admin-vaccinations.ts), as the caller: the vaccines of the
 * organization's market, the organization's branches the caller manages, and the vaccine × branch cells. A save
 * upserts public.vaccine_details under the policy "Managers manage vaccine prices of hospitals in their scope"
 * (platform admins; the organization manager its branches; senior and branch managers their own), which is the
 * API's rule; the currency comes from the branch's market. Nothing is deleted: out of stock is a status.
 */
import type { Queryable } from './db';
import type { AdminVaccinesData, VaccinePriceItem } from '../lib/admin-organizations';

const MANAGED_BRANCH = `((select public.is_platform_admin()) or h.id = any ((select public.staff_hospital_ids())::bigint[]))`;

export async function vaccineGrid(db: Queryable, organizationId: number): Promise<AdminVaccinesData | null> {
  const org = await db.query(`select o.country_id::int as "countryId", c.currency from public.organizations o join public.countries c on c.id = o.country_id where o.id = $1`, [organizationId]);
  if (!org.rows[0]) return null;
  const { countryId, currency } = org.rows[0] as { countryId: number; currency: string };
  const vaccines = await db.query(
    `select v.id::int as id, v.name, v.display_name as "displayName", v.logo, v.age_group_labels as "ageGroups", v.doses_labels as doses, v.status = 1 as "isActive"
       from public.vaccines v where v.country_id = $1 order by v.name, v.id`,
    [countryId],
  );
  const branches = await db.query(`select h.id::int as id, h.name, h.short_name as "shortName" from public.hospitals h where h.organization_id = $1 and ${MANAGED_BRANCH} order by h.id`, [organizationId]);
  const cells = await db.query(
    `select d.vaccine_id::int as "vaccineId", d.hospital_id::int as "hospitalId", d.id::int as "vaccineDetailId", d.price::float8 as price,
            d.percent_discount::int as "percentDiscount", d.status
       from public.vaccine_details d join public.hospitals h on h.id = d.hospital_id
      where h.organization_id = $1 and ${MANAGED_BRANCH}`,
    [organizationId],
  );
  return { vaccines: vaccines.rows, branches: branches.rows, cells: cells.rows, currency: currency.trim() as AdminVaccinesData['currency'] };
}

/** Whether every branch is one the caller manages and every vaccine is of that branch's market. */
export async function checkVaccineItems(db: Queryable, items: VaccinePriceItem[]): Promise<'ok' | 'branch' | 'vaccine'> {
  const branches = [...new Set(items.map((i) => i.hospital_id))];
  const { rows } = await db.query(`select h.id::int as id, h.country_id::int as "countryId" from public.hospitals h where h.id = any ($1::bigint[]) and ${MANAGED_BRANCH}`, [branches]);
  if (rows.length !== branches.length) return 'branch';
  const market = new Map(rows.map((r) => [r.id as number, r.countryId as number]));
  const vaccines = await db.query(`select v.id::int as id, v.country_id::int as "countryId" from public.vaccines v where v.id = any ($1::bigint[])`, [[...new Set(items.map((i) => i.vaccine_id))]]);
  const vaccineMarket = new Map(vaccines.rows.map((r) => [r.id as number, r.countryId as number]));
  return items.every((i) => vaccineMarket.get(i.vaccine_id) === market.get(i.hospital_id)) ? 'ok' : 'vaccine';
}

export async function saveVaccinePrices(db: Queryable, items: VaccinePriceItem[]): Promise<number> {
  let n = 0;
  for (const i of items) {
    const { rowCount } = await db.query(
      `insert into public.vaccine_details (vaccine_id, hospital_id, price, percent_discount, status, price_unit)
       select $1, h.id, $3, $4, $5, c.currency from public.hospitals h join public.countries c on c.id = h.country_id where h.id = $2
       on conflict (vaccine_id, hospital_id) do update
         set price = excluded.price, percent_discount = excluded.percent_discount, status = excluded.status, updated_at = now()`,
      [i.vaccine_id, i.hospital_id, i.price, i.percent_discount, i.status],
    );
    n += rowCount ?? 0;
  }
  return n;
}
