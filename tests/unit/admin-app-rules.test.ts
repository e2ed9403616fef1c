import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STAFF_ROLES } from '../../src/lib/admin-menu';
import { homePath, routeRoles } from '../../src/lib/admin-routes';
import { adminUserInputSchema, adminUserListQuerySchema, branchCountRule, grantableRoles, grantRefusal, rolesOfFilter } from '../../src/lib/admin-users';
import { formIssueMessage } from '../../src/lib/form-issues';
import { applyPatch, baseListSchema, parseListState } from '../../src/admin/kit/list-state';
import { pageWindow } from '../../src/admin/kit/Pagination';
import { usesPreact } from '../../src/integrations/react-scopes';

describe('screen roles (one table with the sidebar)', () => {
  it('gives each screen the roles whose menu lists it', () => {
    expect(routeRoles('/admin')).toEqual(['admin', 'super', 'facility']);
    expect(routeRoles('/admin/users')).toEqual(['admin', 'super', 'facility', 'branch', 'senior_branch']);
    expect(routeRoles('/admin/doctors/12/edit')).toEqual(['admin', 'super', 'facility', 'branch', 'senior_branch']);
    expect(routeRoles('/admin/campaign')).toEqual(['admin']);
    expect(routeRoles('/admin/schedule')).toEqual(['doctor']);
    expect(routeRoles('/admin/settings')).toEqual([...STAFF_ROLES]);
    expect(routeRoles('/admin/users/:userId')).toEqual(['admin', 'super', 'facility']);
  });
  it('opens /admin on the first built screen of the role', () => {
    expect(homePath('admin', ['/admin/users'])).toBe('/admin/users');
    expect(homePath('admin', ['/admin/', '/admin/users'])).toBe('/admin/');
    expect(homePath('doctor', ['/admin/users'])).toBe('/admin/settings');
  });
});

describe('role grants', () => {
  it('grants only roles below the granter', () => {
    expect(grantableRoles('super')).toEqual(['admin', 'facility', 'senior_branch', 'branch']);
    expect(grantableRoles('admin')).toEqual(['facility', 'senior_branch', 'branch']);
    expect(grantableRoles('facility')).toEqual(['senior_branch', 'branch']);
    expect(grantableRoles('senior_branch')).toEqual(['branch']);
    expect(grantableRoles('branch')).toEqual([]);
    expect(grantableRoles('doctor')).toEqual([]);
  });
  it('keeps organization managers inside their organization and senior managers on their branches', () => {
    const fac = { role: 'facility' as const, organizationId: 1, branchIds: [] };
    expect(grantRefusal({ granter: fac, target: { role: 'branch', organizationId: 1, branchIds: [3] } })).toBeNull();
    expect(grantRefusal({ granter: fac, target: { role: 'branch', organizationId: 2, branchIds: [9] } })).toBe('organization');
    expect(grantRefusal({ granter: fac, target: { role: 'facility', organizationId: 1, branchIds: [] } })).toBe('role');
    const senior = { role: 'senior_branch' as const, organizationId: 1, branchIds: [3, 4] };
    expect(grantRefusal({ granter: senior, target: { role: 'branch', organizationId: 1, branchIds: [4] } })).toBeNull();
    expect(grantRefusal({ granter: senior, target: { role: 'branch', organizationId: 1, branchIds: [5] } })).toBe('branch');
    expect(grantRefusal({ granter: { role: 'admin', organizationId: null, branchIds: [] }, target: { role: 'facility', organizationId: 7, branchIds: [] } })).toBeNull();
  });
  it('needs one branch for a branch manager and at least one for a senior', () => {
    expect(branchCountRule('branch', 0)).toBe('one');
    expect(branchCountRule('branch', 2)).toBe('one');
    expect(branchCountRule('senior_branch', 0)).toBe('atLeastOne');
    expect(branchCountRule('senior_branch', 2)).toBeNull();
  });
});

describe('users list query', () => {
  it('reads roleId as the comma list of filter ids, default all four', () => {
    expect(adminUserListQuerySchema.parse({}).roleId).toBe('1,2,3,6');
    expect(rolesOfFilter('1,2,3,6')).toEqual(['admin', 'facility', 'branch', 'senior_branch']);
    expect(rolesOfFilter('6')).toEqual(['senior_branch']);
    expect(adminUserListQuerySchema.safeParse({ roleId: '4' }).success).toBe(false);
    expect(adminUserListQuerySchema.safeParse({ roleId: '1;drop' }).success).toBe(false);
  });
});

describe('list state in the URL', () => {
  const schema = baseListSchema.extend({ roleId: z.string().regex(/^\d+(,\d+)*$/).catch('1,2,3,6').default('1,2,3,6') });
  it('parses keyword, sort and page, keeping good fields when one is bad', () => {
    expect(parseListState(schema, new URLSearchParams('keyword=an&page=3&sort_by=name&sort=desc'))).toEqual({ keyword: 'an', page: 3, sort_by: 'name', sort: 'desc', roleId: '1,2,3,6' });
    expect(parseListState(schema, new URLSearchParams('page=-4&sort=sideways&keyword=x&roleId=6'))).toEqual({ keyword: 'x', page: 1, sort_by: undefined, sort: undefined, roleId: '6' });
  });
  it('goes back to page 1 on any change but a page change and leaves defaults out', () => {
    expect(applyPatch(new URLSearchParams('page=4&keyword=a'), { keyword: 'b' }).toString()).toBe('keyword=b');
    expect(applyPatch(new URLSearchParams('keyword=a'), { page: 2 }).toString()).toBe('keyword=a&page=2');
    expect(applyPatch(new URLSearchParams('keyword=a&page=2'), { page: 1 }).toString()).toBe('keyword=a');
  });
  it('shows first, last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('form messages (SPEC §5)', () => {
  const issues = (schema: z.ZodType, v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => formIssueMessage(i));
  it('maps zod issues to the spec texts', () => {
    expect(issues(z.object({ name: z.string().min(2) }), { name: 'a' })).toEqual([{ key: 'form.minLength', params: { number: 2 } }]);
    expect(issues(z.object({ name: z.string().max(3) }), { name: 'abcd' })).toEqual([{ key: 'form.maxLength', params: { number: 3 } }]);
    expect(issues(z.object({ name: z.string() }), {})).toEqual([{ key: 'form.required' }]);
    expect(issues(z.object({ e: z.email() }), { e: 'x' })).toEqual([{ key: 'form.invalidFormat' }]);
    expect(issues(z.array(z.string()).min(2), ['a'])).toEqual([{ key: 'form.minItems', params: { number: 2 } }]);
    expect(issues(z.array(z.string()).max(1), ['a', 'b'])).toEqual([{ key: 'form.maxItems', params: { number: 1 } }]);
  });
  it('validates a new user with the same schema as the function', () => {
    expect(adminUserInputSchema.safeParse({ name: 'An', email: 'an@x.vn', phone: '', role: 'branch', organizationId: 1, branchIds: [2] }).success).toBe(true);
    expect(adminUserInputSchema.safeParse({ name: 'An', email: 'an@x.vn', role: 'super', organizationId: null, branchIds: [] }).success).toBe(false);
  });
});

describe('two React runtimes', () => {
  it('gives project files outside the admin Preact, and the admin and packages React', () => {
    expect(usesPreact('/w/src/islands/booking/BookingCard.tsx')).toBe(true);
    expect(usesPreact('/w/src/admin/App.tsx')).toBe(false);
    expect(usesPreact('/w/node_modules/@tanstack/react-query/build/modern/index.js')).toBe(false);
    expect(usesPreact(undefined)).toBe(false);
  });
});

describe('where status 5 sends the user', () => {
  it('names the admin page the user was on as returnTo', async () => {
    const { loginHref, safeReturnTo } = await import('../../src/admin/api');
    expect(loginHref({ pathname: '/admin/users', search: '?keyword=demo' })).toBe('/admin/login?returnTo=%2Fadmin%2Fusers%3Fkeyword%3Ddemo');
    expect(safeReturnTo('/admin/users?keyword=demo')).toBe('/admin/users?keyword=demo');
  });
  it('keeps the login page as it is when a late answer arrives there, so its returnTo survives', async () => {
    const { loginHref } = await import('../../src/admin/api');
    expect(loginHref({ pathname: '/admin/login', search: '?returnTo=%2Fadmin%2Fusers' })).toBe('/admin/login?returnTo=%2Fadmin%2Fusers');
    expect(loginHref({ pathname: '/admin/login', search: '' })).toBe('/admin/login');
  });
  it('never sends a return address outside the admin', async () => {
    const { loginHref, safeReturnTo } = await import('../../src/admin/api');
    expect(loginHref({ pathname: '/vi-vn/', search: '' })).toBe('/admin/login');
    expect(safeReturnTo('https://evil.example/admin')).toBe('/admin');
    expect(safeReturnTo('/admin/login?returnTo=x')).toBe('/admin');
  });
});
