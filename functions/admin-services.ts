/**
 * Admin service calls (issue 37; SPEC §2 /admin/services, §3 Service): the list, the read model of the edit
 * form, the categories of a branch, create and update (multipart: the logo is a file), update status and delete.
 * The managers' roles only (a doctor has no services screen); every query runs as the caller, so the policy on
 * public.hospital_services scopes each call (src/data/admin-services.ts).
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError, notFound, validationFailed } from '../src/lib/errors';
import { ADMIN_SERVICE_PAGE_SIZE, adminServiceListData, adminServiceListQuery, adminServiceReadModel, SERVICE_MESSAGES, serviceCategoriesData, serviceFormFields, servicePriceIssues, normalizedPriceTo, type ServiceFormBody } from '../src/lib/admin-services';
import { lastPage } from '../src/lib/admin-doctors';
import { adminServiceDetail, adminServicePage, categoryInBranch, createService, deleteService, managedBranch, serviceCategories, setServiceStatus, updateService } from '../src/data/admin-services';
import type { Queryable } from '../src/data/db';
import { storeUpload } from '../src/server/storage';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const serviceId = z.object({ id: z.coerce.number().int().positive() });
const formBody = { multipart: serviceFormFields, maxBytes: 2 * 1024 * 1024 };

/** The form's price rules (the multipart reader takes a plain object schema, so they are checked here). */
function priced(body: z.output<typeof serviceFormFields>): ServiceFormBody {
  const issues = servicePriceIssues(body);
  if (issues.length) throw validationFailed(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));
  return { ...body, price_to: normalizedPriceTo(body) };
}

async function readService(db: Queryable, id: number) {
  const s = await adminServiceDetail(db, id);
  if (!s) throw notFound(SERVICE_MESSAGES.notFound);
  return s;
}

/** The branch must be the caller's, and a category must be one of that branch's. */
async function checkPlacement(db: Queryable, body: ServiceFormBody) {
  if (!(await managedBranch(db, body.hospital_branch_id))) throw validationFailed({ hospital_branch_id: [SERVICE_MESSAGES.branchNotInScope] });
  if (body.category_id != null && !(await categoryInBranch(db, body.category_id, body.hospital_branch_id))) throw validationFailed({ category_id: [SERVICE_MESSAGES.categoryNotInBranch] });
}

export const adminServiceList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/services',
  summary: 'Admin service list: page, keyword (3+ characters), hospital, branch, category, status, market',
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  query: adminServiceListQuery,
  response: adminServiceListData,
  async handler({ query, db }) {
    const page = await adminServicePage(db, query);
    return { services: page.services, pagination: { current: query.page, last: lastPage(page.totalItems, ADMIN_SERVICE_PAGE_SIZE), total_items: page.totalItems, per_page: ADMIN_SERVICE_PAGE_SIZE } };
  },
});

export const adminServiceCategories = defineEndpoint({
  method: 'GET',
  path: '/api/admin/service-categories',
  summary: "Service categories of a branch (the service form's category choice)",
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  query: z.object({ branchId: z.coerce.number().int().positive() }),
  response: serviceCategoriesData,
  async handler({ query, db }) {
    return { categories: await serviceCategories(db, query.branchId) };
  },
});

export const adminServiceRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/services/:id',
  summary: 'The service read model (the edit form)',
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  params: serviceId,
  response: z.object({ service: adminServiceReadModel }),
  async handler({ params, db }) {
    return { service: await readService(db, params.id) };
  },
});

export const adminServiceCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/services',
  summary: 'Create a service in a branch the caller manages (multipart service form, logo file)',
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  body: formBody,
  response: z.object({ service: adminServiceReadModel }),
  async handler({ body: raw, db, auth, messages }) {
    const body = priced(raw);
    await checkPlacement(db, body);
    const logo = body.logo ? (await storeUpload('logo', body.logo, auth.userId)).publicUrl : null;
    const id = await createService(db, body, logo);
    messages.push(SERVICE_MESSAGES.created);
    return { service: await readService(db, id) };
  },
});

export const adminServiceUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/services/:id',
  summary: 'Update a service (POST with _method=PUT); moving it to another branch needs that branch in scope too',
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  params: serviceId,
  body: formBody,
  response: z.object({ service: adminServiceReadModel }),
  async handler({ params, body: raw, db, auth, messages }) {
    const body = priced(raw);
    await readService(db, params.id);
    await checkPlacement(db, body);
    const logo = body.logo ? { url: (await storeUpload('logo', body.logo, auth.userId)).publicUrl } : body.remove_logo ? { url: null } : undefined;
    if (!(await updateService(db, params.id, body, logo))) throw notFound(SERVICE_MESSAGES.notFound);
    messages.push(SERVICE_MESSAGES.updated);
    return { service: await readService(db, params.id) };
  },
});

export const adminServiceStatus = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/services/:id/status',
  summary: 'Update service status (1 active, 0 inactive: off the public pages at the next rebuild)',
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  params: serviceId,
  body: { json: z.object({ status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])) }) },
  response: z.object({ id: z.number().int(), status: z.number().int() }),
  async handler({ params, body, db, messages }) {
    const row = await setServiceStatus(db, params.id, body.status);
    if (!row) throw notFound(SERVICE_MESSAGES.notFound);
    messages.push(body.status === 1 ? SERVICE_MESSAGES.activated : SERVICE_MESSAGES.deactivated);
    return row;
  },
});

export const adminServiceDelete = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/services/:id',
  summary: 'Delete a service; refused (409) for a service with bookings, which can only be deactivated',
  tags: ['admin', 'services'],
  auth: 'staff',
  roles: MANAGERS,
  params: serviceId,
  response: z.object({ id: z.number().int() }),
  async handler({ params, db, messages }) {
    const outcome = await deleteService(db, params.id);
    if (outcome === 'missing') throw notFound(SERVICE_MESSAGES.notFound);
    if (outcome === 'booked') throw new ApiError(409, SERVICE_MESSAGES.hasBookings);
    messages.push(SERVICE_MESSAGES.deleted);
    return { id: params.id };
  },
});

export default serve(adminServiceList, adminServiceCategories, adminServiceRead, adminServiceCreate, adminServiceUpdate, adminServiceStatus, adminServiceDelete);
export const config = { path: ['/api/admin/services', '/api/admin/service-categories', '/api/admin/services/:id', '/api/admin/services/:id/status'] };
