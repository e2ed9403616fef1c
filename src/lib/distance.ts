/** Distance in km (SPEC §4, §5, §9): haversine, one decimal, only when both coordinate pairs exist. */
import type { Locale } from '../../i18n/locales';
import { formatNumber } from './format';
import { message, render } from './message';

export interface Coordinates {
  latitude?: number | string | null;
  longitude?: number | string | null;
}

export interface Position {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;

function toNumber(v: number | string | null | undefined): number | null {
  if (v == null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A coordinate pair, or null when either half is missing or out of range. */
export function toPosition(c: Coordinates | null | undefined): Position | null {
  if (!c) return null;
  const latitude = toNumber(c.latitude);
  const longitude = toNumber(c.longitude);
  if (latitude == null || longitude == null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** Geolocation is kept to 7 decimals (about 1 cm): enough precision, and no more identifying digits. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

export function roundPosition(p: Position): Position {
  return { latitude: roundCoordinate(p.latitude), longitude: roundCoordinate(p.longitude) };
}

export function haversineKm(a: Position, b: Position): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in km with one decimal; null unless both coordinate pairs exist. */
export function distanceKm(user: Coordinates | null | undefined, place: Coordinates | null | undefined): number | null {
  const a = toPosition(user);
  const b = toPosition(place);
  if (!a || !b) return null;
  return Math.round(haversineKm(a, b) * 10) / 10;
}

/** '3.2 km' in the visitor's number format; empty when unknown. */
export function formatDistance(locale: Locale, km: number | null): string {
  if (km == null) return '';
  const distance = formatNumber(locale, km, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return render(locale, message('directory.distance.km', { distance }));
}

export type SortDirection = 'asc' | 'desc';

export function toggleSortDirection(d: SortDirection): SortDirection {
  return d === 'asc' ? 'desc' : 'asc';
}

/** Stable sort by distance; places without a distance always go last, whatever the direction. */
export function sortByDistance<T>(items: readonly T[], distanceOf: (item: T) => number | null, direction: SortDirection = 'asc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, km: distanceOf(item) }))
    .sort((x, y) => {
      if (x.km == null || y.km == null) return x.km == null && y.km == null ? x.index - y.index : x.km == null ? 1 : -1;
      return (x.km - y.km) * sign || x.index - y.index;
    })
    .map((e) => e.item);
}
