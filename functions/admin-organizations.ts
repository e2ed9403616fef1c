/**
 * Admin organization calls (issue 37; SPEC §2 /admin/organization, §3 Hospital and Hospital branch, §6, §7): the
 * organization list with its counts (keyword, market, active), the new-organization popup's create (platform admins
 * always, an organization manager only while it has none), an organization with its branches, its settings, a new
 * branch, and a branch's read model and save (profile, opening hours, rich texts sanitized here, facilities, FAQs,
 * banners, indexing). The top bar's own organization and branch choices stay in functions/admin-scope.ts.
 */
import { z } from 'zod';
import { LOCALES, LOCALE_CONFIG } from '../i18n/locales';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError, notFound } from '../src/lib/errors';
import { lastPage } from '../src/lib/admin-doctors';
import {
  ADMIN_ORGANIZATION_PAGE_SIZE,
  adminBranchDetail,
  adminOrganizationDetail,
  adminOrganizationListData,
  adminOrganizationListQuery,
  branchBody,
  newBranchBody,
  newOrganizationBody,
  ORGANIZATION_MESSAGES,
  organizationBody,
} from '../src/lib/admin-organizations';
import { branchDetail, canCreateOrganization, createBranch, createOrganization, organizationDetail, organizationPage, updateBranch, updateOrganization } from '../src/data/admin-organizations';
import { sanitizeRichText } from '../src/server/rich-text';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const idParam = z.object({ id: z.coerce.number().int().positive() });
/** A new branch's time zone: its market's (the first one; a market with several zones picks it on the branch later). */
const marketZone = (countryId: number) => LOCALE_CONFIG[LOCALES.find((l) => LOCALE_CONFIG[l].countryId === countryId) ?? LOCALES[0]].timeZones[0]!;

export const adminOrganizationList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/organizations',
  summary: 'Admin organization list with branch, doctor and service counts (keyword, countryId, active)',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  query: adminOrganizationListQuery,
  response: adminOrganizationListData,
  async handler({ query, db }) {
    const page = await organizationPage(db, query);
    return {
      hospitals: page.hospitals,
      pagination: { current: query.page, last: lastPage(page.totalItems, ADMIN_ORGANIZATION_PAGE_SIZE), total_items: page.totalItems, per_page: ADMIN_ORGANIZATION_PAGE_SIZE },
      canCreate: await canCreateOrganization(db),
    };
  },
});

export const adminOrganizationCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/directory/organizations',
  summary: 'Create an organization (SPEC §6: platform admins; an organization manager without one, who then belongs to it)',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  body: { json: newOrganizationBody },
  response: z.object({ organization: adminOrganizationDetail }),
  async handler({ body, db, messages }) {
    if (!(await canCreateOrganization(db))) throw new ApiError(403, ORGANIZATION_MESSAGES.cannotCreate);
    const id = await createOrganization(db, body);
    messages.push(ORGANIZATION_MESSAGES.created);
    return { organization: (await organizationDetail(db, id))! };
  },
});

export const adminOrganizationRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/organizations/:id',
  summary: 'An organization with the branches the caller manages',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: z.object({ organization: adminOrganizationDetail }),
  async handler({ params, db }) {
    const o = await organizationDetail(db, params.id);
    if (!o) throw notFound(ORGANIZATION_MESSAGES.notFound);
    return { organization: o };
  },
});

export const adminOrganizationUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/directory/organizations/:id',
  summary: "An organization's name, logo, website, reviews publication and active flag (platform admins and its organization manager)",
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  params: idParam,
  body: { json: organizationBody },
  response: z.object({ organization: adminOrganizationDetail }),
  async handler({ params, body, db, messages }) {
    if (!(await updateOrganization(db, params.id, body))) throw notFound(ORGANIZATION_MESSAGES.notFound);
    messages.push(ORGANIZATION_MESSAGES.updated);
    return { organization: (await organizationDetail(db, params.id))! };
  },
});

export const adminBranchCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/directory/organizations/:id/branches',
  summary: 'Add a branch to an organization (platform admins and its organization manager)',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  params: idParam,
  body: { json: newBranchBody },
  response: z.object({ branch: adminBranchDetail }),
  async handler({ params, body, db, messages }) {
    const id = await createBranch(db, params.id, body, marketZone);
    if (id == null) throw notFound(ORGANIZATION_MESSAGES.notFound);
    messages.push(ORGANIZATION_MESSAGES.created);
    return { branch: (await branchDetail(db, id))! };
  },
});

export const adminBranchRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/branches/:id',
  summary: 'A branch the caller manages (profile, hours, texts, lists, banners, indexing)',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: z.object({ branch: adminBranchDetail }),
  async handler({ params, db }) {
    const b = await branchDetail(db, params.id);
    if (!b) throw notFound(ORGANIZATION_MESSAGES.branchNotFound);
    return { branch: b };
  },
});

export const adminBranchUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/directory/branches/:id',
  summary: "Save a branch; about and patient guide are sanitized before they are stored; publication and indexing only for platform admins and the organization manager",
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  body: { json: branchBody, maxBytes: 512 * 1024 },
  response: z.object({ branch: adminBranchDetail }),
  async handler({ params, body, db, messages }) {
    const current = await branchDetail(db, params.id);
    if (!current) throw notFound(ORGANIZATION_MESSAGES.branchNotFound);
    if (!current.canPublish && (body.is_active !== current.isActive || body.status !== current.status || body.exclude_from_index !== current.excludeFromIndex)) {
      throw new ApiError(403, ORGANIZATION_MESSAGES.publicationOnly);
    }
    const clean = { ...body, about: sanitizeRichText(body.about) ?? undefined, patient_guide: sanitizeRichText(body.patient_guide) ?? undefined };
    if (!(await updateBranch(db, params.id, clean))) throw notFound(ORGANIZATION_MESSAGES.branchNotFound);
    messages.push(ORGANIZATION_MESSAGES.updated);
    return { branch: (await branchDetail(db, params.id))! };
  },
});

export default serve(adminOrganizationList, adminOrganizationCreate, adminOrganizationRead, adminOrganizationUpdate, adminBranchCreate, adminBranchRead, adminBranchUpdate);
export const config = {
  path: ['/api/admin/directory/organizations', '/api/admin/directory/organizations/:id', '/api/admin/directory/organizations/:id/branches', '/api/admin/directory/branches/:id'],
};
