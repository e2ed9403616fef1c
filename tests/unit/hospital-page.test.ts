import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import {
  bookingArea,
  CAROUSEL_INTERVAL_MS,
  collapsedList,
  COLLAPSED_LIST_SIZE,
  doctorReviewsPath,
  featuredDoctors,
  hospitalTabs,
  isIndexable,
  mapsLink,
  NO_RESULTS_MESSAGE,
  NO_REVIEWS_MESSAGE,
  parseTab,
  ratingLinksToReviews,
  regularHours,
  reviewsPagePath,
  searchKeyword,
  servicePagePath,
  serviceReviewsPath,
  showOtherBranches,
  SPECIAL_SPECIALTY,
  specialtyCardHref,
  tabHref,
  vaccineDetailUrl,
  WEEKDAYS,
  workingTimesFromOpeningHours,
} from '../../src/lib/hospital-page';
import { message, type Message } from '../../src/lib/message';

const en = (m: Message | string) => (typeof m === 'string' ? m : translate('en-PH', m.key, m.params));
const counts = { services: 4, doctors: 7, reviews: 12 };

describe('tabs', () => {
  it('vi-VN with published reviews: all four, with counts', () => {
    const tabs = hospitalTabs('vi-VN', counts, true);
    expect(tabs.map((t) => t.id)).toEqual(['general', 'services', 'doctors', 'reviews']);
    expect(tabs.map((t) => en(t.label))).toEqual(['General Info', 'Services (4)', 'Doctors (7)', 'Reviews (12)']);
    expect(tabs.map((t) => t.query)).toEqual([null, 'services', 'doctors', 'reviews']);
  });
  it('Reviews only when the organization publishes reviews', () => {
    expect(hospitalTabs('vi-VN', counts, false).map((t) => t.id)).toEqual(['general', 'services', 'doctors']);
  });
  it('Services and Doctors only where the locale allows', () => {
    expect(hospitalTabs('en-PH', counts, true).map((t) => t.id)).toEqual(['general', 'doctors', 'reviews']);
    expect(hospitalTabs('zh-TW', counts, true).map((t) => t.id)).toEqual(['general', 'reviews']);
    expect(hospitalTabs('zh-TW', counts, false).map((t) => t.id)).toEqual(['general']);
  });
  it('tab query: known offered tabs; general, unknown or not offered -> general', () => {
    const tabs = hospitalTabs('en-PH', counts, true);
    expect(parseTab('doctors', tabs)).toBe('doctors');
    expect(parseTab('reviews', tabs)).toBe('reviews');
    expect(parseTab('services', tabs)).toBe('general');
    expect(parseTab('general', tabs)).toBe('general');
    expect(parseTab('nonsense', tabs)).toBe('general');
    expect(parseTab(null, tabs)).toBe('general');
    expect(parseTab(undefined, ['general', 'services'])).toBe('general');
    expect(parseTab('services', ['general', 'services'])).toBe('services');
  });
  it('general info has no tab parameter; other parameters are kept', () => {
    expect(tabHref('/vi-vn/hospital/a?tab=reviews', 'general')).toBe('/vi-vn/hospital/a');
    expect(tabHref('/vi-vn/hospital/a?x=1&tab=reviews', 'general')).toBe('/vi-vn/hospital/a?x=1');
    expect(tabHref('/vi-vn/hospital/a', 'services')).toBe('/vi-vn/hospital/a?tab=services');
    expect(tabHref('/vi-vn/hospital/a?tab=services#top', 'doctors')).toBe('/vi-vn/hospital/a?tab=doctors#top');
  });
});

describe('rating summary link', () => {
  it('links to reviews only when published and reviews exist', () => {
    expect(ratingLinksToReviews(true, 3)).toBe(true);
    expect(ratingLinksToReviews(true, 0)).toBe(false);
    expect(ratingLinksToReviews(false, 3)).toBe(false);
  });
});

describe('booking area', () => {
  const base = { locale: 'vi-VN' as const, totalAvailableDoctors: 3, totalAvailableServices: 2, canReadBookingBlock: false };
  it('quick booking with a switch when both kinds are available', () => {
    expect(bookingArea(base)).toEqual({ quickBooking: true, kinds: ['doctor', 'service'], forcedKind: null, showSwitch: true, mapsButton: false, suggestions: false });
  });
  it('forces the only available kind and hides the switch', () => {
    expect(bookingArea({ ...base, totalAvailableServices: 0 })).toMatchObject({ quickBooking: true, kinds: ['doctor'], forcedKind: 'doctor', showSwitch: false });
    expect(bookingArea({ ...base, totalAvailableDoctors: 0 })).toMatchObject({ forcedKind: 'service', showSwitch: false });
  });
  it('never in en-PH', () => {
    expect(bookingArea({ ...base, locale: 'en-PH' })).toMatchObject({ quickBooking: false, kinds: [], forcedKind: null, showSwitch: false, suggestions: false });
  });
  it("'Hospital you may like' when nothing is bookable", () => {
    expect(bookingArea({ ...base, totalAvailableDoctors: 0, totalAvailableServices: 0 })).toMatchObject({ quickBooking: false, suggestions: true });
    expect(en(message('directory.hospital.youMayLike'))).toBe('Hospital you may like');
  });
  it("users who can read a booking block get the 'Book an appointment' maps button instead", () => {
    expect(bookingArea({ ...base, canReadBookingBlock: true })).toMatchObject({ quickBooking: false, mapsButton: true });
  });
});

describe('header and featured doctors', () => {
  it('other branches link only when the organization is active', () => {
    expect(showOtherBranches({ isActive: true })).toBe(true);
    expect(showOtherBranches({ isActive: false })).toBe(false);
    expect(showOtherBranches(null)).toBe(false);
  });
  it('featured doctors skip partner-group doctors', () => {
    expect(featuredDoctors([{ id: 1 }, { id: 2, partnerGroup: true }, { id: 3, partnerGroup: false }]).map((d) => d.id)).toEqual([1, 3]);
  });
  it('carousel advances every 7 s', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(7000);
  });
});

describe('regular hours', () => {
  it('one row per weekday mon..sun; Closed when none', () => {
    const rows = regularHours({ mon: [{ start: '08:00', end: '12:00' }, { start: '13:00:00', end: '17:00:00' }], sat: ['08:00-11:30'], sun: [] });
    expect(rows.map((r) => r.day)).toEqual([...WEEKDAYS]);
    expect(rows[0]).toMatchObject({ closed: false, ranges: ['08:00 - 12:00', '13:00 - 17:00'], text: '08:00 - 12:00, 13:00 - 17:00' });
    expect(en(rows[0].label)).toBe('Monday');
    expect(rows[5].text).toBe('08:00 - 11:30');
    for (const i of [1, 2, 3, 4, 6]) {
      expect(rows[i].closed).toBe(true);
      expect(en(rows[i].text)).toBe('Closed');
    }
  });
  it('all closed without working times', () => {
    expect(regularHours(null).every((r) => r.closed)).toBe(true);
  });
  it('ranges are ordered by start time', () => {
    expect(regularHours({ tue: [{ start: '13:00', end: '17:00' }, { start: '07:30', end: '11:00' }] })[1].ranges).toEqual(['07:30 - 11:00', '13:00 - 17:00']);
  });
  it('folds openingHours rows into working times', () => {
    const wt = workingTimesFromOpeningHours([{ day: 'Monday', start: '08:00', end: '17:00' }, { day: 0, start: '09:00', end: '12:00' }, { day: 'xyz', start: '1', end: '2' }]);
    expect(wt).toEqual({ mon: [{ start: '08:00', end: '17:00' }], sun: [{ start: '09:00', end: '12:00' }] });
  });
});

describe('collapsed lists', () => {
  const items = Array.from({ length: 12 }, (_, i) => i);
  it('5 on mobile and 10 on desktop, then view more', () => {
    expect(COLLAPSED_LIST_SIZE).toEqual({ mobile: 5, desktop: 10 });
    expect(collapsedList(items, 'mobile')).toEqual({ visible: [0, 1, 2, 3, 4], hasMore: true });
    expect(collapsedList(items, 'desktop').visible).toHaveLength(10);
    expect(collapsedList(items, 'desktop', true)).toEqual({ visible: items, hasMore: false });
    expect(collapsedList(items.slice(0, 5), 'mobile').hasMore).toBe(false);
  });
});

describe('search-engine indexing', () => {
  it('needs a status and an id outside the excluded list', () => {
    expect(isIndexable({ id: 1, status: 1 })).toBe(true);
    expect(isIndexable({ id: 1, status: 0 })).toBe(true);
    expect(isIndexable({ id: 1, status: null })).toBe(false);
    expect(isIndexable({ id: 1 })).toBe(false);
    expect(isIndexable({ id: 7, status: 1 }, [7, 9])).toBe(false);
    expect(isIndexable({ id: 8, status: 1 }, [7, 9])).toBe(true);
  });
});

describe('links and paths', () => {
  it('specialty cards link to the doctor listing of the city', () => {
    expect(specialtyCardHref('ho-chi-minh', 'cardiology')).toBe('/doctors/ho-chi-minh/cardiology');
  });
  it('the special specialty links to the hospital listing with its fixed type', () => {
    expect(specialtyCardHref('ho-chi-minh', SPECIAL_SPECIALTY.slug)).toBe(`/hospitals/?type=${SPECIAL_SPECIALTY.hospitalType}`);
    expect(specialtyCardHref('x', 'eye', { slug: 'eye', hospitalType: 'eye hospital' })).toBe('/hospitals/?type=eye%20hospital');
  });
  it('vaccine detail URL = current path without query + slug-vaccine_detail_id', () => {
    expect(vaccineDetailUrl('/vi-vn/vaccination/?page=2', 'cum-a', 42)).toBe('/vi-vn/vaccination/cum-a-42');
    expect(vaccineDetailUrl('/vi-vn/vaccination#x', 'cum-a', '7')).toBe('/vi-vn/vaccination/cum-a-7');
  });
  it('service page = hospital path + service path; reviews append reviews', () => {
    const s = servicePagePath('/vi-vn/hospital/a/', '/kham-tong-quat');
    expect(s).toBe('/vi-vn/hospital/a/kham-tong-quat');
    expect(serviceReviewsPath(s)).toBe('/vi-vn/hospital/a/kham-tong-quat/reviews');
    expect(doctorReviewsPath('/vi-vn/doctor/b')).toBe('/vi-vn/doctor/b/reviews');
    expect(reviewsPagePath('/vi-vn/doctor/b/?x=1')).toBe('/vi-vn/doctor/b/reviews');
  });
  it('search keyword sent only from 3 characters, trimmed', () => {
    expect(searchKeyword('ab')).toBeUndefined();
    expect(searchKeyword('  ab  ')).toBeUndefined();
    expect(searchKeyword('abc')).toBe('abc');
    expect(searchKeyword(' tim mạch ')).toBe('tim mạch');
    expect(searchKeyword('心臟科')).toBe('心臟科');
    expect(searchKeyword(null)).toBeUndefined();
  });
  it('empty states', () => {
    expect(en(NO_RESULTS_MESSAGE)).toBe('No results');
    expect(en(NO_REVIEWS_MESSAGE)).toBe('There has been no review yet');
  });
});

describe('maps link', () => {
  it('uses coordinates, else name and address, else nothing', () => {
    expect(mapsLink({ latitude: 10.7, longitude: 106.6 })).toBe('https://www.google.com/maps/search/?api=1&query=10.7,106.6');
    expect(mapsLink({ name: 'Bệnh viện A', address: '1 Lê Lợi' })).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Bệnh viện A, 1 Lê Lợi')}`);
    expect(mapsLink({ latitude: null, longitude: 1, name: ' ' })).toBeNull();
  });
});
