import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import {
  BANNER_SLOTS, doctorHref, homeJsonLd, hospitalHref, isBlockLive, popularKeyHref, selectBlocks, serviceCategoryHref, serviceHref,
  storedHref, videoEmbedSrc, youtubeVideoId, type BlockSchedule, type HomepageBlockKind,
} from '../../src/lib/homepage';
import { containsPattern, searchKinds, searchKeyword, slugKeyword } from '../../src/lib/search';
import { SEARCH_PATH } from '../../src/lib/directory-routes';

const NOW = new Date('2026-11-23T10:00:00Z');
let nextId = 1;
const block = (kind: HomepageBlockKind, sortOrder: number, extra: Partial<BlockSchedule> = {}): BlockSchedule => ({
  id: nextId++, kind, sortOrder, isActive: true, startsAt: null, endsAt: null, ...extra,
});

describe('homepage blocks: active, inside their window, ordered', () => {
  it('an active block without dates is live; an inactive one never is', () => {
    expect(isBlockLive({ isActive: true, startsAt: null, endsAt: null }, NOW)).toBe(true);
    expect(isBlockLive({ isActive: false, startsAt: null, endsAt: null }, NOW)).toBe(false);
  });

  it('starts_at is inclusive and ends_at exclusive', () => {
    expect(isBlockLive({ isActive: true, startsAt: '2026-11-23T10:00:00Z', endsAt: null }, NOW)).toBe(true);
    expect(isBlockLive({ isActive: true, startsAt: '2026-11-23T10:00:01Z', endsAt: null }, NOW)).toBe(false);
    expect(isBlockLive({ isActive: true, startsAt: null, endsAt: '2026-11-23T10:00:00Z' }, NOW)).toBe(false);
    expect(isBlockLive({ isActive: true, startsAt: new Date('2026-01-01'), endsAt: new Date('2027-01-01') }, NOW)).toBe(true);
    expect(isBlockLive({ isActive: true, startsAt: '2025-01-01', endsAt: '2025-03-01' }, NOW)).toBe(false);
  });

  it('groups live blocks by kind in sort order (ties by id), leaves out kinds without live blocks', () => {
    const a = block('top_hospital', 2);
    const b = block('top_hospital', 0);
    const c = block('top_hospital', 2);
    const expired = block('promotion', 0, { endsAt: '2026-01-01T00:00:00Z' });
    const future = block('top_hospital', 1, { startsAt: '2099-01-01T00:00:00Z' });
    const off = block('top_video', 0, { isActive: false });
    const out = selectBlocks([a, expired, c, future, b, off], NOW);
    expect(out.top_hospital?.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect(Object.keys(out)).toEqual(['top_hospital']);
  });

  it('banners fill at most the 5 banner slots of SPEC §9, first in sort order', () => {
    const banners = Array.from({ length: 7 }, (_, i) => block('banner', 7 - i));
    const out = selectBlocks(banners, NOW);
    expect(BANNER_SLOTS).toBe(5);
    expect(out.banner).toHaveLength(5);
    expect(out.banner!.map((b) => b.sortOrder)).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores kinds it does not know', () => {
    expect(selectBlocks([{ ...block('banner', 0), kind: 'article' as HomepageBlockKind }], NOW)).toEqual({});
  });
});

describe('homepage links', () => {
  const hospital = { slug: 'an-binh-ha-noi-1-1', websiteUrl: 'https://www.an-binh.example.vn/ha-noi', bookingUrl: 'https://booking.an-binh.example.tw/x' };

  it('a stored link: external URLs as they are, locale paths kept, other paths inside the locale, unsafe ones dropped', () => {
    expect(storedHref('vi-VN', 'https://sukhaphapdee.co.th/')).toEqual({ href: 'https://sukhaphapdee.co.th/', external: true });
    expect(storedHref('vi-VN', '/th-th/hospital/x/')).toEqual({ href: '/th-th/hospital/x/', external: false });
    expect(storedHref('th-TH', '/search/?q=abc')).toEqual({ href: '/th-th/search/?q=abc', external: false });
    for (const bad of ['javascript:alert(1)', '//evil.example/', 'mailto:a@b.c', '', '  ', null, undefined]) expect(storedHref('vi-VN', bad)).toBeNull();
  });

  it('a popular key links to its own URL, else to the directory search for its keyword', () => {
    expect(popularKeyHref('vi-VN', { keyword: 'nội soi dạ dày', url: null })).toEqual({ href: `/vi-vn${SEARCH_PATH}?q=${encodeURIComponent('nội soi dạ dày')}`, external: false });
    expect(popularKeyHref('zh-TW', { keyword: '胃鏡', url: '/search/?q=%E7%84%A1' })).toEqual({ href: '/zh-tw/search/?q=%E7%84%A1', external: false });
  });

  it('hospitals: the hospital page; zh-TW the website, else the booking URL, else the page', () => {
    expect(hospitalHref('vi-VN', hospital)).toEqual({ href: '/vi-vn/hospital/an-binh-ha-noi-1-1/', external: false });
    expect(hospitalHref('zh-TW', hospital)).toEqual({ href: hospital.websiteUrl, external: true });
    expect(hospitalHref('zh-TW', { ...hospital, websiteUrl: null })).toEqual({ href: hospital.bookingUrl, external: true });
    expect(hospitalHref('zh-TW', { slug: 'x' })).toEqual({ href: '/zh-tw/hospital/x/', external: false });
  });

  it('doctors: the doctor page only where doctor pages are built, otherwise the hospital', () => {
    for (const locale of LOCALES) {
      const link = doctorHref(locale, { slug: 'dr-a-1', bookingUrl: null }, { slug: 'h-1' });
      const expected = LOCALE_CONFIG[locale].features.doctorListings ? `/${LOCALE_CONFIG[locale].prefix}/doctor/dr-a-1/` : `/${LOCALE_CONFIG[locale].prefix}/hospital/h-1/`;
      expect(link, locale).toEqual({ href: expected, external: false });
    }
    // zh-TW (no doctor pages, external links): the doctor's booking URL, else the hospital's website.
    expect(doctorHref('zh-TW', { slug: 'd', bookingUrl: 'https://book.example.tw/d' }, hospital)).toEqual({ href: 'https://book.example.tw/d', external: true });
    expect(doctorHref('zh-TW', { slug: 'd', bookingUrl: null }, hospital)).toEqual({ href: hospital.websiteUrl, external: true });
  });

  it('services: the service page (hospital path + service path) only where service pages are built, otherwise the hospital', () => {
    for (const locale of LOCALES.filter((l) => !LOCALE_CONFIG[l].features.externalLinks)) {
      const link = serviceHref(locale, { slug: 'mri' }, { slug: 'h-1' });
      const p = LOCALE_CONFIG[locale].prefix;
      expect(link.href, locale).toBe(LOCALE_CONFIG[locale].features.serviceListings ? `/${p}/hospital/h-1/mri/` : `/${p}/hospital/h-1/`);
    }
    expect(serviceHref('zh-TW', { slug: 'mri' }, hospital)).toEqual({ href: hospital.websiteUrl, external: true });
  });

  it('service categories: the hospital Services tab where the locale has it, otherwise the hospital', () => {
    expect(serviceCategoryHref('vi-VN', { slug: 'h-1' }).href).toBe('/vi-vn/hospital/h-1/?tab=services');
    expect(serviceCategoryHref('en-PH', { slug: 'h-1' }).href).toBe('/en-ph/hospital/h-1/');
    expect(serviceCategoryHref('zh-TW', hospital)).toEqual({ href: hospital.websiteUrl, external: true });
  });
});

describe('lite video', () => {
  it('finds the id of watch, short, embed and youtu.be URLs', () => {
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      'https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0']) {
      expect(youtubeVideoId(url), url).toBe('dQw4w9WgXcQ');
    }
  });
  it('refuses other hosts and malformed ids', () => {
    for (const url of ['https://vimeo.com/123456', 'https://www.youtube.com/watch?v=<script>', 'not a url', '', null]) expect(youtubeVideoId(url)).toBeNull();
  });
  it('embeds from the privacy-enhanced host with autoplay (the click was the request to play)', () => {
    expect(videoEmbedSrc('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  });
});

describe('home page structured data', () => {
  it('WebSite with a SearchAction on the search page and the Organization with the locale contact point', () => {
    const [site, org] = homeJsonLd('th-TH', { logoPath: '/favicon.svg', searchPath: SEARCH_PATH }) as Record<string, any>[];
    expect(site['@type']).toBe('WebSite');
    expect(site.url).toBe('https://sukhaphapdee.co.th/');
    expect(site.potentialAction.target.urlTemplate).toBe('https://sukhaphapdee.co.th/search/?q={search_term_string}');
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
    expect(org['@type']).toBe('Organization');
    expect(org.name).toBe(LOCALE_CONFIG['th-TH'].siteName);
    expect(org.logo).toBe('https://sukhaphapdee.co.th/favicon.svg');
    expect(org.contactPoint[0]).toMatchObject({ telephone: LOCALE_CONFIG['th-TH'].hotline, email: LOCALE_CONFIG['th-TH'].email, contactType: 'customer service' });
    expect(site.publisher['@id']).toBe(org['@id']);
  });
});

describe('directory search rules', () => {
  it('searches hospitals everywhere, doctors and services only where the locale lists them', () => {
    expect(searchKinds('vi-VN')).toEqual(['hospitals', 'doctors', 'services']);
    expect(searchKinds('en-PH')).toEqual(['hospitals', 'doctors']);
    expect(searchKinds('zh-TW')).toEqual(['hospitals']);
  });
  it('a keyword counts only with at least 3 characters (SPEC §5), trimmed', () => {
    expect(searchKeyword('ab')).toBeUndefined();
    expect(searchKeyword('  ab  ')).toBeUndefined();
    expect(searchKeyword(' abc ')).toBe('abc');
    expect(searchKeyword('胃鏡')).toBeUndefined();
    expect(searchKeyword('小兒科')).toBe('小兒科');
  });
  it('escapes ILIKE pattern characters', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
  it('spells a keyword as the romanized slugs do, for searches without diacritics', () => {
    expect(slugKeyword('Bệnh viện Đa khoa')).toBe('benh-vien-da-khoa');
    expect(slugKeyword('仁愛')).toBeNull();
  });
});
