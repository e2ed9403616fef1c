/**
 * Build-time queries of the home page (issue #7 item 6): one bulk query per locale for the homepage content
 * blocks with what each points at, one for the popular search keys and one for the cities the directory covers.
 * Read as anon, so RLS decides: inactive blocks and keys, unpublished hospitals and what hangs off them are not
 * returned (a block whose hospital, doctor, service or category is not visible comes back without it).
 */
import { ANON, asCaller, getDatabase, type Queryable } from './db';
import { LOCALE_CONFIG, type Currency, type Locale } from '../../i18n/locales';
import type { BlockSchedule, HomepageBlockKind } from '../lib/homepage';
import type { PriceType } from '../lib/prices';

export interface BlockHospital {
  id: number;
  name: string;
  slug: string;
  address: string | null;
  city: string | null;
  logo: string | null;
  websiteUrl: string | null;
  bookingUrl: string | null;
  rating: number;
  totalReviews: number;
}
type HospitalLinkRef = Pick<BlockHospital, 'name' | 'slug' | 'websiteUrl' | 'bookingUrl'>;

export interface BlockDoctor {
  id: number;
  name: string;
  slug: string;
  avatar: string | null;
  bookingUrl: string | null;
  specialties: string[];
  hospital: HospitalLinkRef;
}

export interface BlockService {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  price: number;
  priceTo: number | null;
  priceType: PriceType;
  originalPrice: number | null;
  promotion: number | null;
  currency: Currency | null;
  hospital: HospitalLinkRef;
}

export interface BlockCategory {
  id: number;
  name: string;
  services: number;
  hospital: HospitalLinkRef;
}

export interface HomepageBlockRow extends BlockSchedule {
  kind: HomepageBlockKind;
  title: string | null;
  imageDesktop: string | null;
  imageMobile: string | null;
  linkUrl: string | null;
  videoUrl: string | null;
  hospital: BlockHospital | null;
  doctor: BlockDoctor | null;
  service: BlockService | null;
  category: BlockCategory | null;
}

export interface PopularSearchKey { id: number; keyword: string; url: string | null }
export interface CityCoverage { city: string; hospitals: number }

export interface HomepageData {
  blocks: HomepageBlockRow[];
  popularKeys: PopularSearchKey[];
  cities: CityCoverage[];
}

const HOSPITAL_REF = (h: string) => `json_build_object('name', ${h}.name, 'slug', ${h}.slug, 'websiteUrl', ${h}.website_url, 'bookingUrl', ${h}.booking_url)`;

export async function homepageBlocks(c: Queryable, countryId: number): Promise<HomepageBlockRow[]> {
  const { rows } = await c.query(
    `select b.id::int as id, b.kind, b.title, b.image_desktop as "imageDesktop", b.image_mobile as "imageMobile", b.link_url as "linkUrl",
            b.video_url as "videoUrl", b.sort_order as "sortOrder", b.is_active as "isActive", b.starts_at as "startsAt", b.ends_at as "endsAt",
            (select json_build_object('id', h.id, 'name', h.name, 'slug', h.slug, 'address', h.address, 'city', h.city, 'logo', coalesce(h.logo, o.logo),
                    'websiteUrl', h.website_url, 'bookingUrl', h.booking_url, 'rating', coalesce(rv.rating, 0), 'totalReviews', coalesce(rv.total, 0))
               from public.hospitals h
               join public.organizations o on o.id = h.organization_id
               left join lateral (select avg(r.rate)::float8 as rating, count(*)::int as total from public.reviews r where r.hospital_id = h.id) rv on true
              where h.id = b.hospital_id) as hospital,
            (select json_build_object('id', d.id, 'name', d.name, 'slug', d.slug, 'avatar', d.avatar, 'bookingUrl', d.booking_url,
                    'specialties', coalesce((select json_agg(sp.name order by sp.name) from public.doctor_specialties ds
                                              join public.specialties sp on sp.id = ds.specialty_id where ds.doctor_id = d.id), '[]'::json),
                    'hospital', ${HOSPITAL_REF('h')})
               from public.doctors d join public.hospitals h on h.id = d.hospital_id
              where d.id = b.doctor_id) as doctor,
            (select json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'logo', coalesce(s.logo, h.logo), 'price', s.price, 'priceTo', s.price_to,
                    'priceType', s.price_type, 'originalPrice', s.original_price, 'promotion', s.promotion_percent, 'currency', s.price_unit,
                    'hospital', ${HOSPITAL_REF('h')})
               from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
              where s.id = b.service_id) as service,
            (select json_build_object('id', sc.id, 'name', sc.name, 'hospital', ${HOSPITAL_REF('h')},
                    'services', (select count(*)::int from public.hospital_services s where s.category_id = sc.id))
               from public.service_categories sc join public.hospitals h on h.id = sc.hospital_id
              where sc.id = b.category_id) as category
       from public.homepage_blocks b
      where b.country_id = $1
      order by b.kind, b.sort_order, b.id`,
    [countryId],
  );
  return rows.map((r) => ({
    ...r,
    service: r.service ? { ...r.service, price: Number(r.service.price), priceTo: r.service.priceTo == null ? null : Number(r.service.priceTo), originalPrice: r.service.originalPrice == null ? null : Number(r.service.originalPrice) } : null,
  })) as HomepageBlockRow[];
}

export async function popularSearchKeys(c: Queryable, countryId: number): Promise<PopularSearchKey[]> {
  const { rows } = await c.query(
    `select id::int as id, keyword, url from public.popular_search_keys where country_id = $1 and is_active order by sort_order, id`,
    [countryId],
  );
  return rows as PopularSearchKey[];
}

/** The cities of the country with published hospitals, most hospitals first. */
export async function citiesCovered(c: Queryable, countryId: number): Promise<CityCoverage[]> {
  const { rows } = await c.query(
    `select h.city, count(*)::int as hospitals from public.hospitals h where h.country_id = $1 and h.city is not null
      group by h.city order by count(*) desc, h.city`,
    [countryId],
  );
  return rows as CityCoverage[];
}

/** Everything the home page of a locale reads, in one anon transaction. */
export async function loadHomepage(locale: Locale): Promise<HomepageData> {
  const db = await getDatabase();
  const countryId = LOCALE_CONFIG[locale].countryId;
  return asCaller(db, ANON, async (c) => ({
    blocks: await homepageBlocks(c, countryId),
    popularKeys: await popularSearchKeys(c, countryId),
    cities: await citiesCovered(c, countryId),
  }));
}
