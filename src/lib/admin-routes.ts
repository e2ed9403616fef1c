/**
 * Who may open each admin screen: the roles whose sidebar (src/lib/admin-menu.ts) lists the screen's section, so
 * the menu, the route guard and the authorization matrix read one table. Screens outside the menu name their roles here.
 */
import { adminMenuPaths, STAFF_ROLES, type StaffRole } from './admin-menu';

/** Roles that manage doctors (the doctor role edits only its own profile, at /admin/profile/view). */
const DOCTOR_MANAGERS: readonly StaffRole[] = STAFF_ROLES.filter((r) => r !== 'doctor');

/**
 * Screens that are not menu entries: every staff member has settings; only the users screen's managers create
 * users; the doctor managers add, edit and duplicate doctors.
 */
const EXTRA: Record<string, readonly StaffRole[]> = {
  '/admin/doctors/add': DOCTOR_MANAGERS,
  '/admin/doctors/:doctorId/edit': DOCTOR_MANAGERS,
  '/admin/doctors/:doctorId/availability': DOCTOR_MANAGERS,
  '/admin/settings': STAFF_ROLES,
  '/admin/users/new-user': ['admin', 'super', 'facility'],
  '/admin/users/:userId': ['admin', 'super', 'facility'],
  // issue 40: one route for every Homepage kind (and presence, outside the sidebar), admin only as the sidebar's group
  '/admin/homepage/:segment': ['admin'],
  '/admin/homepage/:segment/:item': ['admin'],
};

/** Roles allowed on a screen: the extra table first, else every role whose menu has the path's section. */
export function routeRoles(path: string): StaffRole[] {
  const extra = EXTRA[path];
  if (extra) return [...extra];
  const section = path === '/admin' || path === '/admin/' ? '/admin/' : path;
  return STAFF_ROLES.filter((role) => adminMenuPaths(role).some((p) => p === section || (p !== '/admin/' && section.startsWith(`${p}/`))));
}

/** A record id in an address: a positive whole number (no sign, no leading zero), else null. */
export function routeId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The screens an app's route table has: its static child paths under /admin (no parameters, no catch-all). */
export function builtPaths(children: readonly { path?: string }[]): string[] {
  return children.map((c) => c.path).filter((p): p is string => !!p && p !== '*' && !p.includes(':')).map((p) => `/admin/${p}`);
}

/** Where /admin sends a role: the first screen of its menu among those given (the screens the app has). */
export function homePath(role: StaffRole, available: readonly string[]): string {
  return adminMenuPaths(role).find((p) => available.includes(p)) ?? '/admin/settings';
}
