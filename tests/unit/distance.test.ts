import { describe, expect, it } from 'vitest';
import { distanceKm, formatDistance, haversineKm, roundCoordinate, roundPosition, sortByDistance, toggleSortDirection, toPosition } from '../../src/lib/distance';

const HCM = { latitude: 10.7769, longitude: 106.7009 };
const HANOI = { latitude: 21.0278, longitude: 105.8342 };

describe('distance (SPEC §4, §5, §9)', () => {
  it('haversine between Ho Chi Minh City and Hanoi is about 1,140 km', () => {
    expect(haversineKm(HCM, HANOI)).toBeGreaterThan(1130);
    expect(haversineKm(HCM, HANOI)).toBeLessThan(1150);
  });
  it('is zero for the same point and symmetric', () => {
    expect(distanceKm(HCM, HCM)).toBe(0);
    expect(distanceKm(HCM, HANOI)).toBe(distanceKm(HANOI, HCM));
  });
  it('rounds to one decimal', () => {
    const d = distanceKm(HCM, { latitude: 10.7869, longitude: 106.7009 })!;
    expect(d).toBe(1.1);
    expect(Number.isInteger(d * 10)).toBe(true);
  });
  it('is computed only when both coordinate pairs exist', () => {
    expect(distanceKm(null, HCM)).toBeNull();
    expect(distanceKm(HCM, undefined)).toBeNull();
    expect(distanceKm({ latitude: 10 }, HCM)).toBeNull();
    expect(distanceKm(HCM, { latitude: 10, longitude: null })).toBeNull();
    expect(distanceKm(HCM, { latitude: '', longitude: '106' })).toBeNull();
    expect(distanceKm(HCM, { latitude: 'abc', longitude: 106 })).toBeNull();
    expect(distanceKm(HCM, { latitude: 91, longitude: 106 })).toBeNull();
  });
  it('accepts numeric strings from the API, and 0 as a real coordinate', () => {
    expect(distanceKm(HCM, { latitude: '10.7769', longitude: '106.7009' })).toBe(0);
    expect(toPosition({ latitude: 0, longitude: 0 })).toEqual({ latitude: 0, longitude: 0 });
  });
  it('geolocation is rounded to 7 decimals', () => {
    expect(roundCoordinate(10.123456789)).toBe(10.1234568);
    expect(roundCoordinate(-0.00000004)).toBe(-0);
    expect(roundPosition({ latitude: 1.123456749, longitude: 2.99999999 })).toEqual({ latitude: 1.1234567, longitude: 3 });
  });
  it('formats km for the locale with one decimal', () => {
    expect(formatDistance('en-PH', 3)).toBe('3.0 km');
    expect(formatDistance('vi-VN', 12.5)).toBe('12,5 km');
    expect(formatDistance('zh-TW', 1.2)).toBe('1.2 公里');
    expect(formatDistance('en-PH', null)).toBe('');
  });
  it('sort toggles asc and desc; unknown distances stay last', () => {
    expect(toggleSortDirection('asc')).toBe('desc');
    expect(toggleSortDirection('desc')).toBe('asc');
    const items = [{ n: 'a', km: 5 }, { n: 'b', km: null }, { n: 'c', km: 1 }, { n: 'd', km: 5 }, { n: 'e', km: 3 }];
    expect(sortByDistance(items, (i) => i.km).map((i) => i.n)).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect(sortByDistance(items, (i) => i.km, 'desc').map((i) => i.n)).toEqual(['a', 'd', 'e', 'c', 'b']);
    expect(items.map((i) => i.n)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
