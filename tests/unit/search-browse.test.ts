/** Issue 38 item 17: the search page opens on the market's specialties and cities, most doctors first. */
import { describe, expect, it } from 'vitest';
import { BROWSE_SPECIALTIES_MAX, searchBrowse } from '../../src/lib/search-browse';

const doc = (citySlug: string, city: string, ...specialties: string[]) => ({ citySlug, city, specialties: specialties.map((slug) => ({ slug })) });
const data = {
  specialties: [
    { slug: 'tim-mach', name: 'Tim mạch' },
    { slug: 'nhi', name: 'Nhi khoa' },
    { slug: 'da-lieu', name: 'Da liễu' },
  ],
  cities: [
    { slug: 'ha-noi', name: 'Hà Nội' },
    { slug: 'ho-chi-minh', name: 'Hồ Chí Minh' },
    { slug: 'hue', name: 'Huế' },
  ],
  doctors: [doc('ho-chi-minh', 'Hồ Chí Minh', 'nhi'), doc('ho-chi-minh', 'Hồ Chí Minh', 'nhi', 'tim-mach'), doc('ha-noi', 'Hà Nội', 'tim-mach'), doc('ho-chi-minh', 'Hồ Chí Minh', 'tim-mach')],
  hospitals: [doc('hue', 'Huế', 'da-lieu'), doc('ha-noi', 'Hà Nội', 'tim-mach')],
};

describe('searchBrowse', () => {
  it('lists specialties with doctors, most first, each opening its busiest city', () => {
    const { specialties } = searchBrowse('vi-VN', data);
    expect(specialties.map((s) => [s.label, s.count])).toEqual([
      ['Tim mạch', 3],
      ['Nhi khoa', 2],
    ]);
    expect(specialties[0].href).toMatch(/^\/vi-vn\/.*ho-chi-minh.*tim-mach/);
    expect(specialties.length).toBeLessThanOrEqual(BROWSE_SPECIALTIES_MAX);
  });
  it("lists the market's cities with doctors, each opening its doctor listing", () => {
    const { cities } = searchBrowse('vi-VN', data);
    expect(cities.map((c) => [c.label, c.count])).toEqual([
      ['Hồ Chí Minh', 3],
      ['Hà Nội', 1],
    ]);
    expect(cities[0].href).toBe('/vi-vn/doctors/ho-chi-minh/nhi/');
  });
  it('where the market lists no doctors, by hospitals', () => {
    const { cities, specialties } = searchBrowse('zh-TW', data);
    expect(cities.map((c) => c.label).sort()).toEqual(['Huế', 'Hà Nội'].sort());
    expect(cities.every((c) => c.href.includes('/hospitals/city/'))).toBe(true);
    expect(specialties.map((s) => s.label)).toEqual(['Da liễu', 'Tim mạch']);
  });
});
