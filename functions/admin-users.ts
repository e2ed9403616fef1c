/**
 * Admin users (SPEC §2 /admin/users, §6, §7). The list answers accept version 2.0.0 with `_data.admins` and
 * `_data.pagination {last,total_items}`; every query runs as the caller, so row-level security decides which staff
 * each role sees (platform admins all, organization managers their organization, senior branch managers the branch
 * staff of their branches). Delete is for super admins only (the function's roles and the table's policy).
 */
import { z } from 'zod';
import { adminUserListQuerySchema, adminUserListSchema, rolesOfFilter, USERS_PAGE_SIZE, type AdminUser } from '../src/lib/admin-users';
import { badRequest, notFound } from '../src/lib/errors';
import { defineEndpoint, serve } from '../src/server/endpoint';

const SORT_COLUMNS = { name: 'a.name', email: 'a.email', role: 'a.role' } as const;

interface Row {
  user_id: string;
  name: string;
  email: string;
  avatar: string | null;
  phone: string | null;
  role: AdminUser['role'];
  organization_id: string | null;
  organization_name: string | null;
  branches: { id: number; name: string }[];
  total: string;
}

export const listAdminUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Admin users the caller may see, filtered by keyword, role ids, hospital and branch (20 a page)',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility', 'senior_branch', 'branch'],
  query: adminUserListQuerySchema,
  versions: ['2.0.0'],
  response: { '2.0.0': adminUserListSchema },
  async handler({ query, db }) {
    const roles = rolesOfFilter(query.roleId);
    const order = `${SORT_COLUMNS[query.sort_by ?? 'name']} ${query.sort === 'desc' ? 'desc' : 'asc'}, a.user_id`;
    const offset = (query.page - 1) * USERS_PAGE_SIZE;
    const { rows } = await db.query<Row>(
      `select a.user_id, a.name, a.email, a.avatar, a.phone, a.role, a.organization_id, o.name as organization_name,
              coalesce((select json_agg(json_build_object('id', h.id, 'name', h.name) order by h.name)
                          from public.admin_user_branches b join public.hospitals h on h.id = b.hospital_id
                         where b.user_id = a.user_id), '[]'::json) as branches,
              count(*) over () as total
         from public.admin_users a
         left join public.organizations o on o.id = a.organization_id
        where a.role = any ($1::text[])
          and ($2::text is null or a.name ilike '%' || $2 || '%' or a.email ilike '%' || $2 || '%')
          and ($3::bigint is null or a.organization_id = $3)
          and ($4::bigint is null or exists (select 1 from public.admin_user_branches b where b.user_id = a.user_id and b.hospital_id = $4))
          and ($5::smallint is null or a.country_id = $5 or a.country_id is null)
        order by ${order}
        limit $6 offset $7`,
      [roles, query.keyword || null, query.hospitalId ?? null, query.branchId ?? null, query.countryId ?? null, USERS_PAGE_SIZE, offset],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (!rows[0] && offset > 0) {
      // A page past the end: count on its own so pagination still tells the last page.
      const c = await db.query<{ n: string }>(
        `select count(*) as n from public.admin_users a where a.role = any ($1::text[])
           and ($2::text is null or a.name ilike '%' || $2 || '%' or a.email ilike '%' || $2 || '%')
           and ($3::bigint is null or a.organization_id = $3)
           and ($4::bigint is null or exists (select 1 from public.admin_user_branches b where b.user_id = a.user_id and b.hospital_id = $4))
           and ($5::smallint is null or a.country_id = $5 or a.country_id is null)`,
        [roles, query.keyword || null, query.hospitalId ?? null, query.branchId ?? null, query.countryId ?? null],
      );
      total = Number(c.rows[0]?.n ?? 0);
    }
    return {
      admins: rows.map((r) => ({
        id: r.user_id,
        name: r.name,
        email: r.email,
        avatar: r.avatar,
        phone: r.phone,
        role: r.role,
        hospital: r.organization_id == null ? null : { id: Number(r.organization_id), name: r.organization_name ?? '' },
        branch: r.role === 'branch' && r.branches[0] ? { name: r.branches[0].name } : null,
        branches: r.branches,
      })),
      pagination: { current: query.page, last: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)), total_items: total },
    };
  },
});

export const deleteAdminUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/users/:id',
  summary: 'Delete an admin user (super admins only)',
  tags: ['admin'],
  auth: 'staff',
  roles: ['super'],
  params: z.object({ id: z.uuid() }),
  response: z.null(),
  async handler({ params, auth, db, messages }) {
    if (params.id === auth.staff.userId) throw badRequest('You cannot delete your own account.');
    const { rowCount } = await db.query('delete from public.admin_users where user_id = $1', [params.id]);
    if (!rowCount) throw notFound('This user does not exist or was already deleted.');
    messages.push('The user was deleted.');
    return null;
  },
});


export default serve(listAdminUsers, deleteAdminUser);
export const config = { path: ['/api/admin/users', '/api/admin/users/:id'] };
