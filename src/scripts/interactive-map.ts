/**
 * The map card's interactive map (issue #5): mapbox-gl and its styles are fetched only after the visitor asks for
 * the map, and only when a token is configured (the button exists only then). Zoom 15 (SPEC §9), a marker on the
 * hospital. Without WebGL or network the card keeps its maps link and says the map could not load.
 */
import { MAP_ZOOM } from '../lib/hospital-page';
// As a URL, not an import: imported CSS would be hoisted into every hospital page's head.
import mapboxCssUrl from 'mapbox-gl/dist/mapbox-gl.css?url';

function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: () => resolve(), onerror: reject });
    document.head.append(link);
  });
}

export async function openInteractiveMap(button: HTMLButtonElement): Promise<void> {
  const { token = '', lat, lng, name = '', error = '' } = button.dataset;
  const card = button.closest<HTMLElement>('[data-testid="map-card"]');
  if (!card || lat == null || lng == null) return;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  const container = document.createElement('div');
  container.className = 'map-interactive-view';
  container.setAttribute('role', 'region');
  container.setAttribute('aria-label', name);
  container.dataset.testid = 'interactive-map';
  button.before(container);
  try {
    const [{ default: mapboxgl }] = await Promise.all([import('mapbox-gl'), loadStylesheet(mapboxCssUrl)]);
    mapboxgl.accessToken = token;
    const center: [number, number] = [Number(lng), Number(lat)];
    const map = new mapboxgl.Map({ container, style: 'mapbox://styles/mapbox/streets-v12', center, zoom: MAP_ZOOM, cooperativeGestures: true });
    map.addControl(new mapboxgl.NavigationControl({ showCompass: false }));
    new mapboxgl.Marker({ color: '#0b6bcb' }).setLngLat(center).addTo(map);
    card.querySelector('.map-frame, .map-static')?.setAttribute('hidden', '');
    button.remove();
  } catch (e) {
    console.warn('[map] interactive map unavailable', e);
    container.remove();
    const note = document.createElement('p');
    note.className = 'muted';
    note.setAttribute('role', 'status');
    note.dataset.testid = 'interactive-map-error';
    note.textContent = error;
    button.replaceWith(note);
  }
}
