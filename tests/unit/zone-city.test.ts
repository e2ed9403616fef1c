/** Issue #38 item 24: patients read a city for the hospital's time zone, never a zone id. */
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { zoneCityName } from '../../src/lib/hospital-time';

describe('zone city name', () => {
  it("is the hospital's city, else the zone id's city part without underscores", () => {
    expect(zoneCityName('Asia/Ho_Chi_Minh', 'Hồ Chí Minh')).toBe('Hồ Chí Minh');
    expect(zoneCityName('Asia/Ho_Chi_Minh', '  ')).toBe('Ho Chi Minh');
    for (const l of LOCALES) for (const z of LOCALE_CONFIG[l].timeZones) expect(zoneCityName(z)).not.toMatch(/[/_]/);
  });
});
