/**
 * Admin users (SPEC §2 /admin/users, §3 "Admin user", §6, §7): the call shapes shared by the function and the
 * admin app, and the rule of who may grant which role. Pure: no I/O.
 */
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from './admin-menu';
import { ALL_ROLES_FILTER, ROLE_FILTER_IDS } from './admin-rules';

const ref = z.object({ id: z.number().int(), name: z.string() });

/** SPEC §3 admin user: the list item of `_data.admins` (version 2.0.0). */
export const adminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  hospital: ref.nullable(),
  /** A branch manager's branch. */
  branch: z.object({ name: z.string() }).nullable(),
  /** Every branch of the account (a senior branch manager has several). */
  branches: z.array(ref),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminPaginationSchema = z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int() });

export const adminUserListSchema = z.object({ admins: z.array(adminUserSchema), pagination: adminPaginationSchema });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const ROLE_BY_FILTER_ID: Record<string, StaffRole> = Object.fromEntries(Object.entries(ROLE_FILTER_IDS).map(([role, id]) => [String(id), role as StaffRole]));

/** roleId: a comma list of the filter ids (admin 1, facility 2, branch 3, senior branch 6); default all four. */
export const roleIdParam = z
  .string()
  .trim()
  .regex(/^\d+(,\d+)*$/, 'roleId is a comma list of role ids (1, 2, 3, 6)')
  .refine((v) => v.split(',').every((id) => id in ROLE_BY_FILTER_ID), 'roleId accepts only 1 (admin), 2 (organization), 3 (branch) and 6 (senior branch)');

/** The roles a roleId list names. */
export function rolesOfFilter(roleId: string = ALL_ROLES_FILTER): StaffRole[] {
  return [...new Set(roleId.split(',').map((id) => ROLE_BY_FILTER_ID[id]).filter(Boolean))];
}

export const USERS_PAGE_SIZE = 20;

export const adminUserListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().trim().max(100).optional(),
  roleId: roleIdParam.default(ALL_ROLES_FILTER),
  hospitalId: z.coerce.number().int().positive().optional(),
  branchId: z.coerce.number().int().positive().optional(),
  countryId: z.coerce.number().int().positive().optional(),
  sort_by: z.enum(['name', 'role', 'email']).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** Rank of each staff role: a member grants only roles of a lower rank (super > admin > facility > senior_branch > branch, doctor). */
const RANK: Record<StaffRole, number> = { super: 5, admin: 4, facility: 3, senior_branch: 2, branch: 1, doctor: 1 };

/** Roles the users screen manages (doctors are made from the doctors screen). */
export const USER_FORM_ROLES = ['admin', 'facility', 'senior_branch', 'branch'] as const satisfies readonly StaffRole[];
export type UserFormRole = (typeof USER_FORM_ROLES)[number];

/** The roles a staff member may give: strictly below their own (SPEC §6 and issue #27). */
export function grantableRoles(granter: StaffRole): UserFormRole[] {
  return USER_FORM_ROLES.filter((r) => RANK[r] < RANK[granter]);
}

export interface GrantCheck {
  granter: { role: StaffRole; organizationId: number | null; branchIds: readonly number[] };
  target: { role: StaffRole; organizationId: number | null; branchIds: readonly number[] };
}

/**
 * Why a grant is refused, or null when allowed: a role below the granter's own, inside the granter's
 * organization (platform admins: any), on branches the granter manages (senior branch manager).
 */
export function grantRefusal({ granter, target }: GrantCheck): 'role' | 'organization' | 'branch' | null {
  if (!(grantableRoles(granter.role) as StaffRole[]).includes(target.role)) return 'role';
  if (granter.role === 'admin' || granter.role === 'super') return null;
  if (target.organizationId == null || target.organizationId !== granter.organizationId) return 'organization';
  if (granter.role === 'senior_branch' && target.branchIds.some((b) => !granter.branchIds.includes(b))) return 'branch';
  return null;
}

/** Staff below the platform need an organization; branch managers exactly one branch, senior branch managers one or more. */
export function branchCountRule(role: StaffRole, branchCount: number): 'one' | 'atLeastOne' | null {
  if (role === 'branch' && branchCount !== 1) return 'one';
  if (role === 'senior_branch' && branchCount < 1) return 'atLeastOne';
  return null;
}

export const PHONE_MAX = 20;

/** New and edited user (the form and the function validate with it). */
export const adminUserInputSchema = z.object({
  name: z.string().trim().min(2).max(100),
  email: z.email().max(254),
  phone: z.string().trim().max(PHONE_MAX).regex(/^\+?\d{6,19}$/).optional().or(z.literal('')),
  role: z.enum(USER_FORM_ROLES),
  organizationId: z.number().int().positive().nullable(),
  branchIds: z.array(z.number().int().positive()).max(50),
});
export type AdminUserInput = z.infer<typeof adminUserInputSchema>;

/** One user for the edit form: the list item plus the organization id. */
export const adminUserDetailSchema = z.object({ user: adminUserSchema.extend({ organizationId: z.number().int().nullable() }) });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
