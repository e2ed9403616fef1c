/** Map card links (SPEC §2, §7, §9): zoom 15, an embed only when a maps key is configured, directions link. */
import { toPosition, type Coordinates } from './distance';
import { MAP_ZOOM } from './hospital-page';

/** A maps search link for the hospital (opens the visitor's maps app); null without coordinates. */
export function mapsLink(place: Coordinates & { name?: string; address?: string }): string | null {
  const p = toPosition(place);
  if (!p) return null;
  return `https://www.google.com/maps/search/?api=1&query=${p.latitude},${p.longitude}`;
}

/** Directions from the visitor's position to the hospital. */
export function directionsLink(place: Coordinates): string | null {
  const p = toPosition(place);
  return p ? `https://www.google.com/maps/dir/?api=1&destination=${p.latitude},${p.longitude}` : null;
}

/** Embedded map URL (Maps Embed API) at zoom 15; null when no key is configured or coordinates are missing. */
export function embedMapUrl(place: Coordinates, key: string | null | undefined, zoom = MAP_ZOOM): string | null {
  const p = toPosition(place);
  if (!p || !key) return null;
  return `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${p.latitude},${p.longitude}&zoom=${zoom}`;
}
