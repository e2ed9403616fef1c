/**
 * Admin users (SPEC §2 /admin/users, §6, §7). The list answers accept version 2.0.0 with `_data.admins` and
 * `_data.pagination {last,total_items}`; every query runs as the caller, so row-level security decides which staff
 * each role sees (platform admins all, organization managers their organization, senior branch managers the branch
 * staff of their branches). Delete is for super admins only (the function's roles and the table's policy).
 */
import type pg from 'pg';
import { z } from 'zod';
import { LOCALE_CONFIG, LOCALES, type Locale } from '../i18n/locales';
import { adminUserDetailSchema, adminUserInputSchema, adminUserListQuerySchema, adminUserListSchema, grantRefusal, rolesOfFilter, USERS_PAGE_SIZE, type AdminUser, type AdminUserInput } from '../src/lib/admin-users';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../src/lib/errors';
import type { StaffSession } from '../src/server/auth';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { enqueueMail } from '../src/server/outbox';

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


const GRANT_MESSAGES = {
  role: 'You can only give roles below your own.',
  organization: 'You can only add staff to your own organization.',
  branch: 'You can only assign the branches you manage.',
} as const;

/** The rule of src/lib (grantRefusal) before the database's own check (assert_staff_grant). */
function checkGrant(staff: StaffSession['staff'], input: AdminUserInput): void {
  const refusal = grantRefusal({
    granter: { role: staff.role, organizationId: staff.hospital?.id ?? null, branchIds: staff.branches.map((b) => b.id) },
    target: { role: input.role, organizationId: input.role === 'admin' ? null : input.organizationId, branchIds: input.branchIds },
  });
  if (refusal) throw forbidden(GRANT_MESSAGES[refusal]);
}

/** Database refusals of the staff functions as answers a person can act on. */
async function staffWrite<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e as { code?: string; message?: string };
    const text = err.message ? err.message.charAt(0).toUpperCase() + err.message.slice(1) + '.' : 'An error occurred!';
    if (err.code === '42501') throw forbidden(text);
    if (err.code === '23505') throw conflict(text);
    if (err.code === '22023' || err.code === '23514') throw new ApiError(422, text);
    if (err.code === 'P0002') throw notFound(text);
    throw e;
  }
}

async function readUser(db: pg.PoolClient, id: string) {
  const { rows } = await db.query(
    `select a.user_id, a.name, a.email, a.avatar, a.phone, a.role, a.organization_id, o.name as organization_name,
            coalesce((select json_agg(json_build_object('id', h.id, 'name', h.name) order by h.name)
                        from public.admin_user_branches b join public.hospitals h on h.id = b.hospital_id where b.user_id = a.user_id), '[]'::json) as branches
       from public.admin_users a left join public.organizations o on o.id = a.organization_id where a.user_id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) throw notFound('This user does not exist.');
  return {
    user: {
      id: r.user_id,
      name: r.name,
      email: r.email,
      avatar: r.avatar,
      phone: r.phone,
      role: r.role,
      organizationId: r.organization_id == null ? null : Number(r.organization_id),
      hospital: r.organization_id == null ? null : { id: Number(r.organization_id), name: r.organization_name },
      branch: r.role === 'branch' && r.branches[0] ? { name: r.branches[0].name } : null,
      branches: r.branches,
    },
  };
}

/** The invitation: in the language of the organization's country (vi-VN for platform staff). */
async function invitationLocale(db: pg.PoolClient, organizationId: number | null): Promise<Locale> {
  if (organizationId == null) return 'vi-VN';
  const { rows } = await db.query<{ country_id: number }>('select country_id from public.organizations where id = $1', [organizationId]);
  return LOCALES.find((l) => LOCALE_CONFIG[l].countryId === Number(rows[0]?.country_id)) ?? 'vi-VN';
}

export const getAdminUser = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  summary: 'One admin user the caller manages (for the edit form)',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  params: z.object({ id: z.uuid() }),
  response: adminUserDetailSchema,
  async handler({ params, db }) {
    return readUser(db, params.id);
  },
});

export const createAdminUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users',
  summary: 'Create a staff account and e-mail an invitation (roles below the caller, in the caller organization)',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  body: { json: adminUserInputSchema },
  response: adminUserDetailSchema,
  async handler({ body, auth, db, messages }) {
    checkGrant(auth.staff, body);
    const id = await staffWrite(async () => {
      const { rows } = await db.query<{ id: string }>('select public.admin_create_staff($1, $2, $3, $4, $5, $6::bigint[]) as id', [
        body.email,
        body.name,
        body.phone ?? '',
        body.role,
        body.role === 'admin' ? null : body.organizationId,
        body.branchIds,
      ]);
      return rows[0]!.id;
    });
    const locale = await invitationLocale(db, body.role === 'admin' ? null : body.organizationId);
    const site = LOCALE_CONFIG[locale];
    const loginUrl = `https://${site.domain}/admin/login`;
    await enqueueMail(db, {
      kind: 'staff-invitation',
      locale,
      to: body.email,
      subject: `${site.siteName} Care Admin: your staff account`,
      text: [
        `Hello ${body.name},`,
        '',
        `${auth.staff.name} created a staff account for you on ${site.siteName} Care Admin.`,
        `Open ${loginUrl}, choose "Forgot password?" and set your password with this e-mail address (${body.email}).`,
        '',
        `${site.siteName} — ${site.hotline}`,
      ].join('\n'),
      dedupeKey: `staff-invitation:${id}`,
    });
    messages.push('Create successfully');
    return readUser(db, id);
  },
});

export const updateAdminUser = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/users/:id',
  summary: 'Change a staff member the caller manages (name, phone, role, organization, branches)',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  params: z.object({ id: z.uuid() }),
  body: { json: adminUserInputSchema.omit({ email: true }).extend({ email: z.email().max(254).optional() }) },
  response: adminUserDetailSchema,
  async handler({ params, body, auth, db, messages }) {
    if (params.id === auth.staff.userId) throw badRequest('Change your own account from the settings.');
    checkGrant(auth.staff, { ...body, email: body.email ?? '' });
    await staffWrite(() =>
      db.query('select public.admin_update_staff($1, $2, $3, $4, $5, $6::bigint[])', [params.id, body.name, body.phone ?? '', body.role, body.role === 'admin' ? null : body.organizationId, body.branchIds]),
    );
    messages.push('Update successfully');
    return readUser(db, params.id);
  },
});

export default serve(listAdminUsers, createAdminUser, getAdminUser, updateAdminUser, deleteAdminUser);
export const config = { path: ['/api/admin/users', '/api/admin/users/:id'] };
