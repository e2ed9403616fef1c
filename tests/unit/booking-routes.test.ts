import { describe, expect, it } from 'vitest';
import {
  doctorBookingPath,
  isSafeReturnUrl,
  onboardingPath,
  parseDoctorBookingQuery,
  parseServiceBookingQuery,
  serviceBookingPath,
} from '../../src/lib/booking-routes';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';

describe('booking routes (SPEC §2)', () => {
  it('builds the doctor booking route exactly, under the locale prefix', () => {
    expect(doctorBookingPath('vi-VN', { doctorId: 12, date: '2026-11-23', scheduleId: 345, telemedicine: false })).toBe(
      '/vi-vn/booking/doctor/?doctorId=12&date=2026-11-23&scheduleId=345&telemedicine=false',
    );
    expect(doctorBookingPath('id-ID', { doctorId: 7, date: '2026-03-08', scheduleId: 9, telemedicine: true })).toBe(
      '/id-id/booking/doctor/?doctorId=7&date=2026-03-08&scheduleId=9&telemedicine=true',
    );
  });

  it('builds the service booking route exactly', () => {
    expect(serviceBookingPath('th-TH', { serviceId: 5, date: '2026-12-31', scheduleId: 77 })).toBe('/th-th/booking/service/?serviceId=5&date=2026-12-31&scheduleId=77');
  });

  it('uses each locale prefix', () => {
    for (const l of LOCALES) {
      expect(serviceBookingPath(l, { serviceId: 1, date: '2026-11-23', scheduleId: 2 })).toMatch(new RegExp(`^/${LOCALE_CONFIG[l].prefix}/booking/service/\\?`));
    }
  });

  it('refuses ids and dates that would make a broken link', () => {
    expect(() => doctorBookingPath('vi-VN', { doctorId: 0, date: '2026-11-23', scheduleId: 1, telemedicine: false })).toThrow();
    expect(() => doctorBookingPath('vi-VN', { doctorId: 1, date: '2026-11-31', scheduleId: 1, telemedicine: false })).toThrow();
    expect(() => serviceBookingPath('vi-VN', { serviceId: 1.5, date: '2026-11-23', scheduleId: 1 })).toThrow();
    expect(() => serviceBookingPath('vi-VN', { serviceId: 1, date: '23-11-2026', scheduleId: 1 })).toThrow();
  });

  it('parses the routes back', () => {
    const doctor = { doctorId: 12, date: '2026-11-23', scheduleId: 345, telemedicine: true };
    expect(parseDoctorBookingQuery(doctorBookingPath('vi-VN', doctor).split('?')[1])).toEqual(doctor);
    expect(parseDoctorBookingQuery('doctorId=12&date=2026-11-23&scheduleId=345&telemedicine=0')).toEqual({ ...doctor, telemedicine: false });
    expect(parseDoctorBookingQuery('doctorId=12&date=2026-11-23&scheduleId=345&telemedicine=1')).toEqual(doctor);
    expect(parseDoctorBookingQuery('doctorId=12&date=2026-11-23&scheduleId=345')).toBeNull();
    expect(parseDoctorBookingQuery('doctorId=abc&date=2026-11-23&scheduleId=345&telemedicine=true')).toBeNull();
    expect(parseDoctorBookingQuery('doctorId=12&date=2026-11-23&scheduleId=345&telemedicine=constructor')).toBeNull();
    expect(parseDoctorBookingQuery('doctorId=1.5&date=2026-11-23&scheduleId=345&telemedicine=true')).toBeNull();
    const service = { serviceId: 5, date: '2026-12-31', scheduleId: 77 };
    expect(parseServiceBookingQuery(new URLSearchParams(serviceBookingPath('ms-MY', service).split('?')[1]))).toEqual(service);
    expect(parseServiceBookingQuery('serviceId=5&date=2026-02-30&scheduleId=77')).toBeNull();
    expect(parseServiceBookingQuery('serviceId=-5&date=2026-12-31&scheduleId=77')).toBeNull();
  });
});

describe('onboarding route and return URL', () => {
  it('carries the return URL encoded', () => {
    const back = '/vi-vn/booking/doctor/?doctorId=12&date=2026-11-23&scheduleId=345&telemedicine=false';
    const path = onboardingPath('vi-VN', back);
    expect(path).toBe(`/vi-vn/onboarding/?returnUrl=${encodeURIComponent(back)}`);
    expect(new URLSearchParams(path.split('?')[1]).get('returnUrl')).toBe(back);
  });

  it('accepts only paths of this site as return URLs', () => {
    expect(isSafeReturnUrl('/en-ph/doctor/x')).toBe(true);
    expect(isSafeReturnUrl('/')).toBe(true);
    expect(isSafeReturnUrl('//evil.example/x')).toBe(false);
    expect(isSafeReturnUrl('/\\evil.example')).toBe(false);
    expect(isSafeReturnUrl('https://evil.example/')).toBe(false);
    expect(isSafeReturnUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeReturnUrl('/x\nSet-Cookie: a')).toBe(false);
    expect(isSafeReturnUrl('')).toBe(false);
    expect(onboardingPath('zh-TW', 'https://evil.example/')).toBe(`/zh-tw/onboarding/?returnUrl=${encodeURIComponent('/zh-tw/')}`);
  });
});
