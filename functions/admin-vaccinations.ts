/**
 * Admin vaccination calls (issue 37, /admin/vaccination): the vaccine × branch grid of an organization (the top
 * bar's hospital) and its bulk save (price, discount percent, status: available, out of stock, limit). Managers
 * only; every query as the caller (src/data/admin-vaccinations.ts). Out of stock never removes a vaccine detail,
 * so its public page stays published.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound, validationFailed } from '../src/lib/errors';
import { adminVaccinesData, adminVaccinesQuery, ORGANIZATION_MESSAGES, VACCINE_MESSAGES, vaccinePricesBody } from '../src/lib/admin-organizations';
import { checkVaccineItems, saveVaccinePrices, vaccineGrid } from '../src/data/admin-vaccinations';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;

export const adminVaccines = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/vaccines',
  summary: "The vaccines of an organization's market and their price, discount and status at each of its branches the caller manages",
  tags: ['admin', 'vaccinations'],
  auth: 'staff',
  roles: MANAGERS,
  query: adminVaccinesQuery,
  response: adminVaccinesData,
  async handler({ query, db }) {
    const grid = await vaccineGrid(db, query.hospitalId);
    if (!grid) throw notFound(ORGANIZATION_MESSAGES.notFound);
    return grid;
  },
});

export const adminVaccinePrices = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/directory/vaccine-details',
  summary: 'Save vaccine prices, discounts and statuses per branch (bulk); creates a vaccine detail where a branch had none',
  tags: ['admin', 'vaccinations'],
  auth: 'staff',
  roles: MANAGERS,
  body: { json: vaccinePricesBody },
  response: z.object({ saved: z.number().int() }),
  async handler({ body, db, messages }) {
    const check = await checkVaccineItems(db, body.items);
    if (check === 'branch') throw validationFailed({ hospital_id: [VACCINE_MESSAGES.branchNotInScope] });
    if (check === 'vaccine') throw validationFailed({ vaccine_id: [VACCINE_MESSAGES.vaccineNotInMarket] });
    const saved = await saveVaccinePrices(db, body.items);
    messages.push(VACCINE_MESSAGES.saved);
    return { saved };
  },
});

export default serve(adminVaccines, adminVaccinePrices);
export const config = { path: ['/api/admin/directory/vaccines', '/api/admin/directory/vaccine-details'] };
