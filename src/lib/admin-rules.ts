/** Admin rules (SPEC §2 admin, §4, §6): guards, menus, filters, row actions, scoping, titles and doctor toggles. */
import { routeRoles } from './admin-routes';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import type { ImportType } from './csv-import';
import { message, type Message } from './message-key';
import { isPlatformAdmin, roleLabelMessage, type Role } from './roles';

export const ADMIN_HOME = '/admin';
export const ADMIN_LOGIN = '/admin/login';
/** Request status codes: 5 means the session expired. */
export const STATUS = { success: 1, failure: -1, sessionExpired: 5 } as const;
export const ALERT_DISMISS_MS = { default: 3000, topBar: 3000, usersList: 10_000 } as const;

export type GuardDecision = 'loading' | 'allow' | 'redirect';

/** Spinner while user info loads or has no id; allowed roles see the content, others are redirected. */
export function routeGuard(input: { loading: boolean; user: { id?: number | string | null; role?: string | null } | null | undefined; allowed: readonly Role[] }): GuardDecision {
  if (input.loading || !input.user || input.user.id == null || input.user.id === '') return 'loading';
  return input.allowed.includes(input.user.role as Role) ? 'allow' : 'redirect';
}

/** After a call answers status 5 the admin goes to the login page. */
export function redirectForStatus(status: number): string | null {
  return status === STATUS.sessionExpired ? ADMIN_LOGIN : null;
}

/** The error fallback's 'Back to home' button is hidden when already at /admin. */
export function showBackToHome(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') !== ADMIN_HOME;
}

export interface AdminUserRef {
  role: Role;
  hospitalId?: number | null;
  branchId?: number | null;
  /** senior_branch: the branches they manage. */
  branchIds?: readonly number[] | null;
}

export type AddMenuItem = 'newOrganization' | 'newDoctor' | 'newService' | 'newUser';

export const ADD_MENU_ITEMS: Record<AddMenuItem, { label: Message; href: string }> = {
  newOrganization: { label: message('admin.addMenu.newOrganization'), href: '/admin/organization?popup=new' },
  newDoctor: { label: message('admin.addMenu.newDoctor'), href: '/admin/doctors/add' },
  newService: { label: message('admin.addMenu.newService'), href: '/admin/services/new-service' },
  newUser: { label: message('admin.addMenu.newUser'), href: '/admin/users/new-user' },
};

/**
 * Top-bar add menu: hidden for doctors; New Organization for admin and super, and facility without a hospital yet.
 * An item is offered only to the roles its page admits (routeRoles, the table the route guard and the server's
 * roles follow): New User is not offered to branch and senior branch managers, whom the page and the server refuse
 * (SPEC §6: users are created and edited by admin, super and the organization manager).
 */
export function addMenuItems(user: AdminUserRef): AddMenuItem[] {
  if (user.role === 'doctor') return [];
  const org = isPlatformAdmin(user.role) || (user.role === 'facility' && user.hospitalId == null);
  const items: AddMenuItem[] = [...(org ? (['newOrganization'] as const) : []), 'newDoctor', 'newService', 'newUser'];
  return items.filter((k) => (routeRoles(ADD_MENU_ITEMS[k].href.split('?')[0]) as readonly string[]).includes(user.role));
}

/** Add button targets of list toolbars; null where the page's own handler adds. */
export const ADD_BUTTON_TARGETS = {
  doctor: '/admin/doctors/add',
  service: '/admin/services/new-service',
  user: '/admin/users/new-user',
  campaign: '/admin/campaign/new-campaign',
  banner: '/admin/homepage/banner/new-banner',
  promotion: '/admin/homepage/promotion/new-promotion',
  topHospital: '/admin/homepage/top-hospital/new-hospital',
  topServiceCategory: '/admin/homepage/top-service-category/new-service-category',
  topService: '/admin/homepage/top-service/new-service',
  topDoctor: '/admin/homepage/top-doctor/new-top-doctor',
  presence: '/admin/homepage/presence/new-presence',
  topVideo: '/admin/homepage/top-video/setting-top-video',
  popularKey: null,
  websiteNav: null,
  organization: '/admin/organization?popup=new',
} as const satisfies Record<string, string | null>;

/** Doctors-list add button and the Edit Schedule button are hidden for the doctor role. */
export function showDoctorsAddButton(role: Role): boolean {
  return role !== 'doctor';
}
export function showEditSchedule(role: Role): boolean {
  return role !== 'doctor';
}

/** Kebab-menu imports per list: doctors (doctor, doctor-service unless disabled by the build constant), services; campaigns none. */
export function kebabImports(list: 'doctors' | 'services' | 'campaign' | 'users', doctorServiceImportEnabled = true): ImportType[] {
  if (list === 'doctors') return doctorServiceImportEnabled ? ['doctor', 'doctor_service'] : ['doctor'];
  if (list === 'services') return ['service'];
  return [];
}

/** Role filter ids sent as roleId (comma list). */
export const ROLE_FILTER_IDS = { admin: 1, facility: 2, branch: 3, senior_branch: 6 } as const;
export type FilterRole = keyof typeof ROLE_FILTER_IDS;
/** 'All Roles': all four ids together, the default filter. */
export const ALL_ROLES_FILTER = '1,2,3,6';

export interface RoleFilterOption {
  value: string;
  label: Message;
}

function filterOptions(locale: Locale, roles: readonly FilterRole[]): RoleFilterOption[] {
  return [{ value: ALL_ROLES_FILTER, label: message('admin.users.allRoles') }, ...roles.map((r) => ({ value: String(ROLE_FILTER_IDS[r]), label: roleLabelMessage(locale, r) }))];
}

/** Users list role filter per viewer role; branch managers (and doctors) get no options and a disabled filter. */
export function userRoleFilter(locale: Locale, role: Role): { options: RoleFilterOption[]; disabled: boolean; defaultValue: string } {
  const byRole: Partial<Record<Role, readonly FilterRole[]>> = {
    admin: ['admin', 'facility', 'senior_branch', 'branch'],
    super: ['admin', 'facility', 'senior_branch', 'branch'],
    facility: ['facility', 'senior_branch', 'branch'],
    senior_branch: ['senior_branch', 'branch'],
  };
  const roles = byRole[role];
  return roles ? { options: filterOptions(locale, roles), disabled: false, defaultValue: ALL_ROLES_FILTER } : { options: [], disabled: true, defaultValue: ALL_ROLES_FILTER };
}

/** Users row actions: Reset password and Edit for admin, super, organization; Delete only for super. */
export function userRowActions(role: Role): { resetPassword: boolean; edit: boolean; delete: boolean } {
  const manage = role === 'admin' || role === 'super' || role === 'facility';
  return { resetPassword: manage, edit: manage, delete: role === 'super' };
}

export interface ScopeRequest {
  hospitalId?: number | null;
  branchId?: number | null;
}

export interface AdminScope {
  hospitalId: number | null;
  branchId: number | null;
  hospitalSelectable: boolean;
  /** Disabled until a hospital is chosen. */
  branchSelectable: boolean;
  /** Query to replace the URL's hospital_id/branch_id with, when the request asked for something else; else null. */
  correctedQuery: { hospital_id: number | null; branch_id: number | null } | null;
}

/**
 * Hospital and branch scoping of admin lists. admin/super: any; facility: own hospital, any of its branches;
 * senior_branch: own hospital, one of its branches; others: own hospital and branch. `forced` ids from the
 * page win and disable both dropdowns. RLS enforces the same on the server.
 */
export function adminScope(user: AdminUserRef, requested: ScopeRequest, forced?: ScopeRequest): AdminScope {
  let hospitalId = requested.hospitalId ?? null;
  let branchId = requested.branchId ?? null;
  let hospitalSelectable = true;
  let branchSelectable = true;
  if (user.role === 'facility' || user.role === 'senior_branch') {
    if (hospitalId !== (user.hospitalId ?? null)) branchId = null;
    hospitalId = user.hospitalId ?? null;
    hospitalSelectable = false;
    if (user.role === 'senior_branch' && branchId != null && user.branchIds && !user.branchIds.includes(branchId)) branchId = null;
  } else if (!isPlatformAdmin(user.role)) {
    hospitalId = user.hospitalId ?? null;
    branchId = user.branchId ?? null;
    hospitalSelectable = false;
    branchSelectable = false;
  }
  if (forced && (forced.hospitalId != null || forced.branchId != null)) {
    hospitalId = forced.hospitalId ?? hospitalId;
    branchId = forced.branchId ?? (forced.hospitalId != null && forced.hospitalId !== hospitalId ? null : branchId);
    hospitalSelectable = false;
    branchSelectable = false;
  }
  if (hospitalId == null) {
    branchId = null;
    branchSelectable = false;
  }
  const changed = hospitalId !== (requested.hospitalId ?? null) || branchId !== (requested.branchId ?? null);
  return { hospitalId, branchId, hospitalSelectable, branchSelectable, correctedQuery: changed ? { hospital_id: hospitalId, branch_id: branchId } : null };
}

/** '{title} - {site} Care Admin' (SPEC §2), as a message for the caller's catalogue. */
export function adminPageTitle(locale: Locale, title: string): Message {
  return message('admin.pageTitle', { title, site: LOCALE_CONFIG[locale].siteName });
}

export type ActiveToggleDecision =
  | { action: 'confirmDeactivate'; status: 0 }
  | { action: 'availability'; href: string }
  | { action: 'confirmActivate'; status: 1 };

/** Active toggle: deactivate confirm; an inactive doctor without slots goes to availability first; else activate confirm. */
export function doctorActiveToggle(d: { id: number | string; isActive: boolean; numberOfSlots: number }): ActiveToggleDecision {
  if (d.isActive) return { action: 'confirmDeactivate', status: 0 };
  if (d.numberOfSlots <= 0) return { action: 'availability', href: `/admin/doctors/${d.id}/availability` };
  return { action: 'confirmActivate', status: 1 };
}

export interface TelemedicineAction {
  label: Message;
  /** Partner-group doctors cannot change telemedicine here. */
  disabled: boolean;
  /** status sent by the toggle call. */
  status: 0 | 1;
  successMessage: Message;
}

export function telemedicineAction(d: { validTelemedicine: boolean; partnerGroup?: boolean | null }): TelemedicineAction {
  const enable = !d.validTelemedicine;
  return {
    label: message(enable ? 'admin.doctors.enableTelemedicine' : 'admin.doctors.disableTelemedicine'),
    disabled: !!d.partnerGroup,
    status: enable ? 1 : 0,
    successMessage: message(enable ? 'admin.doctors.telemedicineActivated' : 'admin.doctors.telemedicineDeactivated'),
  };
}

/** Routes of a doctor's row actions. */
export function doctorRoutes(id: number | string) {
  return {
    detail: `/admin/doctors/${id}`,
    edit: `/admin/doctors/${id}/edit`,
    availability: `/admin/doctors/${id}/availability`,
    duplicate: `/admin/doctors/add/?duplicateId=${id}`,
  };
}

export function userRoute(id: number | string): string {
  return `/admin/users/${id}`;
}

/** Message of a failed call: the first server message, else the generic fallback. */
export function failureMessage(messages: readonly string[] | null | undefined, fallback: Message = message('admin.errorOccurred')): string | Message {
  const first = messages?.find((m) => m && m.trim());
  return first ?? fallback;
}
