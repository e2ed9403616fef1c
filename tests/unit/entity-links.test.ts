import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../i18n/locales';
import { doctorEntityLink, doctorLink, externalUrl, hospitalEntityLink, hospitalLink, linkAttributes } from '../../src/lib/entity-links';
import { doctorCardModel, type DoctorCardInput } from '../../src/lib/hospital-cards';

const hospital = { slug: 'an-binh-taipei-1-1', websiteUrl: 'https://www.an-binh.example.tw/taipei', bookingUrl: 'https://booking.an-binh.example.tw/taipei' };
const others = LOCALES.filter((l) => l !== 'zh-TW') as Locale[];

describe('zh-TW: doctor and hospital links go to the hospital website or a booking URL (SPEC §2)', () => {
  it('a hospital goes to its website, else its booking URL, else its own page', () => {
    expect(hospitalEntityLink('zh-TW', hospital)).toEqual({ href: hospital.websiteUrl, external: true });
    expect(hospitalEntityLink('zh-TW', { ...hospital, websiteUrl: '  ' })).toEqual({ href: hospital.bookingUrl, external: true });
    expect(hospitalEntityLink('zh-TW', { slug: 'h', websiteUrl: null, bookingUrl: null })).toEqual({ href: '/zh-tw/hospital/h/', external: false });
  });
  it("a doctor goes to its booking URL, else the hospital's website, else the hospital's booking URL, else its own page", () => {
    expect(doctorEntityLink('zh-TW', { slug: 'd', bookingUrl: 'https://book.example.tw/d/1', hospital })).toEqual({ href: 'https://book.example.tw/d/1', external: true });
    expect(doctorEntityLink('zh-TW', { slug: 'd', bookingUrl: null, hospital })).toEqual({ href: hospital.websiteUrl, external: true });
    expect(doctorEntityLink('zh-TW', { slug: 'd', hospital: { websiteUrl: null, bookingUrl: hospital.bookingUrl } })).toEqual({ href: hospital.bookingUrl, external: true });
    expect(doctorEntityLink('zh-TW', { slug: 'd' })).toEqual({ href: '/zh-tw/doctor/d/', external: false });
  });
  it('only absolute http(s) URLs count as external targets', () => {
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('/relative')).toBeNull();
    expect(externalUrl('mailto:a@b.tw')).toBeNull();
    expect(externalUrl(' https://ok.example.tw/x ')).toBe('https://ok.example.tw/x');
    expect(hospitalEntityLink('zh-TW', { slug: 'h', websiteUrl: 'javascript:alert(1)' })).toEqual({ href: '/zh-tw/hospital/h/', external: false });
  });
  it.each(others)('%s: always the internal page, whatever URLs exist', (locale) => {
    const prefix = locale.toLowerCase();
    expect(hospitalEntityLink(locale, hospital)).toEqual({ href: `/${prefix}/hospital/${hospital.slug}/`, external: false });
    expect(doctorEntityLink(locale, { slug: 'd', bookingUrl: 'https://book.example/d', hospital })).toEqual({ href: `/${prefix}/doctor/d/`, external: false });
  });
  it('the path-taking forms agree with the slug forms', () => {
    expect(hospitalLink('zh-TW', '/zh-tw/hospital/x/', hospital)).toEqual(hospitalEntityLink('zh-TW', { ...hospital, slug: 'x' }));
    expect(doctorLink('en-PH', '/en-ph/doctor/d/', { bookingUrl: 'https://b' })).toEqual({ href: '/en-ph/doctor/d/', external: false });
  });
  it('external links open in a new tab with rel noopener; internal links carry neither', () => {
    expect(linkAttributes({ href: 'https://h.tw', external: true })).toEqual({ href: 'https://h.tw', target: '_blank', rel: 'noopener' });
    expect(linkAttributes({ href: '/vi-vn/hospital/h/', external: false })).toEqual({ href: '/vi-vn/hospital/h/' });
  });
  it("the doctor card model (hospital page carousel, doctors tab, listings) uses the rule with the branch's URLs", () => {
    const d: DoctorCardInput = {
      id: 1, name: '陳志明 醫師', slug: 'chen-chih-ming-1', avatar: null, price: 500, priceTo: null, priceType: 'fixed', showPriceOverride: false,
      promotion: null, provideCare: 'adults', specialties: [{ name: '心臟內科', slug: 'cardiology' }], validOutpatient: true, validTelemedicine: false,
      status: 1, partnerGroup: false, rating: 0, totalReviews: 0, bookingUrl: null,
    };
    expect(doctorCardModel('zh-TW', d, { websiteUrl: null, bookingUrl: hospital.bookingUrl })).toMatchObject({ href: hospital.bookingUrl, external: true });
    expect(doctorCardModel('en-PH', d, { websiteUrl: hospital.websiteUrl })).toMatchObject({ href: '/en-ph/doctor/chen-chih-ming-1/', external: false });
  });
});
