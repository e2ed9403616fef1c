/**
 * The entity a share image is about, read through the caller's transaction (anon: RLS decides what is public)
 * and only in the locale's country: null when it does not exist, is not published, or belongs to another locale.
 */
import type pg from 'pg';
import { LOCALE_CONFIG, type Currency, type Locale } from '../../i18n/locales';
import type { ShareImageType } from '../lib/directory-routes';
import type { ShareImageInput } from '../lib/share-image';

const num = (v: unknown): number => (v == null ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
const str = (v: unknown): string | null => (v == null ? null : String(v));

const QUERIES: Record<ShareImageType, string> = {
  hospital: `
    select h.name, h.address, h.city, coalesce(nullif(btrim(h.logo), ''), nullif(btrim(o.logo), '')) as logo,
           (select avg(r.rate)::float8 from public.reviews r where r.hospital_id = h.id) as rating,
           (select count(*)::int from public.reviews r where r.hospital_id = h.id) as total_reviews
      from public.hospitals h join public.organizations o on o.id = h.organization_id
     where h.id = $1 and h.country_id = $2`,
  doctor: `
    select d.name, d.avatar, h.name as hospital_name,
           coalesce((select array_agg(sp.name order by sp.name) from public.doctor_specialties ds
                       join public.specialties sp on sp.id = ds.specialty_id where ds.doctor_id = d.id), '{}') as specialties,
           (select avg(r.rate)::float8 from public.reviews r where r.doctor_id = d.id) as rating,
           (select count(*)::int from public.reviews r where r.doctor_id = d.id) as total_reviews
      from public.doctors d join public.hospitals h on h.id = d.hospital_id
     where d.id = $1 and d.country_id = $2`,
  service: `
    select s.name, coalesce(nullif(btrim(s.logo), ''), nullif(btrim(h.logo), '')) as logo, h.name as hospital_name,
           s.price, s.price_to, s.price_type, s.original_price, s.promotion_percent, s.price_unit, s.availability,
           (select avg(r.rate)::float8 from public.reviews r where r.service_id = s.id) as rating,
           (select count(*)::int from public.reviews r where r.service_id = s.id) as total_reviews
      from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
     where s.id = $1 and s.country_id = $2`,
  // A vaccine page is one branch's offer: the id is the vaccine_detail_id (SPEC §2). Its rating is the vaccine's.
  vaccine: `
    select v.name, v.display_name, v.logo, h.name as hospital_name, h.address,
           vd.price, vd.price_discount, vd.percent_discount, vd.price_unit, vd.status,
           (select avg(r.rate)::float8 from public.reviews r where r.vaccine_id = v.id) as rating,
           (select count(*)::int from public.reviews r where r.vaccine_id = v.id) as total_reviews
      from public.vaccine_details vd
      join public.vaccines v on v.id = vd.vaccine_id
      join public.hospitals h on h.id = vd.hospital_id
     where vd.id = $1 and v.country_id = $2 and h.country_id = $2`,
  specialty: `
    select sp.name, sp.thumbnail,
           (select count(distinct ds.doctor_id)::int from public.doctor_specialties ds join public.doctors d on d.id = ds.doctor_id
             where ds.specialty_id = sp.id) as doctors,
           (select count(*)::int from public.hospital_specialties hs join public.hospitals h on h.id = hs.hospital_id
             where hs.specialty_id = sp.id) as hospitals
      from public.specialties sp
     where sp.id = $1 and sp.country_id = $2`,
};

export async function loadShareImageInput(c: pg.PoolClient, type: ShareImageType, locale: Locale, id: number): Promise<ShareImageInput | null> {
  const { rows } = await c.query(QUERIES[type], [id, LOCALE_CONFIG[locale].countryId]);
  const r = rows[0];
  if (!r) return null;
  const rated = { rating: num(r.rating), totalReviews: num(r.total_reviews) };
  switch (type) {
    case 'hospital':
      return { type, name: String(r.name), address: String(r.address ?? ''), city: str(r.city), logo: str(r.logo), ...rated };
    case 'doctor':
      return { type, name: String(r.name), avatar: str(r.avatar), hospitalName: String(r.hospital_name), specialties: (r.specialties as string[]) ?? [], ...rated };
    case 'service':
      return {
        type,
        name: String(r.name),
        logo: str(r.logo),
        hospitalName: String(r.hospital_name),
        price: num(r.price),
        priceTo: numOrNull(r.price_to),
        priceType: String(r.price_type),
        originalPrice: numOrNull(r.original_price),
        promotion: numOrNull(r.promotion_percent),
        currency: String(r.price_unit).trim() as Currency,
        availability: numOrNull(r.availability),
        ...rated,
      };
    case 'vaccine':
      return {
        type,
        name: String(r.name),
        displayName: str(r.display_name),
        logo: str(r.logo),
        hospitalName: String(r.hospital_name),
        address: String(r.address ?? ''),
        price: num(r.price),
        priceDiscount: numOrNull(r.price_discount),
        percentDiscount: numOrNull(r.percent_discount),
        currency: String(r.price_unit).trim() as Currency,
        status: str(r.status),
        ...rated,
      };
    case 'specialty':
      return { type, name: String(r.name), thumbnail: str(r.thumbnail), doctors: num(r.doctors), hospitals: num(r.hospitals) };
  }
}
