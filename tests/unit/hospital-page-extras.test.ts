import { describe, expect, it } from 'vitest';
import { aboutWithAd } from '../../src/lib/hospital-page';
import { adUnitPath, adsEnabled, stickyAdVisible } from '../../src/lib/ads';
import { mapsLink, embedMapUrl, directionsLink } from '../../src/lib/maps';
import { socialLinks, hospitalJsonLd } from '../../src/lib/structured-data';
import { imageSrc, DEFAULT_LOGO } from '../../src/lib/images';
import { doctorCardModel, serviceCardModel } from '../../src/lib/hospital-cards';
import { calendarDateInZone } from '../../src/lib/reviews';

describe('hospital page extras', () => {
  it('splits About after the first two non-empty lines for the mobile ad', () => {
    expect(aboutWithAd('a\n\n b \nc\nd')).toEqual({ before: ['a', 'b'], after: ['c', 'd'] });
    expect(aboutWithAd(null)).toEqual({ before: [], after: [] });
  });
  it('ads: vi-VN only, unit path per locale only with a network code, sticky rules', () => {
    expect(adsEnabled('vi-VN')).toBe(true);
    expect(['en-PH', 'id-ID', 'zh-TW', 'ms-MY', 'th-TH'].some((l) => adsEnabled(l as 'en-PH'))).toBe(false);
    expect(adUnitPath('vi-VN', 'sticky', 'hospital', '123')).toBe('/123/suckhoeviet.vn/vi-vn/hospital_sticky');
    expect(adUnitPath('vi-VN', 'sticky', 'hospital', '')).toBeNull();
    expect(stickyAdVisible({ closed: false, mobile: true, chatbotPresent: true })).toBe(false);
    expect(stickyAdVisible({ closed: false, mobile: false, chatbotPresent: true })).toBe(true);
    expect(stickyAdVisible({ closed: true, mobile: false, chatbotPresent: false })).toBe(false);
  });
  it('maps: links need coordinates; the embed needs a key and uses zoom 15', () => {
    expect(mapsLink({ latitude: null, longitude: 1 })).toBeNull();
    expect(mapsLink({ latitude: 10.5, longitude: 106.7 })).toBe('https://www.google.com/maps/search/?api=1&query=10.5,106.7');
    expect(directionsLink({ latitude: 1, longitude: 2 })).toContain('destination=1,2');
    expect(embedMapUrl({ latitude: 1, longitude: 2 }, '')).toBeNull();
    expect(embedMapUrl({ latitude: 1, longitude: 2 }, 'k')).toContain('zoom=15');
  });
  it('structured data: only Facebook and Instagram as social links; rating only with reviews', () => {
    expect(socialLinks(['https://www.facebook.com/x', 'https://twitter.com/x', 'https://instagram.com/y', null])).toEqual(['https://www.facebook.com/x', 'https://instagram.com/y']);
    const ld = hospitalJsonLd({
      locale: 'en-PH',
      hospital: { id: 1, name: 'H', address: 'A', city: 'C', latitude: 1, longitude: 2, logo: null, images: [], phone: null, websiteUrl: null, workingTimes: { mon: [{ start: '08:00', end: '12:00' }] }, faqs: [] },
      path: '/hospital/h/',
      summary: null,
      reviews: [],
      breadcrumb: ['Home', 'Search', 'H'],
    }) as Record<string, unknown>[];
    expect(ld.map((d) => d['@type'])).toEqual(['MedicalClinic', 'BreadcrumbList']);
    expect(ld[0].url).toBe('https://healthfind.ph/hospital/h/');
    expect(ld[0].aggregateRating).toBeUndefined();
  });
  it('images: default logo when missing, quality 75 through the storage transformer', () => {
    expect(imageSrc(null, 96)).toBe(DEFAULT_LOGO);
    expect(imageSrc('https://x.supabase.co/storage/v1/object/public/logos/a.png', 96)).toBe('https://x.supabase.co/storage/v1/render/image/public/logos/a.png?width=96&quality=75');
  });
  it('cards: partner-group doctors hide the price; inactive doctors are Not available', () => {
    const base = { id: 1, name: 'D', slug: 'd', avatar: null, price: 100, priceTo: null, priceType: 'fixed' as const, showPriceOverride: false, promotion: null, provideCare: 'both' as const, specialties: [], validOutpatient: true, validTelemedicine: true, status: 1, partnerGroup: false, rating: 0, totalReviews: 0, bookingUrl: null };
    expect(doctorCardModel('en-PH', base, { websiteUrl: null }).priceText).not.toBeNull();
    expect(doctorCardModel('en-PH', { ...base, partnerGroup: true }, { websiteUrl: null }).priceText).toBeNull();
    const inactive = doctorCardModel('en-PH', { ...base, status: 0 }, { websiteUrl: null });
    expect(inactive.tags.map((t) => t.label)).toEqual(['Not available']);
    expect(doctorCardModel('zh-TW', { ...base, bookingUrl: 'https://b.tw/x' }, { websiteUrl: null })).toMatchObject({ href: 'https://b.tw/x', external: true });
    const svc = serviceCardModel('vi-VN', { id: 1, name: 'S', slug: 's', description: null, logo: null, price: 100000, priceTo: null, priceType: 'fixed', originalPrice: null, currency: 'VND', promotion: 20, availability: 1, rating: 0, totalReviews: 0 }, '/vi-vn/hospital/h/');
    expect(svc).toMatchObject({ href: '/vi-vn/hospital/h/s', discountPercent: 20 });
  });
  it('calendar dates per zone stay correct with the cached formatters', () => {
    const t = new Date('2026-01-01T20:00:00Z');
    expect(calendarDateInZone(t, 'Asia/Ho_Chi_Minh')).toBe('2026-01-02');
    expect(calendarDateInZone(t, 'UTC')).toBe('2026-01-01');
  });
});
