import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { AD_SIZES, adSlotAttributes, adSlotSpec } from '../../src/lib/ads';

describe('ad slot beside the sticky booking card', () => {
  const input = { position: 'booking_card', page: 'doctor', sizes: AD_SIZES.besideBookingCard, targeting: { id: '42' } };

  it('exists only in vi-VN', () => {
    for (const locale of LOCALES) expect(adSlotSpec(locale, input, '2180') === null).toBe(locale !== 'vi-VN');
  });

  it('carries the unit path of the locale, the position, both sizes and the key-values the ad script reads', () => {
    const spec = adSlotSpec('vi-VN', input, '2180')!;
    expect(spec.unit).toBe('/2180/suckhoeviet.vn/vi-vn/doctor_booking_card');
    const attrs = adSlotAttributes(spec);
    expect(attrs['data-ad-slot']).toBe('');
    expect(attrs['data-ad-unit']).toBe('/2180/suckhoeviet.vn/vi-vn/doctor_booking_card');
    expect(attrs['data-ad-position']).toBe('booking_card');
    expect(JSON.parse(attrs['data-ad-sizes']!)).toEqual([[300, 250], [300, 600]]);
    expect(JSON.parse(attrs['data-ad-targeting']!)).toEqual({ page: 'doctor', locale: 'vi-VN', id: '42' });
  });

  it('is not there at all without a configured ad account (no empty box, no reserved space, no tag)', () => {
    expect(adSlotSpec('vi-VN', input, '')).toBeNull();
  });
});
