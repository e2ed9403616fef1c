/**
 * Vaccine details (issue 37 item 3; SPEC §3 Vaccination item): a market's vaccines with display name, logo,
 * description, age groups, doses and notice, for every manager to read; created and edited by platform admins only
 * (one vaccine serves every branch of the market; public.admin_save_vaccine refuses anyone else). Stock stays per
 * branch (functions/admin-vaccinations.ts) and never hides a vaccine page.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { adminVaccineCatalogData, adminVaccineCatalogQuery, adminVaccineDetail, canEditVaccineDetails, newVaccineBody, VACCINE_DETAIL_MESSAGES, vaccineBody } from '../src/lib/admin-vaccines';
import { saveVaccine, vaccineCatalog, vaccineDetail } from '../src/data/admin-vaccine-details';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;

export const adminVaccineCatalog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/vaccine-catalog',
  summary: "A market's vaccines with their details and how many branches price them",
  tags: ['admin', 'vaccinations'],
  auth: 'staff',
  roles: MANAGERS,
  query: adminVaccineCatalogQuery,
  response: adminVaccineCatalogData,
  async handler({ query, db, auth }) {
    return { vaccines: await vaccineCatalog(db, query.countryId), canEdit: canEditVaccineDetails(auth.staff.role) };
  },
});

export const adminVaccineCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/directory/vaccine-catalog',
  summary: 'Create a vaccine of a market (platform admins)',
  tags: ['admin', 'vaccinations'],
  auth: 'staff',
  roles: ['admin', 'super'],
  body: { json: newVaccineBody },
  response: z.object({ vaccine: adminVaccineDetail }),
  async handler({ body, db, messages }) {
    const id = (await saveVaccine(db, null, body))!;
    messages.push(VACCINE_DETAIL_MESSAGES.created);
    return { vaccine: (await vaccineDetail(db, id))! };
  },
});

export const adminVaccineUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/directory/vaccine-catalog/:id',
  summary: "Save a vaccine's details (platform admins); its slug, part of every vaccine page address, stays",
  tags: ['admin', 'vaccinations'],
  auth: 'staff',
  roles: ['admin', 'super'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: { json: vaccineBody },
  response: z.object({ vaccine: adminVaccineDetail }),
  async handler({ params, body, db, messages }) {
    if ((await saveVaccine(db, params.id, body)) == null) throw notFound(VACCINE_DETAIL_MESSAGES.notFound);
    messages.push(VACCINE_DETAIL_MESSAGES.updated);
    return { vaccine: (await vaccineDetail(db, params.id))! };
  },
});

export default serve(adminVaccineCatalog, adminVaccineCreate, adminVaccineUpdate);
export const config = { path: ['/api/admin/directory/vaccine-catalog', '/api/admin/directory/vaccine-catalog/:id'] };
