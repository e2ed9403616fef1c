/** /{locale}/sitemap-hospitals.xml: the locale's indexable hospital pages, on the locale's domain (SPEC §2). */
import type { APIRoute } from 'astro';
import { LOCALES, LOCALE_CONFIG, canonicalUrl, type Locale } from '../../../i18n/locales';
import { isIndexable } from '../../lib/hospital-page';
import { loadHospitalPages } from '../../data/hospital-page';

export function getStaticPaths() {
  return LOCALES.map((locale) => ({ params: { locale: LOCALE_CONFIG[locale].prefix }, props: { locale } }));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = async ({ props }) => {
  const locale = (props as { locale: Locale }).locale;
  const hospitals = (await loadHospitalPages(locale)).filter((h) => isIndexable({ id: h.id, status: h.status }) && !h.excludeFromIndex);
  const urls = hospitals.map((h) => `<url><loc>${esc(canonicalUrl(locale, `/hospital/${h.slug}/`))}</loc></url>`).join('');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
