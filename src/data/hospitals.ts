/** Build-time and server-side queries for hospitals, returning typed view models. */
import { ANON, asCaller, getDatabase } from './db';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';

export interface HospitalSummary {
  id: number;
  name: string;
  slug: string;
  address: string;
  city: string;
  logo: string | null;
  organizationName: string;
}

/** Hospitals a visitor may see in a locale's country (RLS as anon decides what is published). */
export async function listHospitals(locale: Locale): Promise<HospitalSummary[]> {
  const db = await getDatabase();
  return asCaller(db, ANON, async (c) => {
    const { rows } = await c.query<HospitalSummary>(
      `select h.id, h.name, h.slug, h.address, h.city, h.logo, o.name as "organizationName"
         from public.hospitals h
         join public.organizations o on o.id = h.organization_id
        where h.country_id = $1
        order by h.city, h.name`,
      [LOCALE_CONFIG[locale].countryId],
    );
    return rows;
  });
}
