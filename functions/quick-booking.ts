/**
 * Quick-booking searches (SPEC §7): doctors and services of a branch (accept version 2.0.0) and the specialties of
 * a hospital. Public, cacheable for a few seconds on the CDN (AVAILABILITY_CDN); a call that reaches the function
 * reads the branch's list in one query, as the caller, and filters it. Doctors and services without a free slot in
 * the schedule calls' horizon are answered too, with `hasSlots` false and after the others (issue #30 item 7).
 */
import { clampKeyword } from '../src/lib/hospital-page';
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { AVAILABILITY_CDN } from '../src/server/availability-cache';
import { searchDoctors, searchServices, specialtiesOfHospital } from '../src/data/quick-booking';
import { ALL_SPECIALTIES_ID } from '../src/lib/quick-booking';
import { PRICE_TYPES } from '../src/lib/prices';
import { NEAREST_HORIZON_DAYS } from '../src/lib/slots';

/** The version these calls answer (SPEC §7 'accept version 2.0.0'). */
export const SEARCH_VERSION = '2.0.0';

const id = z.coerce.number().int().positive();
/** Cut to the search box's maximum rather than refused (issue #30 item 5). */
const keyword = z.string().transform(clampKeyword).optional();
/** Empty (or the 'All specialties' id -1) means every specialty. */
const specialtyId = z
  .union([z.literal(''), z.coerce.number().int()])
  .optional()
  .transform((v) => (v === '' || v === undefined || v === ALL_SPECIALTIES_ID ? null : v))
  .refine((v) => v === null || v > 0, 'Expected a specialty id, or empty for all specialties');

const price = { price: z.number(), priceTo: z.number().nullable(), priceType: z.enum(PRICE_TYPES), priceUnit: z.string() };

const doctorResult = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  slug: z.string(),
  ...price,
  partnerGroup: z.boolean(),
  validOutpatient: z.boolean(),
  validTelemedicine: z.boolean(),
  bufferTimeTele: z.number().int(),
  bufferTimeOutpatient: z.number().int(),
  babyFormulaCampaign: z.boolean(),
  specialties: z.array(z.number().int()),
  hasSlots: z.boolean().describe(`A free slot from today to ${NEAREST_HORIZON_DAYS} days later (hospital's zone); listed after those that have one`),
});

const serviceResult = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  ...price,
  originalPrice: z.number().nullable(),
  promotion: z.number().nullable(),
  bufferTime: z.number().int(),
  hasSlots: z.boolean().describe(`A free slot from today to ${NEAREST_HORIZON_DAYS} days later (hospital's zone); listed after those that have one`),
});

export const doctorSearch = defineEndpoint({
  method: 'GET',
  path: '/api/quick-booking/doctors',
  summary: 'Doctors of a hospital branch for quick booking (specialtyId empty for all; keyword on the name)',
  tags: ['booking'],
  auth: 'public',
  database: 'statements',
  versions: [SEARCH_VERSION],
  query: z.object({ hospitalBranchId: id, specialtyId, keyword }),
  response: z.object({ searches: z.array(doctorResult) }),
  ...AVAILABILITY_CDN,
  handler: async ({ db, query }) => ({ searches: await searchDoctors(db, query) }),
});

export const serviceSearch = defineEndpoint({
  method: 'GET',
  path: '/api/quick-booking/services',
  summary: 'Bookable services of a hospital branch for quick booking (packages excluded; keyword on the name)',
  tags: ['booking'],
  auth: 'public',
  database: 'statements',
  versions: [SEARCH_VERSION],
  query: z.object({ hospitalBranchId: id, keyword }),
  response: z.object({ searches: z.array(serviceResult) }),
  ...AVAILABILITY_CDN,
  handler: async ({ db, query }) => ({ searches: await searchServices(db, query) }),
});

export const hospitalSpecialties = defineEndpoint({
  method: 'GET',
  path: '/api/hospitals/specialties',
  summary: "Specialties of a hospital's bookable doctors (keyword on the name)",
  tags: ['booking'],
  auth: 'public',
  database: 'statements',
  query: z.object({ hospitalId: id, keyword }),
  response: z.object({ specialties: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), thumbnail: z.string().nullable() })) }),
  ...AVAILABILITY_CDN,
  handler: async ({ db, query }) => ({ specialties: await specialtiesOfHospital(db, query) }),
});

export default serve(doctorSearch, serviceSearch, hospitalSpecialties);
export const config = { path: ['/api/quick-booking/doctors', '/api/quick-booking/services', '/api/hospitals/specialties'] };
