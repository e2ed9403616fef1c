/**
 * SPEC §2 admin sidebar: which menu entries each staff role sees. Pure; used by /api/admin/me and the admin app.
 */
export const STAFF_ROLES = ['admin', 'super', 'facility', 'branch', 'doctor', 'senior_branch'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export interface MenuEntry {
  key: string;
  label: string;
  /** Absent on a group heading (the Homepage group) and on logout's action. */
  path?: string;
  /** `main` entries at the top, `bottom` entries at the foot of the sidebar. */
  section: 'main' | 'bottom';
  children?: MenuEntry[];
}

const e = (key: string, label: string, path: string, section: MenuEntry['section'] = 'main'): MenuEntry => ({ key, label, path, section });

const HOMEPAGE_GROUP: MenuEntry = {
  key: 'homepage',
  label: 'Homepage',
  section: 'main',
  children: [
    e('homepage-banner', 'Banner', '/admin/homepage/banner'),
    e('homepage-promotion', 'Promotion', '/admin/homepage/promotion'),
    e('homepage-top-hospital', 'Top hospital', '/admin/homepage/top-hospital'),
    e('homepage-top-service-category', 'Top service category', '/admin/homepage/top-service-category'),
    e('homepage-top-service', 'Top service', '/admin/homepage/top-service'),
    e('homepage-top-doctor', 'Top doctor', '/admin/homepage/top-doctor'),
    e('homepage-popular-key', 'Popular search key', '/admin/homepage/popular-key'),
    e('homepage-top-video', 'Top video', '/admin/homepage/top-video'),
  ],
};

const LOGOUT: MenuEntry = { key: 'logout', label: 'Logout', path: '/admin/login', section: 'bottom' };
const SETTINGS = e('settings', 'Settings', '/admin/settings', 'bottom');

/** The sidebar entries of a role, in display order. */
export function adminMenu(role: StaffRole): MenuEntry[] {
  if (role === 'doctor') {
    return [
      e('appointments', 'Appointments', '/admin/appointments'),
      e('schedule', 'Schedule', '/admin/schedule'),
      e('patients', 'Patients', '/admin/patients'),
      e('profile', 'Profile', '/admin/profile/view'),
      e('reviews', 'Reviews', '/admin/reviews'),
      SETTINGS,
      LOGOUT,
    ];
  }
  const menu: MenuEntry[] = [];
  if (role === 'admin' || role === 'super' || role === 'facility') menu.push(e('overview', 'Overview', '/admin/'));
  menu.push(
    e('organization', 'Organization', '/admin/organization'),
    e('doctors', 'Doctors', '/admin/doctors'),
    e('services', 'Services', '/admin/services'),
    e('vaccination', 'Vaccination', '/admin/vaccination'),
    e('patients', 'Patients', '/admin/patients'),
    e('users', 'Users', '/admin/users'),
    e('appointments', 'Appointments', '/admin/appointments'),
  );
  if (role === 'admin' || role === 'facility' || role === 'branch' || role === 'senior_branch') menu.push(e('reviews', 'Reviews', '/admin/reviews'));
  if (role === 'admin') {
    menu.push(e('campaign', 'Campaign', '/admin/campaign'), e('data-history', 'Data history', '/admin/data-history'), e('website-nav', 'Website navigation', '/admin/website-nav'), HOMEPAGE_GROUP);
  }
  if (role === 'branch' || role === 'facility' || role === 'senior_branch') menu.push(e('integrations', 'Integrations', '/admin/integrations', 'bottom'));
  menu.push(SETTINGS, LOGOUT);
  return menu;
}

/** Every path reachable from a role's menu (children included). */
export function adminMenuPaths(role: StaffRole): string[] {
  const out: string[] = [];
  const walk = (entries: MenuEntry[]) => {
    for (const m of entries) {
      if (m.path) out.push(m.path);
      if (m.children) walk(m.children);
    }
  };
  walk(adminMenu(role));
  return out;
}
