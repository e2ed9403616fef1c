/**
 * GET /api/hospital-branch/services: the hospital services list of SPEC §7 (accept version 2.0.0; id, keyword,
 * page). Public, cacheable; `_data.services` are service cards, `_data.pagination.last` the last page.
 */
import { clampKeyword } from '../src/lib/hospital-page';
import { z } from 'zod';
import { localeForCountryId, localePath } from '../i18n/locales';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { searchKeyword } from '../src/lib/hospital-page';
import { serviceCardModel } from '../src/lib/hospital-cards';
import { hospitalRef, hospitalServices } from '../src/data/hospital-page';

const card = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  href: z.string(),
  priceText: z.string().nullable(),
  originalPriceText: z.string().nullable(),
  discountPercent: z.number().int(),
  rating: z.string().nullable(),
  totalReviews: z.number().int(),
  outOfStock: z.boolean(),
  slug: z.string(),
  price: z.number(),
  priceTo: z.number().nullable(),
  priceType: z.enum(['fixed', 'starting', 'range']),
  priceUnit: z.string(),
  promoPercent: z.number().nullable(),
  package: z.boolean(),
});

export const hospitalBranchServices = defineEndpoint({
  method: 'GET',
  path: '/api/hospital-branch/services',
  summary: 'Hospital services list (service cards), searchable and paged',
  tags: ['directory'],
  auth: 'public',
  versions: ['2.0.0'],
  cacheSeconds: 60,
  query: z.object({
    id: z.coerce.number().int().positive(),
    // An over-long keyword is cut to the search box's maximum, not refused (issue #30 item 5).
    keyword: z.string().transform(clampKeyword).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    services: z.array(card),
    pagination: z.object({ current: z.number().int(), last: z.number().int(), total: z.number().int() }),
  }),
  async handler({ query, db }) {
    const hospital = await hospitalRef(db, query.id);
    const locale = hospital && localeForCountryId(hospital.countryId);
    if (!hospital || !locale) throw notFound('This hospital does not exist or is not published.');
    const page = await hospitalServices(db, { id: hospital.id, keyword: searchKeyword(query.keyword), page: query.page });
    const hospitalPath = localePath(locale, `/hospital/${hospital.slug}/`);
    return {
      services: page.items.map((s) => ({
        ...serviceCardModel(locale, s, hospitalPath),
        slug: s.slug,
        price: s.price,
        priceTo: s.priceTo,
        priceType: s.priceType,
        priceUnit: s.currency,
        promoPercent: s.promotion,
        package: s.isPackage,
      })),
      pagination: { current: page.page, last: page.lastPage, total: page.totalItems },
    };
  },
});

export default serve(hospitalBranchServices);
export const config = { path: '/api/hospital-branch/services' };
