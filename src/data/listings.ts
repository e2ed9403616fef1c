/**
 * Build-time data of the listing pages (issue #7): the specialty index, the doctor listings of a city for a
 * specialty and the hospital listings. Per locale: the published hospitals are the hospital pages' bulk load
 * (shared, memoised: no extra query), plus one query for the specialties and one for every doctor. Everything
 * runs as anon, so RLS decides what a visitor may see.
 */
import { ANON, asCaller, getDatabase } from './db';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { DOCTOR_COLUMNS, DOCTOR_REVIEWS_JOIN, loadHospitalPages, toDoctor, type DoctorCardView, type HospitalPageView } from './hospital-page';
import { hasDoctorListings } from '../lib/listings';

export interface ListingSpecialty { id: number; name: string; slug: string; thumbnail: string | null }

/** A doctor card's data plus its hospital (branch), which gives the city and the card's hospital block. */
export interface ListingDoctor extends DoctorCardView {
  hospitalId: number;
  citySlug: string;
  city: string;
  hospital: { id: number; name: string; slug: string; logo: string | null; websiteUrl: string | null; bookingUrl: string | null };
}

export interface LocaleListings {
  locale: Locale;
  specialties: ListingSpecialty[];
  /** Published hospitals of the country (RLS as anon). */
  hospitals: HospitalPageView[];
  /** Doctors of those hospitals; empty where the locale has no doctor listings. */
  doctors: ListingDoctor[];
  /** Cities with a published hospital, by name: the cities of the filters and of the doctor listings. */
  cities: { slug: string; name: string }[];
}

async function load(locale: Locale): Promise<LocaleListings> {
  const hospitals = await loadHospitalPages(locale);
  const country = LOCALE_CONFIG[locale].countryId;
  const db = await getDatabase();
  const { specialtyRows, doctorRows } = await asCaller(db, ANON, async (c) => {
    const specialtyRows = (await c.query(`select id, name, slug, thumbnail from public.specialties where country_id = $1 order by id`, [country])).rows;
    const doctorRows = hasDoctorListings(locale)
      ? (await c.query(`select ${DOCTOR_COLUMNS} from public.doctors d ${DOCTOR_REVIEWS_JOIN} where d.country_id = $1 order by d.id`, [country])).rows
      : [];
    return { specialtyRows, doctorRows };
  });
  const byId = new Map(hospitals.map((h) => [h.id, h]));
  const doctors: ListingDoctor[] = [];
  for (const r of doctorRows as Record<string, unknown>[]) {
    const h = byId.get(Number(r.hospital_id));
    if (!h) continue;
    doctors.push({
      ...toDoctor(r),
      hospitalId: h.id,
      citySlug: h.citySlug,
      city: h.city,
      hospital: { id: h.id, name: h.name, slug: h.slug, logo: h.logo ?? h.organization.logo, websiteUrl: h.websiteUrl, bookingUrl: h.bookingUrl },
    });
  }
  const cities = new Map<string, string>();
  for (const h of hospitals) if (h.citySlug && !cities.has(h.citySlug)) cities.set(h.citySlug, h.city);
  return {
    locale,
    specialties: (specialtyRows as Record<string, unknown>[]).map((s) => ({ id: Number(s.id), name: String(s.name), slug: String(s.slug), thumbnail: (s.thumbnail as string) ?? null })),
    hospitals,
    doctors,
    cities: [...cities].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name, LOCALE_CONFIG[locale].htmlLang) || a.slug.localeCompare(b.slug)),
  };
}

const cache = new Map<Locale, Promise<LocaleListings>>();

/** A locale's listing data, memoised for the build (every listing route of the locale shares it). */
export function loadListings(locale: Locale): Promise<LocaleListings> {
  let p = cache.get(locale);
  if (!p) {
    p = load(locale);
    cache.set(locale, p);
  }
  return p;
}
