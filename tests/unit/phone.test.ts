import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { canCall, canDisplay, maskPhone, phoneButton, PHONE_COPIED_MESSAGE, serviceHeaderPhoneLink, telHref } from '../../src/lib/phone';

const PHONE = '+63 2 8888 1234';

describe('phone button (SPEC §4)', () => {
  it('logged-in users see and call the number in every locale', () => {
    for (const locale of LOCALES) {
      expect(phoneButton({ phone: PHONE, locale, loggedIn: true, returnUrl: '/x' })).toEqual({
        display: PHONE, masked: false, href: 'tel:+63288881234', callLabel: null, viewLabel: null, login: null,
      });
    }
  });
  it('ms-MY visitors see and call the number without logging in', () => {
    expect(phoneButton({ phone: '03-2700 1234', locale: 'ms-MY', loggedIn: false, returnUrl: '/x' })).toMatchObject({ display: '03-2700 1234', masked: false, href: 'tel:0327001234', login: null });
  });
  it('zh-TW visitors see the number, but calling reads Login To Call and starts the login flow', () => {
    const b = phoneButton({ phone: '02-2700-1234', locale: 'zh-TW', loggedIn: false, returnUrl: '/zh-tw/hospital/a' })!;
    expect(b).toMatchObject({ display: '02-2700-1234', masked: false, href: null, viewLabel: null });
    expect(b.callLabel && translate('en-PH', b.callLabel.key)).toBe('Login To Call');
    expect(b.login).toEqual({ returnUrl: '/zh-tw/hospital/a', source: 'care_phone' });
  });
  it('other visitors see the first 5 characters then asterisks, with Login To Call / Log In To View', () => {
    for (const locale of ['vi-VN', 'en-PH', 'id-ID', 'th-TH'] as const) {
      const b = phoneButton({ phone: '0901234567', locale, loggedIn: false, returnUrl: '/p?q=1' })!;
      expect(b.display).toBe('09012*****');
      expect(b.masked).toBe(true);
      expect(b.href).toBeNull();
      expect(translate('en-PH', b.callLabel!.key)).toBe('Login To Call');
      expect(translate('en-PH', b.viewLabel!.key)).toBe('Log In To View');
      expect(b.login).toEqual({ returnUrl: '/p?q=1', source: 'care_phone' });
    }
  });
  it('no button without a phone', () => {
    expect(phoneButton({ phone: '', locale: 'vi-VN', loggedIn: true, returnUrl: '/' })).toBeNull();
    expect(phoneButton({ phone: '   ', locale: 'vi-VN', loggedIn: true, returnUrl: '/' })).toBeNull();
    expect(phoneButton({ phone: null, locale: 'vi-VN', loggedIn: true, returnUrl: '/' })).toBeNull();
  });
  it('permissions per locale', () => {
    expect(LOCALES.filter((l) => canCall(l, false))).toEqual(['ms-MY']);
    expect(LOCALES.filter((l) => canDisplay(l, false))).toEqual(['zh-TW', 'ms-MY']);
    expect(LOCALES.every((l) => canCall(l, true) && canDisplay(l, true))).toBe(true);
  });
  it('masks short numbers without asterisks and trims', () => {
    expect(maskPhone('12345')).toBe('12345');
    expect(maskPhone(' 1234567 ')).toBe('12345**');
  });
  it('tel links keep digits and a leading plus', () => {
    expect(telHref('(028) 3822-1234')).toBe('tel:02838221234');
    expect(telHref(' +84 28 3822 1234 ')).toBe('tel:+842838221234');
  });
  it('copying shows a success message', () => {
    expect(translate('en-PH', PHONE_COPIED_MESSAGE.key)).toBe('Copied to clipboard');
  });
});

describe('service header telephone link (SPEC §2, §6)', () => {
  it('is active only for logged-in users with a phone', () => {
    expect(serviceHeaderPhoneLink({ phone: '1900 6868', loggedIn: true })).toBe('tel:19006868');
    expect(serviceHeaderPhoneLink({ phone: '1900 6868', loggedIn: false })).toBeNull();
    expect(serviceHeaderPhoneLink({ phone: '', loggedIn: true })).toBeNull();
    expect(serviceHeaderPhoneLink({ phone: null, loggedIn: true })).toBeNull();
  });
});
