import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import {
  HOSPITAL_TYPES, LISTING_PAGE_SIZE, citiesBySpecialty, compareListingDoctors, facetOptions, filterKey, hospitalFilterCombos, hospitalTypeLabel,
  matchesFilter, matchesKeyword, pageCount, pageItems, pager, searchText, type FilterableHospital,
} from '../../src/lib/listings';
import { doctorListingPagePath, hospitalListingPath, pagedPath, specialtyLinkPath } from '../../src/lib/directory-routes';
import { SPECIAL_SPECIALTY } from '../../src/lib/hospital-page';
import { breadcrumbListJsonLd, itemListJsonLd } from '../../src/lib/structured-data';
import { render } from '../../src/lib/message';

describe('paging: 20 per page, prebuilt pages at /page/{n}/', () => {
  it('page count and slices', () => {
    expect(LISTING_PAGE_SIZE).toBe(20);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageItems(items, 1)).toEqual(items.slice(0, 20));
    expect(pageItems(items, 3)).toEqual([40, 41, 42, 43, 44]);
  });
  it('page paths: page 1 is the listing itself', () => {
    expect(pagedPath('/hospitals/', 1)).toBe('/hospitals/');
    expect(pagedPath('/hospitals/', 2)).toBe('/hospitals/page/2/');
    expect(doctorListingPagePath('manila', 'cardiology')).toBe('/doctors/manila/cardiology/');
    expect(doctorListingPagePath('manila', 'cardiology', 3)).toBe('/doctors/manila/cardiology/page/3/');
  });
  it('pager: previous / next, first and last page always, gaps around the current page', () => {
    const p = pager(5, 9, (n) => `/p/${n}`);
    expect(p.prev).toBe('/p/4');
    expect(p.next).toBe('/p/6');
    expect(p.items.map((i) => (i ? i.page : '…'))).toEqual([1, '…', 4, 5, 6, '…', 9]);
    expect(p.items.find((i) => i?.current)?.page).toBe(5);
    expect(pager(1, 2, String)).toMatchObject({ prev: null, next: '2' });
    expect(pager(2, 2, String)).toMatchObject({ prev: '1', next: null });
    expect(pager(1, 1, String).items).toEqual([{ page: 1, href: '1', current: true }]);
    // Pages accepted: 1 to page count (SPEC §5).
    expect(pager(99, 3, String).page).toBe(3);
    expect(pager(0, 3, String).page).toBe(1);
  });
});

const H = (citySlug: string, hospitalType: string | null, specialties: string[]): FilterableHospital => ({ citySlug, hospitalType, specialties: specialties.map((slug) => ({ slug })) });
const hospitals = [H('manila', 'hospital', ['cardiology', 'pediatrics']), H('manila', 'dental-clinic', ['dentistry']), H('cebu-city', 'hospital', ['cardiology']), H('cebu-city', null, [])];

describe('hospital listing filters (city, specialty, type) as prebuilt paths', () => {
  it('paths: set filters in a fixed order, then the page', () => {
    expect(hospitalListingPath()).toBe('/hospitals/');
    expect(hospitalListingPath({ type: 'clinic', city: 'manila' })).toBe('/hospitals/city/manila/type/clinic/');
    expect(hospitalListingPath({ city: 'manila', specialty: 'ent', type: 'clinic' }, 2)).toBe('/hospitals/city/manila/specialty/ent/type/clinic/page/2/');
    expect(hospitalListingPath({ city: null, specialty: '', type: undefined })).toBe('/hospitals/');
  });
  it('matching', () => {
    expect(hospitals.filter((h) => matchesFilter(h, {})).length).toBe(4);
    expect(hospitals.filter((h) => matchesFilter(h, { city: 'manila' })).length).toBe(2);
    expect(hospitals.filter((h) => matchesFilter(h, { specialty: 'cardiology' })).length).toBe(2);
    expect(hospitals.filter((h) => matchesFilter(h, { city: 'cebu-city', type: 'hospital', specialty: 'cardiology' })).length).toBe(1);
    expect(hospitals.filter((h) => matchesFilter(h, { type: 'clinic' })).length).toBe(0);
  });
  it('every non-empty combination is built, and only those (plus the unfiltered listing)', () => {
    const combos = hospitalFilterCombos(hospitals);
    const keys = new Set(combos.map(filterKey));
    expect(keys.size).toBe(combos.length);
    expect(keys.has('/hospitals/')).toBe(true);
    expect(keys.has('/hospitals/city/manila/specialty/dentistry/type/dental-clinic/')).toBe(true);
    expect(keys.has('/hospitals/type/dental-clinic/')).toBe(true);
    expect(keys.has('/hospitals/city/cebu-city/specialty/dentistry/')).toBe(false);
    for (const f of combos) expect(hospitals.some((h) => matchesFilter(h, f))).toBe(true);
    expect(hospitalFilterCombos([]).map(filterKey)).toEqual(['/hospitals/']);
  });
  it('facets: All first, counts with the other filters kept, no link to an empty combination', () => {
    const opts = facetOptions(hospitals, { city: 'manila' }, 'type', [{ value: 'hospital', label: 'Hospitals' }, { value: 'dental-clinic', label: 'Dental clinics' }, { value: 'clinic', label: 'Clinics' }], 'All types');
    expect(opts.map((o) => [o.value, o.count, o.href, o.current])).toEqual([
      [null, 2, '/hospitals/city/manila/', true],
      ['hospital', 1, '/hospitals/city/manila/type/hospital/', false],
      ['dental-clinic', 1, '/hospitals/city/manila/type/dental-clinic/', false],
      ['clinic', 0, null, false],
    ]);
    // Every linked facet leads to a prebuilt page.
    const built = new Set(hospitalFilterCombos(hospitals).map(filterKey));
    for (const key of ['city', 'specialty', 'type'] as const) {
      for (const o of facetOptions(hospitals, { city: 'manila', specialty: 'cardiology' }, key, [{ value: 'manila', label: '' }, { value: 'cebu-city', label: '' }, { value: 'hospital', label: '' }, { value: 'cardiology', label: '' }, { value: 'dentistry', label: '' }], 'All')) {
        if (o.href) expect(built.has(o.href)).toBe(true);
      }
    }
  });
  it('type labels exist in every locale; unknown types read as words', () => {
    for (const l of LOCALES) for (const t of HOSPITAL_TYPES) expect(render(l, hospitalTypeLabel(t) as never)).not.toMatch(/^listing\./);
    expect(render('en-PH', hospitalTypeLabel('dental-clinic') as never)).toBe('Dental clinics');
    expect(hospitalTypeLabel('eye-hospital')).toBe('eye hospital');
    expect(HOSPITAL_TYPES).toContain(SPECIAL_SPECIALTY.hospitalType);
  });
});

describe('specialty links per locale (SPEC §1, §2)', () => {
  it('the special slug always opens the fixed-type hospital listing', () => {
    for (const l of LOCALES) expect(specialtyLinkPath(l, 'manila', SPECIAL_SPECIALTY.slug)).toBe(`/hospitals/?type=${SPECIAL_SPECIALTY.hospitalType}`);
  });
  it('doctor listing of the city where the locale has doctor listings, else the hospital listing of the specialty', () => {
    expect(specialtyLinkPath('en-PH', 'manila', 'cardiology')).toBe('/doctors/manila/cardiology/');
    expect(specialtyLinkPath('zh-TW', 'taipei', 'cardiology')).toBe('/hospitals/city/taipei/specialty/cardiology/');
    expect(specialtyLinkPath('en-PH', null, 'cardiology')).toBe('/hospitals/specialty/cardiology/');
    for (const l of LOCALES) {
      const href = specialtyLinkPath(l, 'x', 'y');
      expect(href.startsWith('/doctors/')).toBe(LOCALE_CONFIG[l].features.doctorListings);
    }
  });
  it('the card opens the city with the most doctors of the specialty (ties by city name), the others follow', () => {
    const d = (citySlug: string, city: string, ...s: string[]) => ({ citySlug, city, specialties: s.map((slug) => ({ slug })) });
    const m = citiesBySpecialty([d('cebu-city', 'Cebu City', 'ent'), d('manila', 'Manila', 'ent', 'ent'), d('makati', 'Makati', 'ent'), d('manila', 'Manila', 'ent', 'eye'), d('', '', 'ent')]);
    expect(m.get('ent')).toEqual([
      { citySlug: 'manila', city: 'Manila', count: 2 },
      { citySlug: 'cebu-city', city: 'Cebu City', count: 1 },
      { citySlug: 'makati', city: 'Makati', count: 1 },
    ]);
    expect(m.get('eye')).toEqual([{ citySlug: 'manila', city: 'Manila', count: 1 }]);
    expect(m.get('none')).toBeUndefined();
  });
});

describe('doctor listing order', () => {
  it('bookable first, then rating, then number of reviews, then name', () => {
    const d = (id: number, available: boolean, rating: number, totalReviews: number, name: string) => ({ id, available, rating, totalReviews, name });
    const list = [d(1, false, 5, 10, 'A'), d(2, true, 4, 3, 'B'), d(3, true, 4.5, 1, 'C'), d(4, true, 4, 9, 'D'), d(5, true, 4, 9, 'Ca')];
    expect([...list].sort(compareListingDoctors).map((x) => x.id)).toEqual([3, 5, 4, 2, 1]);
  });
});

describe('in-page keyword filter', () => {
  it('ignores case, diacritics and word order', () => {
    expect(searchText('  Bệnh viện  Đa khoa ')).toBe('benh vien da khoa');
    expect(matchesKeyword('Bệnh viện Đa khoa An Bình Hà Nội', 'an binh')).toBe(true);
    expect(matchesKeyword('Bệnh viện Đa khoa An Bình Hà Nội', 'ha noi benh')).toBe(true);
    expect(matchesKeyword('Bayview Medical Center Makati', 'cebu')).toBe(false);
    expect(matchesKeyword('仁愛綜合醫院 台北市', '台北')).toBe(true);
    expect(matchesKeyword('anything', '   ')).toBe(true);
  });
});

describe('structured data of listings', () => {
  it('ItemList: positions continue across pages, items canonical on the locale domain or external', () => {
    const list = itemListJsonLd('en-PH', { name: 'Hospitals in Philippines', path: '/hospitals/page/2/', totalItems: 25, startPosition: 21, items: [{ name: 'A', url: '/hospital/a/' }, { name: 'B', url: 'https://b.example.ph' }] }) as Record<string, any>;
    expect(list['@type']).toBe('ItemList');
    expect(list.url).toBe('https://healthfind.ph/hospitals/page/2/');
    expect(list.numberOfItems).toBe(25);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 21, name: 'A', url: 'https://healthfind.ph/hospital/a/' },
      { '@type': 'ListItem', position: 22, name: 'B', url: 'https://b.example.ph' },
    ]);
    expect(JSON.parse(JSON.stringify(list))).toEqual(list);
  });
  it('BreadcrumbList from home', () => {
    const b = breadcrumbListJsonLd('vi-VN', [{ name: translate('vi-VN', 'nav.home'), path: '/' }, { name: 'Chuyên khoa', path: '/specialty/' }]) as Record<string, any>;
    expect(b.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Trang chủ', item: 'https://suckhoeviet.vn/' },
      { '@type': 'ListItem', position: 2, name: 'Chuyên khoa', item: 'https://suckhoeviet.vn/specialty/' },
    ]);
  });
});
