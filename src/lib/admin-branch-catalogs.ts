/**
 * A branch's specialties, in-network insurances and accepted payments (issue 37; SPEC §3 Hospital: specialties,
 * insurances {name,logo}, acceptedPayments {id,name,logo}): the market's catalogues a branch picks from, read by the
 * branch form's three tabs; the chosen ids travel in the branch form (branchBody) and are written by
 * public.admin_set_branch_catalogs, which refuses an entry of another market.
 */
import { z } from 'zod';

const entry = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
export const branchCatalogOptions = z.object({
  specialties: z.array(entry),
  insurances: z.array(entry),
  paymentMethods: z.array(entry.extend({ code: z.string() })),
});
export type BranchCatalogOptions = z.output<typeof branchCatalogOptions>;

/** The three lists of the branch form; absent leaves the branch's list as it is. */
const ids = z.array(z.coerce.number().int().positive()).max(200);
export const branchCatalogFields = {
  specialty_ids: ids.optional(),
  insurance_ids: ids.optional(),
  payment_method_ids: ids.optional(),
};

export const CATALOG_MESSAGES = { notInMarket: "An entry is not offered in the branch's market." } as const;

/** Options whose name holds the typed words (a market has many specialties), chosen ones first. */
export function filterOptions<T extends { id: number; name: string }>(options: readonly T[], chosen: readonly number[], keyword: string): T[] {
  const k = keyword.trim().toLocaleLowerCase();
  const picked = new Set(chosen);
  return options
    .filter((o) => !k || o.name.toLocaleLowerCase().includes(k))
    .sort((a, b) => Number(picked.has(b.id)) - Number(picked.has(a.id)));
}
