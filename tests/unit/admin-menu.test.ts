import { describe, expect, it } from 'vitest';
import { adminMenu, adminMenuPaths, isStaffRole, STAFF_ROLES } from '../../src/lib/admin-menu';

const nonDoctor = ['/admin/organization', '/admin/doctors', '/admin/services', '/admin/vaccination', '/admin/patients', '/admin/users', '/admin/appointments'];
const adminOnly = ['/admin/campaign', '/admin/data-history', '/admin/website-nav', '/admin/homepage/banner', '/admin/homepage/top-video'];

describe('admin menu per role (SPEC §2)', () => {
  it('gives Overview to admin, super and facility only', () => {
    for (const r of STAFF_ROLES) expect(adminMenuPaths(r).includes('/admin/'), r).toBe(['admin', 'super', 'facility'].includes(r));
  });

  it('gives the directory screens to every non-doctor role', () => {
    for (const r of STAFF_ROLES.filter((r) => r !== 'doctor')) expect(adminMenuPaths(r)).toEqual(expect.arrayContaining(nonDoctor));
  });

  it('gives reviews to admin, facility, branch, senior_branch and doctor, not super', () => {
    for (const r of STAFF_ROLES) expect(adminMenuPaths(r).includes('/admin/reviews'), r).toBe(r !== 'super');
  });

  it('gives campaign, data history, website nav and the Homepage group to admin only', () => {
    for (const r of STAFF_ROLES) for (const p of adminOnly) expect(adminMenuPaths(r).includes(p), `${r} ${p}`).toBe(r === 'admin');
    const group = adminMenu('admin').find((e) => e.key === 'homepage')!;
    expect(group.path).toBeUndefined();
    expect(group.children!.map((c) => c.path)).toEqual([
      '/admin/homepage/banner', '/admin/homepage/promotion', '/admin/homepage/top-hospital', '/admin/homepage/top-service-category',
      '/admin/homepage/top-service', '/admin/homepage/top-doctor', '/admin/homepage/popular-key', '/admin/homepage/top-video',
    ]);
  });

  it('puts integrations (branch, facility, senior_branch), settings and logout at the bottom', () => {
    for (const r of STAFF_ROLES) {
      const bottom = adminMenu(r).filter((e) => e.section === 'bottom').map((e) => e.path);
      const expected = ['branch', 'facility', 'senior_branch'].includes(r) ? ['/admin/integrations', '/admin/settings', '/admin/login'] : ['/admin/settings', '/admin/login'];
      expect(bottom, r).toEqual(expected);
    }
  });

  it('gives the doctor appointments, schedule, patients, profile and reviews', () => {
    expect(adminMenuPaths('doctor')).toEqual(['/admin/appointments', '/admin/schedule', '/admin/patients', '/admin/profile/view', '/admin/reviews', '/admin/settings', '/admin/login']);
  });

  it('knows the six staff roles', () => {
    expect(STAFF_ROLES).toHaveLength(6);
    expect(isStaffRole('senior_branch')).toBe(true);
    expect(isStaffRole('patient')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});
