/**
 * GET /api/og-images/{type}/?locale=…&{type}Id=… (SPEC §2): the 1200×630 PNG share image of a hospital, doctor,
 * service, vaccine (id = vaccine_detail_id) or specialty page, in the locale's site name and script. Read as anon
 * (RLS: only what is published), only in the locale's country. Public and cacheable: a long CDN lifetime (the
 * cache is emptied by each deploy, and directory changes trigger a rebuild), a shorter browser one, and an ETag
 * computed before drawing, so a revalidation costs one query and no rendering.
 */
import { z } from 'zod';
import { LOCALES } from '../i18n/locales';
import { loadShareImageInput } from '../src/data/share-image';
import { notFound, validationFailed } from '../src/lib/errors';
import { SHARE_IMAGE_TYPES, shareImageIdParam, shareImageModel } from '../src/lib/share-image';
import { binaryAnswer, defineEndpoint, serve } from '../src/server/endpoint';
import { readStoredImage, renderShareImage, shareImageEtag } from '../src/server/share-image';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** Browser: one hour; CDN: a week, served stale for a day while it revalidates. */
export const SHARE_IMAGE_CACHE = {
  'Cache-Control': 'public, max-age=3600, s-maxage=604800, stale-while-revalidate=86400',
  'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=604800, stale-while-revalidate=86400',
} as const;

const etagMatches = (header: string | null, etag: string) =>
  !!header && header.split(',').some((t) => { const v = t.trim().replace(/^W\//, ''); return v === etag || v === '*'; });

export const ogImage = defineEndpoint({
  method: 'GET',
  path: '/api/og-images/:type/',
  summary: 'Share image (Open Graph, 1200×630 PNG) of a hospital, doctor, service, vaccine or specialty page',
  description: 'Query: locale and {type}Id (hospitalId, doctorId, serviceId, vaccineId = vaccine_detail_id, specialtyId).',
  tags: ['directory'],
  auth: 'public',
  produces: 'image/png',
  params: z.object({ type: z.enum(SHARE_IMAGE_TYPES) }),
  query: z.object({
    locale: z.enum(LOCALES),
    hospitalId: id,
    doctorId: id,
    serviceId: id,
    vaccineId: id,
    specialtyId: id,
  }),
  response: binaryAnswer,
  // Drawing costs CPU: an address not yet cached by the CDN is drawn at most this often per client.
  rateLimit: { bucket: 'og_image', key: 'ip' },
  async handler({ params, query, db, request }) {
    const param = shareImageIdParam(params.type);
    const entityId = query[param];
    const others = (Object.keys(query) as (keyof typeof query)[]).filter((k) => k !== 'locale' && k !== param && query[k] !== undefined);
    if (entityId === undefined || others.length) {
      const errors: Record<string, string[]> = {};
      if (entityId === undefined) errors[param] = ['This field is required'];
      for (const k of others) errors[k] = [`Not used by a ${params.type} image: send ${param}`];
      throw validationFailed(errors, 400);
    }
    const input = await loadShareImageInput(db, params.type, query.locale, entityId);
    if (!input) throw notFound(`This ${params.type} does not exist or is not published in ${query.locale}.`);
    const model = shareImageModel(query.locale, input);
    const image = await readStoredImage(model.image);
    const etag = shareImageEtag(model, image);
    const headers = {
      ...SHARE_IMAGE_CACHE,
      ETag: etag,
      'Netlify-Cache-Tag': `og-image,og-${params.type}-${entityId}`,
      // Social networks' crawlers and chat apps show it from their own origins.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Disposition': `inline; filename="${params.type}-${entityId}-${query.locale}.png"`,
    };
    if (etagMatches(request.headers.get('if-none-match'), etag)) return { status: 304 as const, headers };
    const { png } = await renderShareImage(model, image);
    return { body: png, headers };
  },
});

export default serve(ogImage);
export const config = { path: '/api/og-images/:type/' };
