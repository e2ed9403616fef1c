/**
 * GET /api/admin/organizations and /api/admin/branches: the top bar's hospital and branch dropdowns (SPEC §2, §4, §7).
 * Each role sees what it may pick: platform admins every organization (of a country when asked), others their own;
 * branch lists stop at the branches a senior branch or branch manager is assigned.
 */
import { defineEndpoint, serve } from '../src/server/endpoint';
import { scopeBranchesSchema, scopeOrganizationsSchema } from '../src/lib/admin-scope';
import { scopeBranchesQuery, scopeOrganizationsQuery } from '../src/lib/admin-scope-query';

export const adminOrganizations = defineEndpoint({
  method: 'GET',
  path: '/api/admin/organizations',
  summary: 'Organizations the signed-in staff member may pick in the top bar',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility', 'senior_branch', 'branch'],
  query: scopeOrganizationsQuery,
  response: scopeOrganizationsSchema,
  async handler({ query, auth, db }) {
    const s = auth.staff;
    const platform = s.role === 'admin' || s.role === 'super';
    const { rows } = await db.query<{ id: string; name: string; country_id: number | null }>(
      `select o.id, o.name, o.country_id::int as country_id from public.organizations o
        where ($1::boolean or o.id = $2::bigint)
          and ($3::smallint is null or o.country_id = $3)
          and ($4::text is null or o.name ilike '%' || $4 || '%')
        order by o.name limit 500`,
      [platform, s.hospital?.id ?? null, query.countryId ?? null, query.keyword || null],
    );
    return { hospitals: rows.map((r) => ({ id: Number(r.id), name: r.name, countryId: r.country_id })) };
  },
});

export const adminBranches = defineEndpoint({
  method: 'GET',
  path: '/api/admin/branches',
  summary: 'Branches of an organization the signed-in staff member may pick in the top bar',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility', 'senior_branch', 'branch'],
  query: scopeBranchesQuery,
  response: scopeBranchesSchema,
  async handler({ query, auth, db }) {
    const s = auth.staff;
    const all = s.role === 'admin' || s.role === 'super' || (s.role === 'facility' && s.hospital?.id === query.hospitalId);
    const own = s.branches.map((b) => b.id);
    const { rows } = await db.query<{ id: string; name: string }>(
      `select h.id, h.name from public.hospitals h
        where h.organization_id = $1 and ($2::boolean or h.id = any ($3::bigint[]))
        order by h.name limit 500`,
      [query.hospitalId, all, own],
    );
    return { branches: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
  },
});

export default serve(adminOrganizations, adminBranches);
export const config = { path: ['/api/admin/organizations', '/api/admin/branches'] };
