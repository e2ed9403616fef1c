/**
 * The query schemas of GET /api/admin/organizations and /api/admin/branches (the top bar's lists): classic zod, as
 * the endpoint layer makes query objects strict; apart from the answers' schemas (src/lib/admin-scope.ts), which
 * the admin shell loads.
 */
import { z } from 'zod';

export const scopeOrganizationsQuery = z.object({ keyword: z.string().trim().max(100).optional(), countryId: z.coerce.number().int().positive().optional() });
export const scopeBranchesQuery = z.object({ hospitalId: z.coerce.number().int().positive() });
