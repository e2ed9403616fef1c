/**
 * Issue #38 items 9 and 10: the add menu, the pages and the server agree (SPEC §6), and /admin lands on the first
 * entry of the role's menu that the app has, read from the route table itself.
 */
import { describe, expect, it } from 'vitest';
import { addMenuItems } from '../../src/lib/admin-rules';
import { adminMenuPaths, STAFF_ROLES } from '../../src/lib/admin-menu';
import { homePath, routeRoles } from '../../src/lib/admin-routes';
import { builtAdminPaths } from '../../src/admin/routes';
import { createAdminUser } from '../../functions/admin-users';

describe('add menu, pages and server', () => {
  it('New User is offered exactly to the roles the page and the create call admit', () => {
    const serverRoles = createAdminUser.roles as readonly string[];
    for (const role of STAFF_ROLES) {
      const offered = addMenuItems({ role, hospitalId: 1 }).includes('newUser');
      expect(offered, role).toBe(routeRoles('/admin/users/new-user').includes(role));
      expect(offered, role).toBe(serverRoles.includes(role));
    }
    expect(addMenuItems({ role: 'senior_branch', hospitalId: 1 })).not.toContain('newUser');
    expect(addMenuItems({ role: 'branch', hospitalId: 1 })).not.toContain('newUser');
    expect(addMenuItems({ role: 'facility', hospitalId: 1 })).toContain('newUser');
  });
});

describe('landing page', () => {
  it('the route table lists the doctors screen among the built ones', () => {
    expect(builtAdminPaths()).toEqual(expect.arrayContaining(['/admin/doctors', '/admin/users', '/admin/settings']));
    expect(builtAdminPaths().some((p) => p.includes(':') || p.endsWith('*'))).toBe(false);
  });
  it('branch and senior branch managers land on the first built entry of their menu (Organization, their branch, since issue 37)', () => {
    expect(homePath('branch', builtAdminPaths())).toBe('/admin/organization');
    expect(homePath('senior_branch', builtAdminPaths())).toBe('/admin/organization');
    expect(homePath('doctor', builtAdminPaths())).toBe('/admin/appointments');
    for (const role of STAFF_ROLES) expect(homePath(role, builtAdminPaths()), role).toBe(adminMenuPaths(role).find((p) => builtAdminPaths().includes(p)) ?? '/admin/settings');
  });
});
