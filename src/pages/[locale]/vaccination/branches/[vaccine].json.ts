/**
 * /{locale}/vaccination/branches/{vaccine slug}.json: the whole vaccine branch list of a vaccine, in its default
 * order, as the detail pages show it (static, one file per vaccine): 'load more' and distance sorting read it.
 */
import type { APIRoute } from 'astro';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../../../../i18n/locales';
import { loadVaccinations } from '../../../../data/vaccinations';
import { vaccineBranchItem, type VaccineInput } from '../../../../lib/vaccination';

export async function getStaticPaths() {
  const paths = [];
  for (const locale of LOCALES) {
    for (const vaccine of await loadVaccinations(locale)) {
      if (vaccine.branches.length) paths.push({ params: { locale: LOCALE_CONFIG[locale].prefix, vaccine: vaccine.slug }, props: { locale, vaccine } });
    }
  }
  return paths;
}

export const GET: APIRoute = ({ props }) => {
  const { locale, vaccine } = props as { locale: Locale; vaccine: VaccineInput };
  const items = vaccine.branches.map((b) => vaccineBranchItem(locale, vaccine.slug, b));
  return new Response(JSON.stringify(items), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
