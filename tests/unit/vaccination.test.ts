import { describe, expect, it } from 'vitest';
import { vaccinationCardModel, vaccinationListingPages, vaccineBranchItem, VACCINATION_PAGE_SIZE, type VaccineBranchInput, type VaccineInput } from '../../src/lib/vaccination';
import {
  BRANCH_PAGE_SIZE, LOAD_MORE_DELAY_MS, firstBranch, hasMoreBranches, initialBranchCount, loadMoreCount, nextDistanceSort, organizationRuns, sortBranches,
} from '../../src/lib/vaccine-branches';
import { vaccinationsPagePath, vaccineDetailPath } from '../../src/lib/directory-routes';
import { vaccineJsonLd, vaccinationListJsonLd } from '../../src/lib/structured-data';
import { formatMoney } from '../../src/lib/format';
import { translate } from '../../i18n/strings';

let nextId = 100;
function branch(over: Partial<VaccineBranchInput> = {}): VaccineBranchInput {
  const id = nextId++;
  return {
    detailId: id, hospitalId: id, name: `Branch ${id}`, shortName: null, hospitalSlug: `branch-${id}`, address: `${id} Main St`,
    latitude: 10.77, longitude: 106.7, websiteUrl: null, bookingUrl: null, organization: { id: 1, name: 'Org A', logo: null },
    price: 500_000, priceDiscount: null, percentDiscount: null, priceUnit: 'VND', status: 'available', ratingCount: 0, ...over,
  };
}
function vaccine(over: Partial<VaccineInput> = {}): VaccineInput {
  return {
    id: 7, name: 'Gardasil 9', displayName: 'Vắc xin phòng HPV', slug: 'gardasil-9', logo: null, description: 'Gardasil 9: phòng HPV',
    notice: null, ageGroupLabels: ['Trẻ em', 'Người lớn'], dosesLabels: ['3 mũi'], review: { avgRating: 0, ratingCount: 0 }, branches: [branch()], ...over,
  };
}
const vnd = (n: number) => formatMoney('vi-VN', n, 'VND');

describe('vaccination card', () => {
  it('links to the vaccine detail page of its first branch: the listing path, the slug, a hyphen and the vaccine_detail_id', () => {
    const b = branch({ detailId: 4242 });
    const card = vaccinationCardModel('vi-VN', vaccine({ branches: [b, branch()] }))!;
    expect(card.href).toBe('/vi-vn/vaccination/gardasil-9-4242/');
    expect(card.path).toBe('/vaccination/gardasil-9-4242/');
    expect(vaccineDetailPath('gardasil-9', 4242)).toBe('/vaccination/gardasil-9-4242/');
    expect(card.firstBranch).toBe(b.name);
    expect(card.branchCount).toBe(2);
    expect(card.branchCountText).toBe(translate('vi-VN', 'vaccination.card.branchCount', { count: 2 }));
  });

  it('shows the description, age-group and dose labels, and the display name only when it differs from the name', () => {
    const card = vaccinationCardModel('vi-VN', vaccine())!;
    expect(card).toMatchObject({ name: 'Gardasil 9', displayName: 'Vắc xin phòng HPV', description: 'Gardasil 9: phòng HPV', ageGroups: ['Trẻ em', 'Người lớn'], doses: ['3 mũi'] });
    expect(vaccinationCardModel('vi-VN', vaccine({ displayName: 'Gardasil 9' }))!.displayName).toBeNull();
  });

  it('hides a price of 0 and shows price, struck list price and the integer discount otherwise', () => {
    expect(vaccinationCardModel('vi-VN', vaccine({ branches: [branch({ price: 0 })] }))!.price).toMatchObject({ visible: false, text: '' });
    const pct = vaccinationCardModel('vi-VN', vaccine({ branches: [branch({ price: 600_000, percentDiscount: 15 })] }))!.price;
    expect(pct).toMatchObject({ visible: true, text: vnd(510_000), originalText: vnd(600_000), discountPercent: 15, amount: 510_000 });
    const fixed = vaccinationCardModel('vi-VN', vaccine({ branches: [branch({ price: 900_000, priceDiscount: 600_000 })] }))!.price;
    expect(fixed).toMatchObject({ text: vnd(600_000), originalText: vnd(900_000), discountPercent: 33 });
    const plain = vaccinationCardModel('en-PH', vaccine({ branches: [branch({ price: 2500, priceUnit: 'PHP' })] }))!.price;
    expect(plain).toMatchObject({ text: formatMoney('en-PH', 2500, 'PHP'), originalText: null, discountPercent: 0 });
  });

  it('uses the first branch that has the vaccine in stock; out of stock only when no branch has it', () => {
    const out = branch({ status: 'out_of_stock' });
    const inStock = branch();
    const card = vaccinationCardModel('vi-VN', vaccine({ branches: [out, inStock] }))!;
    expect(card.detailId).toBe(inStock.detailId);
    expect(card.price.outOfStock).toBe(false);
    const none = vaccinationCardModel('th-TH', vaccine({ branches: [branch({ status: 'out_of_stock', priceUnit: 'THB' })] }))!;
    expect(none.price).toMatchObject({ outOfStock: true, statusText: translate('th-TH', 'directory.price.outOfStock') });
  });

  it('shows the notice, the rating (one decimal, with its count) only when there are reviews, and no card without a branch', () => {
    const card = vaccinationCardModel('en-PH', vaccine({ notice: '  Bring your record.  ', review: { avgRating: 4.26, ratingCount: 12 } }))!;
    expect(card.notice).toBe('Bring your record.');
    expect(card.rating).toEqual({ value: '4.3', count: 12, countText: translate('en-PH', 'hospital.rating.reviews', { count: 12 }) });
    expect(vaccinationCardModel('en-PH', vaccine({ notice: ' ' }))!.notice).toBeNull();
    expect(vaccinationCardModel('en-PH', vaccine())!.rating).toBeNull();
    expect(vaccinationCardModel('en-PH', vaccine({ branches: [] }))).toBeNull();
  });
});

describe('vaccine branch list rows', () => {
  it('carry the link to the branch vaccine page, price texts, stock and the rating count', () => {
    const b = branch({ detailId: 77, price: 1000, percentDiscount: 10, priceUnit: 'TWD', ratingCount: 3 });
    const item = vaccineBranchItem('zh-TW', 'prevenar-13', b);
    expect(item).toMatchObject({
      detailId: 77, href: '/zh-tw/vaccination/prevenar-13-77/', priceText: formatMoney('zh-TW', 900, 'TWD'), originalPriceText: formatMoney('zh-TW', 1000, 'TWD'),
      discountPercent: 10, outOfStock: false, ratingCount: 3, ratingCountText: translate('zh-TW', 'hospital.rating.reviews', { count: 3 }),
    });
    expect(vaccineBranchItem('zh-TW', 'x', branch({ price: 0, status: 'out_of_stock' }))).toMatchObject({ priceText: null, originalPriceText: null, outOfStock: true, ratingCountText: null });
  });
});

describe('branch list paging (10, then 10 more per press after 300 ms)', () => {
  it('starts with 10 and adds 10 per press up to the total', () => {
    expect([BRANCH_PAGE_SIZE, LOAD_MORE_DELAY_MS]).toEqual([10, 300]);
    expect(initialBranchCount(25)).toBe(10);
    expect(initialBranchCount(4)).toBe(4);
    expect(loadMoreCount(10, 25)).toBe(20);
    expect(loadMoreCount(20, 25)).toBe(25);
    expect(loadMoreCount(25, 25)).toBe(25);
    expect(hasMoreBranches(20, 25)).toBe(true);
    expect(hasMoreBranches(25, 25)).toBe(false);
  });
});

describe('branch list distance sorting', () => {
  const user = { latitude: 10.7769, longitude: 106.7009 };
  const near = branch({ name: 'near', latitude: 10.78, longitude: 106.7 });
  const mid = branch({ name: 'mid', latitude: 10.9, longitude: 106.8 });
  const far = branch({ name: 'far', latitude: 21.03, longitude: 105.85 });
  const unknown = branch({ name: 'unknown', latitude: null, longitude: 106 });
  const list = [mid, unknown, far, near];

  it('toggles asc and desc, starting with the nearest first', () => {
    expect(nextDistanceSort(null)).toBe('asc');
    expect(nextDistanceSort('asc')).toBe('desc');
    expect(nextDistanceSort('desc')).toBe('asc');
  });

  it('sorts by distance only when both coordinate pairs exist; branches without coordinates go last either way', () => {
    expect(sortBranches(list, user, 'asc').map((b) => b.name)).toEqual(['near', 'mid', 'far', 'unknown']);
    expect(sortBranches(list, user, 'desc').map((b) => b.name)).toEqual(['far', 'mid', 'near', 'unknown']);
    expect(sortBranches(list, null, 'asc').map((b) => b.name)).toEqual(['mid', 'unknown', 'far', 'near']);
    expect(sortBranches(list, user, null)).toEqual(list);
  });

  it('puts an organization header before each run of branches of one organization', () => {
    const a = { organizationId: 1, n: 1 };
    const b = { organizationId: 1, n: 2 };
    const c = { organizationId: 2, n: 3 };
    const e = { organizationId: 1, n: 4 };
    expect(organizationRuns([a, b, c, e])).toEqual([{ organizationId: 1, items: [a, b] }, { organizationId: 2, items: [c] }, { organizationId: 1, items: [e] }]);
    expect(organizationRuns([])).toEqual([]);
  });

  it('first branch: the first in stock, else the first', () => {
    expect(firstBranch([{ outOfStock: true, n: 1 }, { outOfStock: false, n: 2 }])?.n).toBe(2);
    expect(firstBranch([{ outOfStock: true, n: 1 }])?.n).toBe(1);
    expect(firstBranch([])).toBeUndefined();
  });
});

describe('vaccination listing pages', () => {
  it('are static and bounded: pages 1 to the page count, the first at /vaccination/', () => {
    expect(vaccinationListingPages([])).toEqual([]);
    const cards = Array.from({ length: 24 }, (_, i) => i);
    const pages = vaccinationListingPages(cards);
    expect(VACCINATION_PAGE_SIZE).toBe(20);
    expect(pages.map((p) => [p.path, p.items.length, p.pagination.currentPage, p.pagination.lastPage, p.pagination.nextPage])).toEqual([
      ['/vaccination/', 20, 1, 2, 2],
      ['/vaccination/page/2/', 4, 2, 2, null],
    ]);
    expect(vaccinationsPagePath(1)).toBe('/vaccination/');
    expect(vaccinationListingPages(cards.slice(0, 20))).toHaveLength(1);
  });
});

describe('vaccine structured data', () => {
  const crumbs = [['Trang chủ', '/'], ['Tiêm chủng', '/vaccination/'], ['Gardasil 9', '/vaccination/gardasil-9-5/']] as const;
  const v = { name: 'Gardasil 9', displayName: 'Vắc xin phòng HPV', description: 'Phòng HPV', logo: null, review: { avgRating: 4.26, ratingCount: 9 } };
  const offer = { price: 2_500_000, currency: 'VND', outOfStock: false, branch: { name: 'BV A', address: '1 Lê Lợi' } };
  const parse = (o: object[]) => JSON.parse(JSON.stringify(o)) as Record<string, any>[];

  it('is a Product with the branch Offer (price, currency, availability) and its AggregateRating, then the BreadcrumbList', () => {
    const [product, breadcrumb] = parse(vaccineJsonLd({ locale: 'vi-VN', path: '/vaccination/gardasil-9-5/', vaccine: v, offer, breadcrumb: crumbs }));
    expect(product).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Gardasil 9', url: 'https://suckhoeviet.vn/vaccination/gardasil-9-5/', description: 'Phòng HPV' });
    expect(product.offers).toMatchObject({ '@type': 'Offer', price: 2_500_000, priceCurrency: 'VND', availability: 'https://schema.org/InStock', url: 'https://suckhoeviet.vn/vaccination/gardasil-9-5/' });
    expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, bestRating: 5, worstRating: 1, ratingCount: 9 });
    expect(breadcrumb['@type']).toBe('BreadcrumbList');
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Trang chủ', item: 'https://suckhoeviet.vn/' },
      { '@type': 'ListItem', position: 2, name: 'Tiêm chủng', item: 'https://suckhoeviet.vn/vaccination/' },
      { '@type': 'ListItem', position: 3, name: 'Gardasil 9', item: 'https://suckhoeviet.vn/vaccination/gardasil-9-5/' },
    ]);
  });

  it('says OutOfStock, leaves out the rating without reviews, and the offer when the price is hidden', () => {
    const [oos] = parse(vaccineJsonLd({ locale: 'th-TH', path: '/vaccination/x-1/', vaccine: { ...v, review: { avgRating: 0, ratingCount: 0 } }, offer: { ...offer, currency: 'THB', outOfStock: true }, breadcrumb: crumbs }));
    expect(oos.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(oos.aggregateRating).toBeUndefined();
    const [ratedNoPrice] = parse(vaccineJsonLd({ locale: 'vi-VN', path: '/vaccination/x-1/', vaccine: v, offer: { ...offer, price: null }, breadcrumb: crumbs }));
    expect(ratedNoPrice['@type']).toBe('Product');
    expect(ratedNoPrice.offers).toBeUndefined();
    expect(ratedNoPrice.aggregateRating.ratingCount).toBe(9);
  });

  it('is a MedicalTherapy when there is neither a price nor a rating', () => {
    const [therapy] = parse(vaccineJsonLd({ locale: 'zh-TW', path: '/vaccination/x-1/', vaccine: { ...v, review: { avgRating: 0, ratingCount: 0 } }, offer: { ...offer, price: null }, breadcrumb: crumbs }));
    expect(therapy).toMatchObject({ '@type': 'MedicalTherapy', name: 'Gardasil 9', url: 'https://jiankang.tw/vaccination/x-1/' });
    expect(therapy.offers).toBeUndefined();
  });

  it('lists the vaccine pages of a listing page', () => {
    const [list, breadcrumb] = parse(vaccinationListJsonLd('en-PH', [{ name: 'A', path: '/vaccination/a-1/' }], crumbs.slice(0, 2)));
    expect(list).toMatchObject({ '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'A', url: 'https://healthfind.ph/vaccination/a-1/' }] });
    expect(breadcrumb.itemListElement).toHaveLength(2);
  });
});
