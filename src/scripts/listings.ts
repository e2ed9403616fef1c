/**
 * Listing pages' enhancement, without the island runtime (the pages work without it: filters and paging are links):
 * - keyword filter over the cards of the current page (debounced; 'No results' when nothing matches);
 * - hospital listings: sort by distance after the location pop-up (asc, then toggles desc), the distance shown
 *   on each card (km, one decimal); the position stays in this page's memory, rounded to 7 decimals;
 * - phone buttons (src/scripts/phone-buttons.ts).
 */
import { matchesKeyword } from '../lib/keyword-match';
import { distanceKm, roundPosition, sortByDistance, toggleSortDirection, type Position, type SortDirection } from '../lib/distance';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { storedAccessToken } from './session';
import { browserSession } from './session-store';
import { initPhoneButtons } from './phone-buttons';

const tools = document.querySelector<HTMLElement>('[data-listing-tools]');
const locale = (tools?.dataset.locale ?? document.querySelector('[data-locale]')?.getAttribute('data-locale') ?? 'vi-VN') as Locale;
const list = document.querySelector<HTMLElement>('[data-listing]');
const items = list ? [...list.querySelectorAll<HTMLElement>(':scope > li')] : [];
const searchOf = (li: HTMLElement) => li.querySelector<HTMLElement>('[data-search]')?.dataset.search ?? li.textContent ?? '';
const empty = document.querySelector<HTMLElement>('[data-listing-empty]');

if (tools && list && items.length) {
  tools.hidden = false;
  const input = tools.querySelector<HTMLInputElement>('[data-listing-search]');
  const count = tools.querySelector<HTMLElement>('[data-listing-count]');
  const wait = Number(tools.dataset.debounce) || 300;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const apply = () => {
    const keyword = input?.value ?? '';
    let shown = 0;
    for (const li of items) {
      const on = matchesKeyword(searchOf(li), keyword);
      li.hidden = !on;
      if (on) shown++;
    }
    if (empty) empty.hidden = shown > 0;
    if (count) count.textContent = keyword.trim() ? (count.dataset.template ?? '').replace('{count}', String(shown)).replace('{total}', String(items.length)) : '';
  };
  input?.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, wait);
  });
  // A keyword restored by the browser (back navigation) applies at once.
  if (input?.value) apply();

  // ---- distance sort ------------------------------------------------------------------------------------------
  const sortBtn = tools.querySelector<HTMLButtonElement>('[data-distance-sort]');
  const dialog = document.querySelector<HTMLDialogElement>('#location-dialog');
  if (sortBtn && dialog) {
    const fmt = new Intl.NumberFormat(LOCALE_CONFIG[locale].htmlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const km = new Map<HTMLElement, number | null>();
    let position: Position | null = null;
    let direction: SortDirection = 'asc';

    const sort = () => {
      for (const li of sortByDistance(items, (li) => km.get(li) ?? null, direction)) list.append(li);
      sortBtn.setAttribute('aria-pressed', 'true');
      sortBtn.textContent = (direction === 'asc' ? sortBtn.dataset.asc : sortBtn.dataset.desc) ?? '';
    };
    const located = (p: Position) => {
      position = roundPosition(p);
      for (const li of items) {
        const card = li.querySelector<HTMLElement>('[data-lat]');
        const d = card ? distanceKm(position, { latitude: card.dataset.lat, longitude: card.dataset.lng }) : null;
        km.set(li, d);
        const out = li.querySelector<HTMLElement>('[data-distance-value]');
        if (out && d != null) {
          out.textContent = (dialog.dataset.km ?? '{distance} km').replace('{distance}', fmt.format(d));
          out.hidden = false;
        }
      }
      sort();
    };
    sortBtn.addEventListener('click', () => {
      if (position) {
        direction = toggleSortDirection(direction);
        sort();
      } else dialog.showModal();
    });
    dialog.querySelector('[data-location-cancel]')?.addEventListener('click', () => dialog.close());
    dialog.querySelector('[data-location-allow]')?.addEventListener('click', () => {
      dialog.close();
      navigator.geolocation?.getCurrentPosition(
        (pos) => located({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
        () => {
          if (count) count.textContent = dialog.dataset.denied ?? '';
        },
        { maximumAge: 600_000, timeout: 10_000 },
      );
    });
  }
}

// Filter rows scroll sideways on small screens: bring the chosen option into view.
for (const row of document.querySelectorAll<HTMLElement>('.filter-chips')) {
  const current = row.querySelector<HTMLElement>('[aria-current="page"]');
  if (current && row.scrollWidth > row.clientWidth) row.scrollLeft = Math.max(0, current.offsetLeft - row.offsetLeft - 16);
}

// The stored token only: no Supabase client on listing pages (JavaScript budget 20 KB).
initPhoneButtons(locale, browserSession(), async () => storedAccessToken());
