/**
 * The hospital page's small behaviours, without the island runtime: tabs (query kept in the URL, no reload), the header
 * carousel, collapsibles and 'view more', the booking panel, distance (after the location pop-up), the phone
 * button and the maps booking link. Ads load from their own chunk, only where the page has ad slots (vi-VN).
 */
import { tabHref, CAROUSEL_INTERVAL_MS, type HospitalTab } from '../lib/hospital-page';
import { canReadBookingBlock } from '../lib/staff-abilities';
import { distanceKm, roundPosition } from '../lib/distance';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { browserSession, staffAbilities } from './session-store';
import { initPhoneButtons, type AccessToken } from './phone-buttons';

const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T & Element>(sel) as T | null;
const $$ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => [...root.querySelectorAll(sel)] as T[];
const page = $('[data-testid="hospital-page"]');
const locale = (page?.getAttribute('data-locale') ?? 'vi-VN') as Locale;
const session = browserSession();

// ---- tabs -----------------------------------------------------------------------------------------------
function showTab(tab: HospitalTab, push: boolean) {
  const links = $$<HTMLAnchorElement>('[role="tab"][data-tab-link]');
  if (!links.some((a) => a.dataset.tabLink === tab)) tab = 'general';
  for (const a of links) {
    const on = a.dataset.tabLink === tab;
    a.setAttribute('aria-selected', String(on));
    a.tabIndex = on ? 0 : -1;
  }
  for (const p of $$('[data-panel]')) p.hidden = p.dataset.panel !== tab;
  if (push) history.pushState({ tab }, '', tabHref(location.href, tab));
}
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[data-tab-link]');
  if (!a || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  showTab(a.dataset.tabLink as HospitalTab, true);
  if (a.getAttribute('role') !== 'tab') $('[data-tabs]')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
});
$('[role="tablist"]')?.addEventListener('keydown', (e) => {
  const links = $$<HTMLAnchorElement>('[role="tab"]');
  const i = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (i < 0 || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
  e.preventDefault();
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? links.length - 1 : (i + (e.key === 'ArrowRight' ? 1 : -1) + links.length) % links.length;
  links[next].focus();
  showTab(links[next].dataset.tabLink as HospitalTab, true);
});
window.addEventListener('popstate', () => showTab((new URL(location.href).searchParams.get('tab') ?? 'general') as HospitalTab, false));

// ---- carousel: 7 s, paused on hover, focus and for reduced motion; buttons and arrow keys -------------------
for (const root of $$('[data-carousel]')) {
  const slides = $$('.carousel-slide', root);
  if (slides.length < 2) continue;
  const interval = Number(root.dataset.interval) || CAROUSEL_INTERVAL_MS;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const toggle = $<HTMLButtonElement>('[data-carousel-toggle]', root);
  let index = 0;
  let playing = !reduced;
  let hovering = false;
  const go = (i: number) => {
    slides[index].classList.remove('is-active');
    slides[index].hidden = true;
    index = (i + slides.length) % slides.length;
    slides[index].hidden = false;
    slides[index].classList.add('is-active');
    root.dataset.index = String(index);
  };
  const setPlaying = (p: boolean) => {
    playing = p;
    toggle?.setAttribute('aria-label', (p ? toggle.dataset.labelPause : toggle.dataset.labelPlay) ?? '');
    if (toggle) toggle.textContent = p ? '❚❚' : '▶';
  };
  setPlaying(playing);
  setInterval(() => {
    if (playing && !hovering && !document.hidden) go(index + 1);
  }, interval);
  root.addEventListener('mouseenter', () => (hovering = true));
  root.addEventListener('mouseleave', () => (hovering = false));
  root.addEventListener('focusin', () => (hovering = true));
  root.addEventListener('focusout', () => (hovering = false));
  $('[data-carousel-prev]', root)?.addEventListener('click', () => go(index - 1));
  $('[data-carousel-next]', root)?.addEventListener('click', () => go(index + 1));
  toggle?.addEventListener('click', () => setPlaying(!playing));
  root.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  });
}

// ---- collapsibles (4 lines) and 'view more' lists (5 mobile / 10 desktop) -----------------------------------
for (const btn of $$<HTMLButtonElement>('[data-collapse-toggle]')) {
  const box = document.getElementById(btn.getAttribute('aria-controls') ?? '');
  if (!box) continue;
  const body = $('.collapsible-body', box)!;
  const fits = () => body.scrollHeight <= box.clientHeight + 2 && !box.classList.contains('expanded');
  if (fits()) btn.hidden = true;
  btn.addEventListener('click', () => {
    const open = box.classList.toggle('expanded');
    btn.setAttribute('aria-expanded', String(open));
    btn.textContent = (open ? btn.dataset.less : btn.dataset.more) ?? '';
  });
}
for (const btn of $$<HTMLButtonElement>('[data-view-more]')) {
  btn.addEventListener('click', () => {
    btn.previousElementSibling?.classList.add('expanded');
    btn.hidden = true;
  });
}
for (const btn of $$<HTMLButtonElement>('[data-scroll]')) {
  btn.addEventListener('click', () => {
    const track = document.getElementById(btn.getAttribute('aria-controls') ?? '');
    track?.scrollBy({ left: Number(btn.dataset.scroll) * track.clientWidth * 0.8, behavior: 'smooth' });
  });
}

// ---- booking panel: slide-in on mobile and tablet, opened by 'Book now' -----------------------------------
const panel = $('#booking-panel');
const openBtn = $<HTMLButtonElement>('[data-booking-open]');
const backdrop = $('.booking-backdrop');
function setPanel(open: boolean) {
  if (!panel) return;
  panel.classList.toggle('open', open);
  document.body.classList.toggle('panel-open', open);
  openBtn?.setAttribute('aria-expanded', String(open));
  if (backdrop) backdrop.hidden = !open;
  if (open) $<HTMLButtonElement>('.booking-close', panel)?.focus();
  else openBtn?.focus();
}
openBtn?.addEventListener('click', () => setPanel(true));
for (const el of $$('[data-booking-close]')) el.addEventListener('click', () => setPanel(false));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && panel?.classList.contains('open')) setPanel(false);
});

// ---- 'Book an appointment' maps link instead of quick booking, for staff who may read this booking block -----
const maps = $('[data-maps-booking]');
if (maps && session.loggedIn) {
  void staffAbilities().then((abilities) => {
    if (!canReadBookingBlock(abilities, Number(page?.getAttribute('data-hospital-id')))) return;
    maps.hidden = false;
    panel?.remove();
    $('.book-now-bar')?.remove();
  });
}

// ---- distance: location pop-up first; position rounded to 7 decimals and never stored ------------------------
const distanceEl = $('[data-distance]');
const dialog = $<HTMLDialogElement>('#location-dialog');
if (distanceEl && dialog) {
  const place = { latitude: Number(distanceEl.dataset.lat), longitude: Number(distanceEl.dataset.lng) };
  const ask = $<HTMLButtonElement>('[data-distance-ask]', distanceEl)!;
  const out = $('[data-distance-value]', distanceEl)!;
  const fmt = new Intl.NumberFormat(LOCALE_CONFIG[locale].htmlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const show = (km: number) => {
    const text = (dialog.dataset.km ?? '{distance} km').replace('{distance}', fmt.format(km));
    out.textContent = text;
    ask.hidden = true;
    for (const copy of $$('[data-distance-copy]')) copy.textContent = (dialog.dataset.away ?? '{distance}').replace('{distance}', text);
  };
  ask.addEventListener('click', () => dialog.showModal());
  $('[data-location-cancel]', dialog)?.addEventListener('click', () => dialog.close());
  $('[data-location-allow]', dialog)?.addEventListener('click', () => {
    dialog.close();
    navigator.geolocation?.getCurrentPosition(
      (pos) => {
        // Only this page's memory holds the position, rounded to 7 decimals.
        const km = distanceKm(roundPosition({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }), place);
        if (km != null) show(km);
      },
      () => {
        out.textContent = dialog.dataset.denied ?? '';
      },
      { maximumAge: 600_000, timeout: 10_000 },
    );
  });
}

// ---- phone buttons (shared with the listing pages: src/scripts/phone-buttons.ts) ---------------------------------
// The token through the Supabase client, which also refreshes an expired one (loaded only when needed).
const supabaseAccessToken: AccessToken = async () => {
  const { currentSession } = await import('../islands/supabase');
  return (await currentSession())?.accessToken ?? null;
};
initPhoneButtons(locale, session, supabaseAccessToken);

// ---- interactive map: its library loads only on request ------------------------------------------------------
for (const b of $$<HTMLButtonElement>('[data-map-interactive]')) {
  b.addEventListener('click', () => void import('./interactive-map').then((m) => m.openInteractiveMap(b)), { once: true });
}

// ---- ads (vi-VN only: slots exist only there) ---------------------------------------------------------------
if ($('[data-ad-slot]')) void import('./ads').then((m) => m.startAds());
