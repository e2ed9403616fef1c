/**
 * GET /api/admin/directory/branches/:id/catalogs (issue 37): the market's specialties, insurances and payment
 * methods a branch picks from (its choices are in the branch read model and saved with the branch form).
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { branchCatalogOptions } from '../src/lib/admin-branch-catalogs';
import { ORGANIZATION_MESSAGES } from '../src/lib/admin-organizations';
import { branchCatalogOptions as readOptions } from '../src/data/admin-branch-catalogs';

export const adminBranchCatalogs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/branches/:id/catalogs',
  summary: "The specialties, insurances and payment methods of a branch's market, for its lists",
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility', 'senior_branch', 'branch'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: branchCatalogOptions,
  async handler({ params, db }) {
    const options = await readOptions(db, params.id);
    if (!options) throw notFound(ORGANIZATION_MESSAGES.branchNotFound);
    return options;
  },
});

export default serve(adminBranchCatalogs);
export const config = { path: ['/api/admin/directory/branches/:id/catalogs'] };
