/**
 * GET /api/search: the directory search behind /{locale}/search/ (popular search keys link there). Hospitals of
 * the locale's country, and doctors and services only where the locale has those listings (SPEC §1), matching a
 * keyword of at least 3 characters (SPEC §5), ranked and limited per kind. Each result carries its link, built by
 * the directory routes for pages that exist in the locale (zh-TW: the hospital's website or booking URL).
 * Public and cacheable for a short time; rate-limited per client address.
 */
import { clampKeyword } from '../src/lib/hospital-page';
import { z } from 'zod';
import { LOCALES, LOCALE_CONFIG } from '../i18n/locales';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { searchDirectory } from '../src/data/search';
import { doctorHref, hospitalHref, serviceHref } from '../src/lib/homepage';
import { priceView } from '../src/lib/prices';
import { formatRating } from '../src/lib/reviews';
import { imageSrc, DEFAULT_AVATAR } from '../src/lib/images';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SEARCH_RESULT_LIMIT, searchKinds, SEARCH_KINDS } from '../src/lib/search';

const link = { href: z.string(), external: z.boolean() };

export const search = defineEndpoint({
  method: 'GET',
  path: '/api/search',
  summary: 'Directory search: hospitals, and doctors and services where the locale lists them, matching a keyword',
  description: `keyword: at least ${SEARCH_MIN_CHARS} characters. At most ${SEARCH_RESULT_LIMIT} results of each kind, best match first.`,
  tags: ['directory'],
  auth: 'public',
  cacheSeconds: 60,
  rateLimit: { bucket: 'directory_search', key: 'ip' },
  query: z.object({
    locale: z.enum(LOCALES),
    // Cut to the box's maximum (an over-long keyword is not an error: issue #30 item 5), then at least 3 characters.
    keyword: z.string().transform(clampKeyword).pipe(z.string().min(SEARCH_MIN_CHARS)),
  }),
  response: z.object({
    keyword: z.string(),
    kinds: z.array(z.enum(SEARCH_KINDS)),
    total: z.number().int(),
    hospitals: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable(), logo: z.string(), rating: z.string().nullable(), totalReviews: z.number().int(), ...link })),
    doctors: z.array(z.object({ id: z.number().int(), name: z.string(), avatar: z.string(), specialties: z.string(), hospitalName: z.string(), ...link })),
    services: z.array(z.object({ id: z.number().int(), name: z.string(), logo: z.string(), hospitalName: z.string(), priceText: z.string().nullable(), originalPriceText: z.string().nullable(), ...link })),
  }),
  async handler({ query, db }) {
    const { locale, keyword } = query;
    const kinds = searchKinds(locale);
    const rows = await searchDirectory(db, {
      countryId: LOCALE_CONFIG[locale].countryId,
      keyword,
      doctors: kinds.includes('doctors'),
      services: kinds.includes('services'),
    });
    const hospitals = rows.hospitals.map((h) => ({
      id: h.id,
      name: h.name,
      address: h.address && h.city && !h.address.includes(h.city) ? `${h.address}, ${h.city}` : h.address || h.city || null,
      logo: imageSrc(h.logo, 48),
      rating: h.totalReviews > 0 ? formatRating(h.rating) : null,
      totalReviews: h.totalReviews,
      ...hospitalHref(locale, h),
    }));
    const doctors = rows.doctors.map((d) => ({
      id: d.id,
      name: d.name,
      avatar: imageSrc(d.avatar, 48, DEFAULT_AVATAR),
      specialties: d.specialties.join(', '),
      hospitalName: d.hospital.name,
      ...doctorHref(locale, d, d.hospital),
    }));
    const services = rows.services.map((s) => {
      const price = priceView(locale, { ...s, currency: s.currency ?? LOCALE_CONFIG[locale].currency });
      return {
        id: s.id,
        name: s.name,
        logo: imageSrc(s.logo, 48),
        hospitalName: s.hospital.name,
        priceText: price.visible ? price.text : null,
        originalPriceText: price.visible ? price.originalText : null,
        ...serviceHref(locale, s, s.hospital),
      };
    });
    return { keyword, kinds, total: hospitals.length + doctors.length + services.length, hospitals, doctors, services };
  },
});

export default serve(search);
export const config = { path: '/api/search' };
