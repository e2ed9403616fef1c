/**
 * Quick-booking searches (SPEC §7): doctors and services of a branch (accept version 2.0.0) and the specialties of
 * a hospital. Public, cacheable for a few seconds. A branch's doctors, services and specialties are shared loads
 * (one per branch serves every specialty and keyword of it), kept beneath the CDN's copies of the answers until
 * the availability journal names the branch (SEARCH_CACHE).
 */
import { clampKeyword } from '../src/lib/hospital-page';
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { SEARCH_CACHE, SEARCH_ENDPOINT } from '../src/server/read-cache';
import { SharedLoads, type SharedLoadOptions } from '../src/server/shared-loads';
import { availabilityJournal } from '../src/server/availability-journal';
import {
  filterDoctors,
  filterServices,
  filterSpecialties,
  loadBranchDoctors,
  loadBranchServices,
  loadBranchSpecialties,
  type DoctorSearchResult,
  type ServiceSearchResult,
  type SpecialtyResult,
} from '../src/data/quick-booking';
import { ALL_SPECIALTIES_ID } from '../src/lib/quick-booking';
import { PRICE_TYPES } from '../src/lib/prices';

/** Every asked branch gets a list (an unknown one an empty list): a search of it finds nothing. */
const noBranch = () => new Error('a branch load answers every id');
/** Branch loads, kept until the availability journal names their branch (or every branch). */
const branchLoads = <V>(loadMany: SharedLoadOptions<V>['loadMany']) =>
  new SharedLoads<V>({ ttlMs: SEARCH_CACHE.loadMs, loadMany, missing: noBranch, changes: availabilityJournal.feed('branch') });
export const branchDoctors = branchLoads<DoctorSearchResult[]>(loadBranchDoctors);
export const branchServices = branchLoads<ServiceSearchResult[]>(loadBranchServices);
export const branchSpecialties = branchLoads<SpecialtyResult[]>(loadBranchSpecialties);
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
});

export const doctorSearch = defineEndpoint({
  method: 'GET',
  path: '/api/quick-booking/doctors',
  summary: 'Doctors of a hospital branch for quick booking (specialtyId empty for all; keyword on the name)',
  tags: ['booking'],
  auth: 'public',
  versions: [SEARCH_VERSION],
  query: z.object({ hospitalBranchId: id, specialtyId, keyword }),
  response: z.object({ searches: z.array(doctorResult) }),
  ...SEARCH_ENDPOINT,
  handler: async ({ query }) => ({ searches: filterDoctors(await branchDoctors.get(query.hospitalBranchId), query) }),
});

export const serviceSearch = defineEndpoint({
  method: 'GET',
  path: '/api/quick-booking/services',
  summary: 'Bookable services of a hospital branch for quick booking (packages excluded; keyword on the name)',
  tags: ['booking'],
  auth: 'public',
  versions: [SEARCH_VERSION],
  query: z.object({ hospitalBranchId: id, keyword }),
  response: z.object({ searches: z.array(serviceResult) }),
  ...SEARCH_ENDPOINT,
  handler: async ({ query }) => ({ searches: filterServices(await branchServices.get(query.hospitalBranchId), query) }),
});

export const hospitalSpecialties = defineEndpoint({
  method: 'GET',
  path: '/api/hospitals/specialties',
  summary: "Specialties of a hospital's bookable doctors (keyword on the name)",
  tags: ['booking'],
  auth: 'public',
  query: z.object({ hospitalId: id, keyword }),
  response: z.object({ specialties: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), thumbnail: z.string().nullable() })) }),
  ...SEARCH_ENDPOINT,
  handler: async ({ query }) => ({ specialties: filterSpecialties(await branchSpecialties.get(query.hospitalId), query) }),
});

export default serve(doctorSearch, serviceSearch, hospitalSpecialties);
export const config = { path: ['/api/quick-booking/doctors', '/api/quick-booking/services', '/api/hospitals/specialties'] };
