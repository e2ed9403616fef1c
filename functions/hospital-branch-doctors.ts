/**
 * GET /api/hospital-branch/doctors: the hospital branch doctor list of SPEC §7 (id, keyword, page; sort_by id
 * and sort asc for the configured hospital). Public, cacheable; `_data.doctors` are the public doctor cards
 * (raw fields plus their display per the card rules), `_data.pagination.last` the last page.
 */
import { clampKeyword } from '../src/lib/hospital-page';
import { z } from 'zod';
import { localeForCountryId, LOCALE_CONFIG } from '../i18n/locales';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { searchKeyword } from '../src/lib/hospital-page';
import { doctorCardModel } from '../src/lib/hospital-cards';
import { hospitalDoctors, hospitalRef } from '../src/data/hospital-page';

const card = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  href: z.string(),
  external: z.boolean(),
  specialties: z.string(),
  provideCare: z.string(),
  tags: z.array(z.object({ kind: z.enum(['notAvailable', 'booking', 'telemedicine']), label: z.string() })),
  available: z.boolean(),
  priceText: z.string().nullable(),
  originalPriceText: z.string().nullable(),
  rating: z.string().nullable(),
  totalReviews: z.number().int(),
  slug: z.string(),
  validOutpatient: z.boolean(),
  validTelemedicine: z.boolean(),
  partnerGroup: z.boolean(),
});

export const hospitalBranchDoctors = defineEndpoint({
  method: 'GET',
  path: '/api/hospital-branch/doctors',
  summary: 'Hospital branch doctor list (public doctor cards), searchable and paged',
  tags: ['directory'],
  auth: 'public',
  cacheSeconds: 60,
  query: z.object({
    id: z.coerce.number().int().positive(),
    // An over-long keyword is cut to the search box's maximum, not refused (issue #30 item 5).
    keyword: z.string().transform(clampKeyword).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    sort_by: z.enum(['id']).optional(),
    sort: z.enum(['asc']).optional(),
  }),
  response: z.object({
    doctors: z.array(card),
    pagination: z.object({ current: z.number().int(), last: z.number().int(), total: z.number().int() }),
  }),
  async handler({ query, db }) {
    const hospital = await hospitalRef(db, query.id);
    const locale = hospital && localeForCountryId(hospital.countryId);
    if (!hospital || !locale) throw notFound('This hospital does not exist or is not published.');
    const page = await hospitalDoctors(db, { id: hospital.id, keyword: searchKeyword(query.keyword), page: query.page, sortById: query.sort_by === 'id' });
    return {
      doctors: page.items.map((d) => ({
        ...doctorCardModel(locale, d, { websiteUrl: hospital.websiteUrl, bookingUrl: hospital.bookingUrl }, LOCALE_CONFIG[locale].currency),
        slug: d.slug,
        validOutpatient: d.validOutpatient,
        validTelemedicine: d.validTelemedicine,
        partnerGroup: d.partnerGroup,
      })),
      pagination: { current: page.page, last: page.lastPage, total: page.totalItems },
    };
  },
});

export default serve(hospitalBranchDoctors);
export const config = { path: '/api/hospital-branch/doctors' };
