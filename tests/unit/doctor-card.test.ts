import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { AVAILABILITY_TAG_LABELS, doctorAvailability, doctorLink, doctorPriceVisible, hospitalLink, isInactive, PROVIDE_CARE, provideCareLabels } from '../../src/lib/doctor-card';

const en = (m: { key: Parameters<typeof translate>[1] }) => translate('en-PH', m.key);

describe('doctor card availability (SPEC §4)', () => {
  it("'Not available' and no appointment button when inactive", () => {
    expect(doctorAvailability({ status: 'inactive', validOutpatient: true, validTelemedicine: true })).toEqual({ available: false, tags: ['notAvailable'], showAppointmentButton: false });
    expect(isInactive(0)).toBe(true);
    expect(isInactive('INACTIVE')).toBe(true);
    expect(isInactive('active')).toBe(false);
    expect(isInactive(1)).toBe(false);
  });
  it("'Not available' when valid for neither outpatient nor telemedicine", () => {
    expect(doctorAvailability({ status: 'active', validOutpatient: false, validTelemedicine: false }).tags).toEqual(['notAvailable']);
    expect(doctorAvailability({}).showAppointmentButton).toBe(false);
  });
  it("'Booking' and 'Telemedicine' tags per flag", () => {
    expect(doctorAvailability({ status: 'active', validOutpatient: true, validTelemedicine: false })).toEqual({ available: true, tags: ['booking'], showAppointmentButton: true });
    expect(doctorAvailability({ validOutpatient: false, validTelemedicine: true }).tags).toEqual(['telemedicine']);
    expect(doctorAvailability({ validOutpatient: true, validTelemedicine: true }).tags).toEqual(['booking', 'telemedicine']);
  });
  it('tag labels', () => {
    expect(en(AVAILABILITY_TAG_LABELS.notAvailable)).toBe('Not available');
    expect(en(AVAILABILITY_TAG_LABELS.booking)).toBe('Booking');
    expect(en(AVAILABILITY_TAG_LABELS.telemedicine)).toBe('Telemedicine');
  });
});

describe('doctor card price', () => {
  it('hidden for partner-group or zero price unless overridden', () => {
    expect(doctorPriceVisible({ price: 300 })).toBe(true);
    expect(doctorPriceVisible({ price: 300, partnerGroup: true })).toBe(false);
    expect(doctorPriceVisible({ price: 0 })).toBe(false);
    expect(doctorPriceVisible({ price: 0, showPriceOverride: true })).toBe(true);
  });
});

describe('provide for', () => {
  it('values adults, children, both', () => {
    expect(PROVIDE_CARE).toEqual(['adults', 'children', 'both']);
    expect(provideCareLabels('adults').map(en)).toEqual(['Adults']);
    expect(provideCareLabels('children').map(en)).toEqual(['Children']);
    expect(provideCareLabels('both').map(en)).toEqual(['Adults', 'Children']);
    expect(provideCareLabels('pets')).toEqual([]);
    expect(provideCareLabels(null)).toEqual([]);
  });
});

describe('zh-TW external links (SPEC §2)', () => {
  const doctor = { bookingUrl: 'https://book.example.tw/d/1', hospital: { websiteUrl: 'https://hospital.example.tw' } };
  it('doctor links go to the booking URL, else the hospital website', () => {
    expect(doctorLink('zh-TW', '/zh-tw/doctor/a', doctor)).toEqual({ href: 'https://book.example.tw/d/1', external: true });
    expect(doctorLink('zh-TW', '/zh-tw/doctor/a', { bookingUrl: ' ', hospital: doctor.hospital })).toEqual({ href: 'https://hospital.example.tw', external: true });
    expect(doctorLink('zh-TW', '/zh-tw/doctor/a', {})).toEqual({ href: '/zh-tw/doctor/a', external: false });
  });
  it('hospital links go to the website, else the booking URL', () => {
    expect(hospitalLink('zh-TW', '/zh-tw/hospital/h', { websiteUrl: 'https://h.tw', bookingUrl: 'https://b.tw' })).toEqual({ href: 'https://h.tw', external: true });
    expect(hospitalLink('zh-TW', '/zh-tw/hospital/h', { bookingUrl: 'https://b.tw' })).toEqual({ href: 'https://b.tw', external: true });
    expect(hospitalLink('zh-TW', '/zh-tw/hospital/h', {})).toEqual({ href: '/zh-tw/hospital/h', external: false });
  });
  it('other locales keep internal links', () => {
    for (const locale of ['vi-VN', 'en-PH', 'id-ID', 'ms-MY', 'th-TH'] as const) {
      expect(doctorLink(locale, '/d', doctor)).toEqual({ href: '/d', external: false });
      expect(hospitalLink(locale, '/h', { websiteUrl: 'https://h' })).toEqual({ href: '/h', external: false });
    }
  });
});
