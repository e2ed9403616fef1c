/**
 * Homepage content of the seed (issue #7 item 6), completing what seed.ts inserts per market (banners, top
 * hospitals, doctors and services, one promotion, one video, popular search keys): pictures shipped in
 * public/images/home/ and links to pages that exist, two more promotions, top service categories, the
 * platform's presence in the six markets, and banners that must not show (expired, scheduled, inactive).
 * Deterministic: everything is chosen by ordered queries over the deterministic directory.
 */
import { LOCALES, LOCALE_CONFIG, canonicalUrl, type Locale } from '../../i18n/locales';
import { transaction, type Database, type Queryable } from '../../src/data/db';
import { hospitalPath, searchPath } from '../../src/lib/directory-routes';
import { LOCAL_TEXT } from './local';

const IMAGES = '/images/home';

/** Title of the top video per market. */
export const VIDEO_TITLES: Record<Locale, string> = {
  'vi-VN': 'Đặt lịch khám bệnh trực tuyến trong 3 bước',
  'en-PH': 'Book a doctor online in 3 easy steps',
  'id-ID': 'Buat janji dokter online dalam 3 langkah',
  'zh-TW': '三步驟線上預約看診',
  'ms-MY': 'Tempah temujanji doktor dalam talian dalam 3 langkah',
  'th-TH': 'จองคิวพบแพทย์ออนไลน์ง่ายๆ ใน 3 ขั้นตอน',
};

/** Popular keys shorter than the 3 characters a search needs (SPEC §5) link to a fuller search instead. */
export const POPULAR_KEY_URLS: Partial<Record<Locale, Record<string, string>>> = {
  'zh-TW': { 胃鏡: searchPath('無痛胃鏡') },
};

/** Banners in the database that the home page must not show: ended, not started yet, switched off. */
export function hiddenBanners(locale: Locale): Array<{ title: string; starts_at?: string; ends_at?: string; is_active?: boolean }> {
  const [first, second, third] = LOCAL_TEXT[locale].voucherNames;
  return [
    { title: `${first} (2025)`, starts_at: '2025-01-01T00:00:00Z', ends_at: '2025-03-01T00:00:00Z' },
    { title: `${second} (2099)`, starts_at: '2099-01-01T00:00:00Z' },
    { title: `${third} (draft)`, is_active: false },
  ];
}

/** The name of each market's country in the language of `locale` (Intl), for the presence blocks. */
export function countryName(locale: Locale, of: Locale): string {
  return new Intl.DisplayNames([LOCALE_CONFIG[locale].htmlLang], { type: 'region' }).of(LOCALE_CONFIG[of].countryCode) ?? LOCALE_CONFIG[of].countryName;
}

async function insertBlock(c: Queryable, row: Record<string, unknown>): Promise<void> {
  const cols = Object.keys(row);
  await c.query(`insert into public.homepage_blocks (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
}

export async function seedHomepage(db: Database): Promise<void> {
  await transaction(db, async (c) => {
    await c.query(`select set_config('care.history', 'off', true)`);
    for (const locale of LOCALES) {
      const cfg = LOCALE_CONFIG[locale];
      const cid = cfg.countryId;
      const text = LOCAL_TEXT[locale];
      // The published hospital with the deepest service promotion: where the check-up deal leads.
      const { rows: [deal] } = await c.query(
        `select h.slug from public.hospitals h join public.organizations o on o.id = h.organization_id
           join public.hospital_services s on s.hospital_id = h.id and s.status = 1
          where h.country_id = $1 and h.is_active and o.is_active
          group by h.id, h.slug order by max(coalesce(s.promotion_percent, 0)) desc, h.id limit 1`,
        [cid],
      );
      const dealLink = deal ? hospitalPath(deal.slug) : searchPath(text.searchKeys[0]);
      const bannerLinks = [searchPath(text.searchKeys[0]), dealLink, searchPath(text.searchKeys[3])];

      // Banners: pictures at the guide sizes of SPEC §5 (desktop 1200x380, mobile 633x380) and a link each.
      const { rows: banners } = await c.query(`select id from public.homepage_blocks where country_id = $1 and kind = 'banner' order by sort_order, id`, [cid]);
      for (const [i, b] of banners.entries()) {
        const n = (i % 3) + 1;
        await c.query(`update public.homepage_blocks set image_desktop = $2, image_mobile = $3, link_url = $4 where id = $1`, [
          b.id, `${IMAGES}/banner-${n}-desktop.svg`, `${IMAGES}/banner-${n}-mobile.svg`, bannerLinks[i % bannerLinks.length],
        ]);
      }
      for (const [i, hidden] of hiddenBanners(locale).entries()) {
        await insertBlock(c, { country_id: cid, kind: 'banner', image_desktop: `${IMAGES}/banner-${i + 1}-desktop.svg`, image_mobile: `${IMAGES}/banner-${i + 1}-mobile.svg`, link_url: bannerLinks[i], sort_order: i, ...hidden });
      }

      // Promotions: the seeded one (the check-up deal) gets its picture and a real link; two more.
      await c.query(`update public.homepage_blocks set image_desktop = $2, link_url = $3 where country_id = $1 and kind = 'promotion'`, [cid, `${IMAGES}/promotion-2.svg`, dealLink]);
      await insertBlock(c, { country_id: cid, kind: 'promotion', title: text.voucherNames[0], image_desktop: `${IMAGES}/promotion-1.svg`, link_url: searchPath(text.searchKeys[0]), sort_order: 1 });
      await insertBlock(c, { country_id: cid, kind: 'promotion', title: text.voucherNames[2], image_desktop: `${IMAGES}/promotion-3.svg`, link_url: searchPath(text.searchKeys[3]), sort_order: 2 });

      // Top service categories: one category of each kind, at the first published hospital that offers services in it.
      const { rows: categories } = await c.query(
        `select distinct on (sc.sort_order) sc.id, sc.sort_order
           from public.service_categories sc join public.hospitals h on h.id = sc.hospital_id join public.organizations o on o.id = h.organization_id
          where h.country_id = $1 and h.is_active and o.is_active and h.status = 1
            and exists (select 1 from public.hospital_services s where s.category_id = sc.id and s.status = 1)
          order by sc.sort_order, h.id`,
        [cid],
      );
      for (const cat of categories) {
        await insertBlock(c, { country_id: cid, kind: 'top_service_category', category_id: cat.id, image_desktop: `${IMAGES}/category-${(cat.sort_order % 5) + 1}.svg`, sort_order: cat.sort_order });
      }

      // Presence: the six markets, this one first, each linking to its own site.
      for (const [i, other] of [locale, ...LOCALES.filter((l) => l !== locale)].entries()) {
        await insertBlock(c, { country_id: cid, kind: 'presence', title: countryName(locale, other), link_url: canonicalUrl(other, '/'), sort_order: i });
      }

      // The top video: a title in the market's language and a thumbnail shipped with the site (no third-party image).
      await c.query(`update public.homepage_blocks set title = $2, image_desktop = $3 where country_id = $1 and kind = 'top_video'`, [cid, VIDEO_TITLES[locale], `${IMAGES}/video-thumbnail.svg`]);

      for (const [keyword, url] of Object.entries(POPULAR_KEY_URLS[locale] ?? {})) {
        await c.query(`update public.popular_search_keys set url = $3 where country_id = $1 and keyword = $2`, [cid, keyword, url]);
      }
    }
  });
}
