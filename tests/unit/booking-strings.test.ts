import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { MESSAGES, translate } from '../../i18n/strings';

const OURS = (k: string) => k.startsWith('booking.') || k.startsWith('campaign.');
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('booking and campaign strings', () => {
  it('quote the spec exactly in en-PH', () => {
    const en = (k: Parameters<typeof translate>[1]) => translate('en-PH', k);
    expect(en('booking.slotNotAvailable')).toBe('The slot is not available. Please select the time greater than {bufferTime}.');
    expect(en('booking.noSlotThisDay')).toBe('There is no available booking slot this day');
    expect(en('booking.choosePartOfDay')).toBe('Choose another Time of the Day');
    expect(en('booking.doctorBusy')).toBe('Sorry! Our doctor is quite busy now. Please come back tomorrow or make a booking with another doctor.');
    expect(en('booking.seeNearest')).toBe('See nearest availabilities');
    expect(en('booking.continue')).toBe('Continue Booking');
    expect(en('booking.bookAppointment')).toBe('Book an Appointment');
    expect(en('booking.voucherApplicable')).toBe('Voucher applicable');
    expect(en('booking.allSpecialties')).toBe('All specialties');
    expect(en('booking.goToProfile')).toBe('Go to User Profile');
  });

  it('exist in all six locales with the same placeholders, translated outside English', () => {
    const keys = Object.keys(MESSAGES['vi-VN']).filter(OURS);
    expect(keys.length).toBeGreaterThan(30);
    for (const locale of LOCALES) {
      const m = MESSAGES[locale] as Record<string, string>;
      expect(Object.keys(m).filter(OURS).sort()).toEqual([...keys].sort());
      for (const k of keys) {
        expect(m[k].trim().length).toBeGreaterThan(0);
        expect(placeholders(m[k])).toEqual(placeholders((MESSAGES['en-PH'] as Record<string, string>)[k]));
      }
    }
    // Sentences are translated, not copied from English (short labels like 'OK' may coincide).
    for (const locale of LOCALES.filter((l) => l !== 'en-PH')) {
      for (const k of keys) {
        const en = (MESSAGES['en-PH'] as Record<string, string>)[k];
        if (en.length > 20) expect((MESSAGES[locale] as Record<string, string>)[k]).not.toBe(en);
      }
    }
  });

  it('fill the slot error with the buffer time in every locale', () => {
    for (const locale of LOCALES) expect(translate(locale, 'booking.slotNotAvailable', { bufferTime: '14:30' })).toContain('14:30');
  });
});
