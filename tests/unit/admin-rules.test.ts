import { describe, expect, it } from 'vitest';
import { LOCALE_CONFIG } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import {
  ADD_BUTTON_TARGETS,
  ADD_MENU_ITEMS,
  addMenuItems,
  adminPageTitle,
  adminScope,
  ALERT_DISMISS_MS,
  ALL_ROLES_FILTER,
  doctorActiveToggle,
  doctorRoutes,
  failureMessage,
  kebabImports,
  redirectForStatus,
  ROLE_FILTER_IDS,
  routeGuard,
  showBackToHome,
  showDoctorsAddButton,
  showEditSchedule,
  telemedicineAction,
  userRoleFilter,
  userRoute,
  userRowActions,
} from '../../src/lib/admin-rules';
import { render, type Message } from '../../src/lib/message';
import type { Locale } from '../../i18n/locales';
import { ADMIN_ROLES, isPlatformAdmin, isRole, roleBadge, roleLabelMessage, ROLES, ROLE_BADGE_COLOURS, type Role } from '../../src/lib/roles';

const en = (m: Message) => translate('en-PH', m.key, m.params);


/** A role's label in a locale, rendered from its message. */
const label = (locale: Locale, role: Role) => render(locale, roleLabelMessage(locale, role));

describe('roles (SPEC §6)', () => {
  it('lists the six roles, all allowed in the admin shell', () => {
    expect(ROLES).toEqual(['admin', 'super', 'facility', 'branch', 'doctor', 'senior_branch']);
    expect(ADMIN_ROLES).toEqual(ROLES);
    expect(isRole('facility')).toBe(true);
    expect(isRole('patient')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
  it('labels', () => {
    expect(label('en-PH', 'facility')).toBe('Organization Manager');
    expect(label('en-PH', 'branch')).toBe('Branch Manager');
    expect(label('en-PH', 'doctor')).toBe('Doctor');
    expect(label('en-PH', 'senior_branch')).toBe('Senior Branch Manager');
    expect(label('en-PH', 'admin')).toBe(`${LOCALE_CONFIG['en-PH'].siteName} Admin`);
    expect(label('en-PH', 'super')).toBe('Super Admin');
    expect(label('vi-VN', 'admin')).toContain(LOCALE_CONFIG['vi-VN'].siteName);
    expect(translate('zh-TW', roleLabelMessage('zh-TW', 'admin').key, roleLabelMessage('zh-TW', 'admin').params)).toBe(`${LOCALE_CONFIG['zh-TW'].siteName} 管理員`);
  });
  it('badge colours', () => {
    expect(ROLE_BADGE_COLOURS).toEqual({ admin: 'red', super: 'red', facility: 'yellow', branch: 'green', doctor: 'blue', senior_branch: 'purple' });
    const badge = roleBadge('en-PH', 'senior_branch');
    expect({ label: render('en-PH', badge.label), colour: badge.colour }).toEqual({ label: 'Senior Branch Manager', colour: 'purple' });
  });
  it('platform admins', () => {
    expect(ROLES.filter(isPlatformAdmin)).toEqual(['admin', 'super']);
  });
});

describe('route guard', () => {
  const allowed: Role[] = ['admin', 'facility'];
  it('loading while user info loads or lacks an id', () => {
    expect(routeGuard({ loading: true, user: { id: 1, role: 'admin' }, allowed })).toBe('loading');
    expect(routeGuard({ loading: false, user: null, allowed })).toBe('loading');
    expect(routeGuard({ loading: false, user: { role: 'admin' }, allowed })).toBe('loading');
    expect(routeGuard({ loading: false, user: { id: '', role: 'admin' }, allowed })).toBe('loading');
  });
  it('allowed roles see content, others are redirected', () => {
    expect(routeGuard({ loading: false, user: { id: 1, role: 'facility' }, allowed })).toBe('allow');
    expect(routeGuard({ loading: false, user: { id: 0, role: 'admin' }, allowed })).toBe('allow');
    expect(routeGuard({ loading: false, user: { id: 1, role: 'branch' }, allowed })).toBe('redirect');
    expect(routeGuard({ loading: false, user: { id: 1, role: 'hacker' }, allowed })).toBe('redirect');
  });
  it('status 5 sends to /admin/login; Back to home hidden at /admin', () => {
    expect(redirectForStatus(5)).toBe('/admin/login');
    expect(redirectForStatus(-1)).toBeNull();
    expect(redirectForStatus(1)).toBeNull();
    expect(showBackToHome('/admin')).toBe(false);
    expect(showBackToHome('/admin/')).toBe(false);
    expect(showBackToHome('/admin/doctors')).toBe(true);
  });
});

describe('top-bar add menu', () => {
  it('hidden for doctor', () => {
    expect(addMenuItems({ role: 'doctor', hospitalId: 1 })).toEqual([]);
  });
  it('New Organization always for admin and super', () => {
    expect(addMenuItems({ role: 'admin', hospitalId: 3 })).toEqual(['newOrganization', 'newDoctor', 'newService', 'newUser']);
    expect(addMenuItems({ role: 'super' })[0]).toBe('newOrganization');
  });
  it('facility only while it has no hospital yet', () => {
    expect(addMenuItems({ role: 'facility', hospitalId: null })).toContain('newOrganization');
    expect(addMenuItems({ role: 'facility', hospitalId: 4 })).toEqual(['newDoctor', 'newService', 'newUser']);
  });
  it('never for branch managers', () => {
    expect(addMenuItems({ role: 'branch', hospitalId: null })).not.toContain('newOrganization');
    expect(addMenuItems({ role: 'senior_branch', hospitalId: null })).not.toContain('newOrganization');
  });
  it('labels and targets', () => {
    expect(Object.values(ADD_MENU_ITEMS).map((i) => en(i.label))).toEqual(['New Organization', 'New Doctor', 'New Service', 'New User']);
    expect(ADD_MENU_ITEMS.newOrganization.href).toBe('/admin/organization?popup=new');
    expect(ADD_BUTTON_TARGETS.doctor).toBe('/admin/doctors/add');
    expect(ADD_BUTTON_TARGETS.topVideo).toBe('/admin/homepage/top-video/setting-top-video');
    expect(ADD_BUTTON_TARGETS.popularKey).toBeNull();
    expect(ADD_BUTTON_TARGETS.websiteNav).toBeNull();
  });
  it('doctors-list add button and Edit Schedule hidden for doctor', () => {
    expect(ROLES.filter((r) => !showDoctorsAddButton(r))).toEqual(['doctor']);
    expect(ROLES.filter((r) => !showEditSchedule(r))).toEqual(['doctor']);
  });
  it('kebab imports', () => {
    expect(kebabImports('doctors')).toEqual(['doctor', 'doctor_service']);
    expect(kebabImports('doctors', false)).toEqual(['doctor']);
    expect(kebabImports('services')).toEqual(['service']);
    expect(kebabImports('campaign')).toEqual([]);
  });
});

describe('users list role filter', () => {
  const labels = (role: Role) => userRoleFilter('en-PH', role).options.map((o) => en(o.label));
  const site = LOCALE_CONFIG['en-PH'].siteName;
  it('filter ids and the default of all four together', () => {
    expect(ROLE_FILTER_IDS).toEqual({ admin: 1, facility: 2, branch: 3, senior_branch: 6 });
    expect(ALL_ROLES_FILTER.split(',').map(Number).sort()).toEqual([1, 2, 3, 6]);
    for (const r of ROLES) expect(userRoleFilter('en-PH', r).defaultValue).toBe(ALL_ROLES_FILTER);
  });
  it('admin and super', () => {
    for (const r of ['admin', 'super'] as const) {
      expect(labels(r)).toEqual(['All Roles', `${site} Admin`, 'Organization Manager', 'Senior Branch Manager', 'Branch Manager']);
      expect(userRoleFilter('en-PH', r).options.map((o) => o.value)).toEqual([ALL_ROLES_FILTER, '1', '2', '6', '3']);
    }
  });
  it('organization', () => {
    expect(labels('facility')).toEqual(['All Roles', 'Organization Manager', 'Senior Branch Manager', 'Branch Manager']);
  });
  it('senior branch', () => {
    expect(labels('senior_branch')).toEqual(['All Roles', 'Senior Branch Manager', 'Branch Manager']);
    expect(userRoleFilter('en-PH', 'senior_branch').options.map((o) => o.value)).toEqual([ALL_ROLES_FILTER, '6', '3']);
  });
  it('branch: no options, disabled', () => {
    expect(userRoleFilter('en-PH', 'branch')).toEqual({ options: [], disabled: true, defaultValue: ALL_ROLES_FILTER });
  });
});

describe('users row actions', () => {
  it('Reset password and Edit for admin, super, organization; Delete only for super', () => {
    expect(userRowActions('super')).toEqual({ resetPassword: true, edit: true, delete: true });
    expect(userRowActions('admin')).toEqual({ resetPassword: true, edit: true, delete: false });
    expect(userRowActions('facility')).toEqual({ resetPassword: true, edit: true, delete: false });
    for (const r of ['branch', 'senior_branch', 'doctor'] as const) expect(userRowActions(r)).toEqual({ resetPassword: false, edit: false, delete: false });
  });
  it('routes', () => {
    expect(userRoute(12)).toBe('/admin/users/12');
    expect(doctorRoutes(5)).toEqual({ detail: '/admin/doctors/5', edit: '/admin/doctors/5/edit', availability: '/admin/doctors/5/availability', duplicate: '/admin/doctors/add/?duplicateId=5' });
    expect(ALERT_DISMISS_MS).toEqual({ default: 3000, topBar: 3000, usersList: 10_000 });
  });
});

describe('branch and hospital scoping', () => {
  it('admin and super see all and choose freely; branch disabled until a hospital is chosen', () => {
    for (const role of ['admin', 'super'] as const) {
      expect(adminScope({ role }, {})).toEqual({ hospitalId: null, branchId: null, hospitalSelectable: true, branchSelectable: false, correctedQuery: null });
      expect(adminScope({ role }, { hospitalId: 3, branchId: 9 })).toEqual({ hospitalId: 3, branchId: 9, hospitalSelectable: true, branchSelectable: true, correctedQuery: null });
    }
  });
  it('a branch without a hospital is dropped (URL corrected)', () => {
    expect(adminScope({ role: 'admin' }, { branchId: 9 })).toMatchObject({ branchId: null, correctedQuery: { hospital_id: null, branch_id: null } });
  });
  it('facility: own hospital, can pick branches', () => {
    const user = { role: 'facility' as const, hospitalId: 4 };
    expect(adminScope(user, {})).toEqual({ hospitalId: 4, branchId: null, hospitalSelectable: false, branchSelectable: true, correctedQuery: { hospital_id: 4, branch_id: null } });
    expect(adminScope(user, { hospitalId: 4, branchId: 8 })).toMatchObject({ hospitalId: 4, branchId: 8, correctedQuery: null });
    expect(adminScope(user, { hospitalId: 5, branchId: 8 })).toMatchObject({ hospitalId: 4, branchId: null, correctedQuery: { hospital_id: 4, branch_id: null } });
  });
  it('senior_branch: fixed to own hospital, branches among their own', () => {
    const user = { role: 'senior_branch' as const, hospitalId: 4, branchIds: [8, 9] };
    expect(adminScope(user, { hospitalId: 4, branchId: 9 })).toMatchObject({ hospitalId: 4, branchId: 9, hospitalSelectable: false, branchSelectable: true, correctedQuery: null });
    expect(adminScope(user, { hospitalId: 4, branchId: 10 })).toMatchObject({ branchId: null, correctedQuery: { hospital_id: 4, branch_id: null } });
  });
  it('branch and doctor: forced to own hospital and branch, URL corrected', () => {
    for (const role of ['branch', 'doctor'] as const) {
      const user = { role, hospitalId: 4, branchId: 8 };
      expect(adminScope(user, { hospitalId: 1, branchId: 2 })).toEqual({ hospitalId: 4, branchId: 8, hospitalSelectable: false, branchSelectable: false, correctedQuery: { hospital_id: 4, branch_id: 8 } });
      expect(adminScope(user, { hospitalId: 4, branchId: 8 }).correctedQuery).toBeNull();
    }
  });
  it('both dropdowns disabled when the page forces an id', () => {
    expect(adminScope({ role: 'admin' }, { hospitalId: 1 }, { hospitalId: 6 })).toMatchObject({ hospitalId: 6, branchId: null, hospitalSelectable: false, branchSelectable: false });
    expect(adminScope({ role: 'admin' }, { hospitalId: 6, branchId: 2 }, { hospitalId: 6 })).toMatchObject({ hospitalId: 6, branchId: 2, hospitalSelectable: false, branchSelectable: false, correctedQuery: null });
    expect(adminScope({ role: 'facility', hospitalId: 4 }, {}, { branchId: 11 })).toMatchObject({ hospitalId: 4, branchId: 11, branchSelectable: false });
  });
});

describe('page title', () => {
  it("'{title} - {site} Care Admin'", () => {
    expect(render('en-PH', adminPageTitle('en-PH', 'Doctors'))).toBe(`Doctors - ${LOCALE_CONFIG['en-PH'].siteName} Care Admin`);
    expect(render('vi-VN', adminPageTitle('vi-VN', 'Bác sĩ'))).toBe(`Bác sĩ - ${LOCALE_CONFIG['vi-VN'].siteName} Care Admin`);
  });
});

describe('doctor toggles', () => {
  it('active -> deactivate confirmation (status 0)', () => {
    expect(doctorActiveToggle({ id: 1, isActive: true, numberOfSlots: 0 })).toEqual({ action: 'confirmDeactivate', status: 0 });
  });
  it('inactive with zero slots -> availability page', () => {
    expect(doctorActiveToggle({ id: 7, isActive: false, numberOfSlots: 0 })).toEqual({ action: 'availability', href: '/admin/doctors/7/availability' });
  });
  it('inactive with slots -> activate confirmation (status 1)', () => {
    expect(doctorActiveToggle({ id: 7, isActive: false, numberOfSlots: 3 })).toEqual({ action: 'confirmActivate', status: 1 });
  });
  it('telemedicine action: label, status, message; disabled for partner-group', () => {
    const on = telemedicineAction({ validTelemedicine: false });
    expect([en(on.label), on.status, en(on.successMessage), on.disabled]).toEqual(['Enable Telemedicine', 1, 'Telemedicine activated successfully for Doctor', false]);
    const off = telemedicineAction({ validTelemedicine: true });
    expect([en(off.label), off.status, en(off.successMessage)]).toEqual(['Disable Telemedicine', 0, 'Telemedicine deactivated for Doctor']);
    expect(telemedicineAction({ validTelemedicine: true, partnerGroup: true }).disabled).toBe(true);
  });
  it('failure message: first server message, else An error occurred!', () => {
    expect(failureMessage(['', 'Doctor has bookings', 'x'])).toBe('Doctor has bookings');
    expect(en(failureMessage([]) as Message)).toBe('An error occurred!');
    expect(en(failureMessage(undefined) as Message)).toBe('An error occurred!');
  });
});
