/**
 * The directory search page: reads ?q=, calls GET /api/search once the keyword has at least 3 characters
 * (SPEC §5), debounced 300 ms while typing, keeps ?q= in the address, and shows loading, results grouped by
 * kind, the empty states of SPEC §8 ('No result found', 'No matching result, please try another keyword or see
 * more') and an error state with a retry. Strings come from the page (only this locale's).
 */
import { searchKeyword } from '../lib/search-keyword';
import { interpolate, pluralFromTable } from '../../i18n/interpolate';

interface Link { href: string; external: boolean }
interface Hospital extends Link { id: number; name: string; address: string | null; logo: string; rating: string | null; totalReviews: number }
interface Doctor extends Link { id: number; name: string; avatar: string; specialties: string; hospitalName: string }
interface Service extends Link { id: number; name: string; logo: string; hospitalName: string; priceText: string | null; originalPriceText: string | null }
interface Result { keyword: string; kinds: string[]; total: number; hospitals: Hospital[]; doctors: Doctor[]; services: Service[] }

/** The results of one kind only (the other groups emptied, the total recounted). */
function only(r: Result, kind: string): Result {
  const pick = <T,>(k: string, items: T[]) => (k === kind ? items : []);
  const out = { ...r, hospitals: pick('hospitals', r.hospitals), doctors: pick('doctors', r.doctors), services: pick('services', r.services) };
  return { ...out, total: out.hospitals.length + out.doctors.length + out.services.length };
}

const root = document.querySelector<HTMLElement>('[data-testid="search-page"]');
if (root) {
  const S = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
  const plural = pluralFromTable(S.plural);
  const fill = (s: string, p: Record<string, string | number>) => interpolate(s, p, plural);
  const minChars = Number(root.dataset.minChars) || 3;
  const debounceMs = Number(root.dataset.debounce) || 300;
  const form = root.querySelector<HTMLFormElement>('[data-search-form]')!;
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const status = root.querySelector<HTMLElement>('[data-search-status]')!;
  const results = root.querySelector<HTMLElement>('[data-search-results]')!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let shown = '';
  // One kind only (?kind=doctors from the site navigation), when the market lists that kind.
  const askedKind = new URLSearchParams(location.search).get('kind') ?? '';
  const onlyKind = (root.dataset.kinds ?? '').split(',').includes(askedKind) && askedKind !== 'hospitals' ? askedKind : null;
  if (onlyKind) {
    const heading = root.querySelector<HTMLElement>('[data-search-heading]');
    if (heading && S[`heading_${onlyKind}`]) heading.textContent = S[`heading_${onlyKind}`];
    const hidden = document.createElement('input');
    Object.assign(hidden, { type: 'hidden', name: 'kind', value: onlyKind });
    form.append(hidden);
  }

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string | null)[]) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    for (const c of children) if (c != null) e.append(c);
    return e;
  };
  const anchor = (l: Link, text: string) => {
    const a = el('a', { href: l.href }, text);
    if (l.external) {
      a.target = '_blank';
      a.rel = 'noopener';
      a.append(el('span', { class: 'visually-hidden' }, ` (${S.newTab})`));
    }
    return a;
  };
  const img = (src: string, size: number, cls: string) => el('img', { src, width: String(size), height: String(size), alt: '', loading: 'lazy', decoding: 'async', class: cls });
  const card = (testid: string, image: HTMLElement, link: Link, name: string, lines: (Node | string | null)[]) =>
    el('li', { class: 'home-card', 'data-testid': testid }, image, el('div', { class: 'home-card-body' }, el('h3', {}, anchor(link, name)), ...lines));
  const p = (text: string | null, cls = 'muted small') => (text ? el('p', { class: cls }, text) : null);

  const group = (kind: string, title: string, items: HTMLElement[]) =>
    items.length ? el('section', { class: 'search-group', 'aria-labelledby': `results-${kind}`, 'data-kind': kind }, el('h2', { id: `results-${kind}` }, `${title} (${items.length})`), el('ul', { class: 'card-grid' }, ...items)) : null;

  const render = (all: Result) => {
    const r = onlyKind ? only(all, onlyKind) : all;
    results.replaceChildren();
    // On the empty state the status is announced but not shown twice.
    status.classList.toggle('visually-hidden', r.total === 0);
    if (r.total === 0) {
      status.textContent = S.noResult;
      results.append(
        el('div', { class: 'search-empty', 'data-testid': 'search-empty' }, el('h2', {}, S.noResult), el('p', {}, S.noMatch), el('a', { href: root.dataset.allHospitals ?? '/' }, S.seeMore)),
      );
      return;
    }
    status.textContent = `${fill(S.resultsFor, { keyword: r.keyword })} · ${fill(S.count, { count: r.total })}`;
    const hospitals = r.hospitals.map((h) =>
      card('search-hospital', img(h.logo, 56, 'home-card-logo'), h, h.name, [p(h.address), h.rating ? p(fill(S.rating, { rating: h.rating, count: h.totalReviews }), 'rating small') : null]),
    );
    const doctors = r.doctors.map((d) => card('search-doctor', img(d.avatar, 56, 'home-card-avatar'), d, d.name, [p(d.specialties, 'small'), p(d.hospitalName)]));
    const services = r.services.map((s) => {
      const price = s.priceText ? el('p', { class: 'price' }, el('span', { class: 'price-now' }, s.priceText), s.originalPriceText ? el('s', { class: 'muted small' }, s.originalPriceText) : null) : null;
      return card('search-service', img(s.logo, 56, 'home-card-logo'), s, s.name, [p(s.hospitalName), price]);
    });
    for (const g of [group('hospitals', S.hospitals, hospitals), group('doctors', S.doctors, doctors), group('services', S.services, services)]) if (g) results.append(g);
  };

  const showError = (keyword: string) => {
    status.classList.add('visually-hidden');
    status.textContent = S.error;
    const retry = el('button', { type: 'button', class: 'button button-outline' }, S.retry);
    retry.addEventListener('click', () => run(keyword, true));
    results.replaceChildren(el('div', { class: 'search-empty', 'data-testid': 'search-error', role: 'alert' }, el('h2', {}, S.error), retry));
  };

  async function run(raw: string, force = false) {
    const keyword = searchKeyword(raw, minChars);
    // The specialties, cities and suggestions show until there is a keyword; then the results' room is kept.
    root!.classList.toggle('has-query', !!keyword);
    if (!keyword) {
      controller?.abort();
      shown = '';
      results.replaceChildren();
      status.classList.remove('visually-hidden');
      status.textContent = raw.trim() ? S.hint : '';
      return;
    }
    if (keyword === shown && !force) return;
    shown = keyword;
    controller?.abort();
    controller = new AbortController();
    status.classList.remove('visually-hidden');
    status.textContent = S.loading;
    results.setAttribute('aria-busy', 'true');
    results.replaceChildren(el('div', { class: 'card-grid', 'data-testid': 'search-loading', 'aria-hidden': 'true' }, el('div', { class: 'skeleton' }), el('div', { class: 'skeleton' }), el('div', { class: 'skeleton' })));
    try {
      const url = `${root!.dataset.api}?${new URLSearchParams({ locale: root!.dataset.locale ?? '', keyword })}`;
      const res = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      const body = await res.json();
      if (!res.ok || body._status !== 1) throw new Error(String(res.status));
      render(body._data as Result);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      shown = '';
      showError(keyword);
    } finally {
      results.setAttribute('aria-busy', 'false');
    }
  }

  const setQuery = (q: string) => {
    const url = new URL(location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      setQuery(input.value.trim());
      void run(input.value);
    }, debounceMs);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    setQuery(input.value.trim());
    void run(input.value, true);
  });

  const initial = new URLSearchParams(location.search).get('q') ?? '';
  input.value = initial;
  void run(initial);
}
