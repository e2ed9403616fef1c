/**
 * The branch's map pin (issue 37, profile tab) without map tiles: the machine and many hospital networks cannot
 * reach a tile server, so the pin is set by its coordinates, by a map link pasted from any maps site, or by a click
 * on a tile-free preview of the market (src/admin/routes/organizations/organization-page/MapPin.tsx). The rules
 * here: reading coordinates out of a pasted link or text, the market's extent (to catch swapped or mistyped
 * coordinates) and the preview's projection.
 */
import { LOCALE_CONFIG, LOCALES } from '../../i18n/locales';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Geolocation precision of SPEC §5 (7 decimals). */
export const roundCoordinate = (n: number) => Math.round(n * 1e7) / 1e7;

const valid = (lat: number, lng: number): LatLng | null =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { latitude: roundCoordinate(lat), longitude: roundCoordinate(lng) } : null;

const NUM = String.raw`(-?\d{1,3}(?:\.\d+)?)`;

/**
 * Coordinates from what a person pastes: "10.7769, 106.7009", a Google Maps link (`@lat,lng,zoom`, `q=`/`query=`/
 * `ll=`/`destination=lat,lng`, `!3d<lat>!4d<lng>`), an OpenStreetMap link (`mlat=&mlon=`, `#map=z/lat/lng`) or a
 * geo: URI. Null when none is found.
 */
export function parseCoordinates(input: string): LatLng | null {
  const s = decodeURIComponentSafe(input.trim());
  const patterns: [RegExp, 'latlng' | 'pin'][] = [
    [new RegExp(String.raw`!3d${NUM}!4d${NUM}`), 'pin'],
    [new RegExp(String.raw`[?&](?:q|query|ll|destination|center)=${NUM},\s*${NUM}`), 'latlng'],
    [new RegExp(String.raw`mlat=${NUM}&mlon=${NUM}`), 'latlng'],
    [new RegExp(String.raw`#map=\d+(?:\.\d+)?/${NUM}/${NUM}`), 'latlng'],
    [new RegExp(String.raw`@${NUM},${NUM}`), 'latlng'],
    [new RegExp(String.raw`^geo:${NUM},${NUM}`), 'latlng'],
    [new RegExp(String.raw`^${NUM}\s*[,;\s]\s*${NUM}$`), 'latlng'],
  ];
  for (const [re] of patterns) {
    const m = re.exec(s);
    if (m) return valid(Number(m[1]), Number(m[2]));
  }
  return null;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A maps search for the address, opened in a new tab where the internet is reachable (the address is the hospital's, public). */
export const addressSearchUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.trim())}`;

export interface Extent {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Each market's extent (rounded outward), by country id: a pin outside it is almost surely swapped or mistyped. */
const EXTENTS: Record<string, Extent> = {
  'vi-VN': { south: 8.2, west: 102.1, north: 23.4, east: 109.5 },
  'en-PH': { south: 4.5, west: 116.9, north: 21.2, east: 126.7 },
  'id-ID': { south: -11.1, west: 94.9, north: 6.1, east: 141.1 },
  'zh-TW': { south: 21.8, west: 118.1, north: 26.4, east: 122.1 },
  'ms-MY': { south: 0.8, west: 99.6, north: 7.4, east: 119.3 },
  'th-TH': { south: 5.6, west: 97.3, north: 20.5, east: 105.7 },
};

export function marketExtent(countryId: number): Extent | null {
  const locale = LOCALES.find((l) => LOCALE_CONFIG[l].countryId === countryId);
  return locale ? (EXTENTS[locale] ?? null) : null;
}

export const insideExtent = (p: LatLng, e: Extent) => p.latitude >= e.south && p.latitude <= e.north && p.longitude >= e.west && p.longitude <= e.east;

/** Equirectangular projection of the extent onto a width × height box (enough for a preview of one country). */
export function project(p: LatLng, e: Extent, width: number, height: number): { x: number; y: number } {
  return { x: ((p.longitude - e.west) / (e.east - e.west)) * width, y: ((e.north - p.latitude) / (e.north - e.south)) * height };
}

export function unproject(x: number, y: number, e: Extent, width: number, height: number): LatLng {
  return { latitude: roundCoordinate(e.north - (y / height) * (e.north - e.south)), longitude: roundCoordinate(e.west + (x / width) * (e.east - e.west)) };
}
