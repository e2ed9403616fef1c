/**
 * The market catalogues a branch picks its specialties, insurances and accepted payments from (issue 37), read for a
 * branch the caller manages; the chosen ids are in the branch read model and saved with the branch form
 * (src/data/admin-organizations.ts → public.admin_set_branch_catalogs).
 */
import type { Queryable } from './db';
import type { BranchCatalogOptions } from '../lib/admin-branch-catalogs';

const MANAGED = `((select public.is_platform_admin()) or h.id = any ((select public.staff_hospital_ids())::bigint[]))`;

export async function branchCatalogOptions(db: Queryable, branchId: number): Promise<BranchCatalogOptions | null> {
  const branch = await db.query(`select h.country_id::int as "countryId" from public.hospitals h where h.id = $1 and ${MANAGED}`, [branchId]);
  const countryId = branch.rows[0]?.countryId as number | undefined;
  if (countryId == null) return null;
  const specialties = await db.query(`select s.id::int as id, s.name, s.thumbnail as logo from public.specialties s where s.country_id = $1 order by s.name, s.id`, [countryId]);
  const insurances = await db.query(`select i.id::int as id, i.name, i.logo from public.insurances i where i.country_id = $1 order by i.name, i.id`, [countryId]);
  const payments = await db.query(`select p.id::int as id, p.code, p.name, p.logo from public.payment_methods p where p.country_id = $1 order by p.id`, [countryId]);
  return { specialties: specialties.rows, insurances: insurances.rows, paymentMethods: payments.rows };
}
