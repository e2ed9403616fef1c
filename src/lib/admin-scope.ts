/** The top bar's hospital and branch lists (SPEC §7 admin organization list, admin branch list): shared schemas. */
import { z } from 'zod';

const ref = z.object({ id: z.number().int(), name: z.string() });
/** An organization with its market (countries.id): forms for its people and doctors write phones and prices in it. */
export const scopeOrganizationsSchema = z.object({ hospitals: z.array(ref.extend({ countryId: z.number().int().nullable().default(null) })) });
export const scopeBranchesSchema = z.object({ branches: z.array(ref) });
export const scopeOrganizationsQuery = z.object({ keyword: z.string().trim().max(100).optional(), countryId: z.coerce.number().int().positive().optional() });
export const scopeBranchesQuery = z.object({ hospitalId: z.coerce.number().int().positive() });
