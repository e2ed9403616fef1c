/**
 * The top bar's hospital and branch lists (SPEC §7 admin organization list, admin branch list): the answers'
 * schemas, shared by the functions and the admin shell. zod/mini: the shell parses them on first load (see
 * src/lib/admin-me.ts); the calls' query schemas are in src/lib/admin-scope-query.ts.
 */
import { z } from 'zod/mini';

const ref = z.object({ id: z.int(), name: z.string() });
/** An organization with its market (countries.id): forms for its people and doctors write phones and prices in it. */
export const scopeOrganizationsSchema = z.object({ hospitals: z.array(z.extend(ref, { countryId: z._default(z.nullable(z.int()), null) })) });
export const scopeBranchesSchema = z.object({ branches: z.array(ref) });
