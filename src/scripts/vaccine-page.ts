/**
 * The vaccine detail page's branch list, without the island runtime (SPEC §2, §4, §9): 'load more' appends 10 branches after
 * 300 ms; 'sort by distance' asks for the location through the location pop-up first (the position is rounded
 * to 7 decimals, kept in this page's memory only and never stored), then toggles nearest / farthest first.
 * The first 10 rows are in the HTML; the whole list comes from the vaccine's static branch data when needed.
 */
import { distanceKm, roundPosition, type Position, type SortDirection } from '../lib/distance';
import { hasMoreBranches, initialBranchCount, loadMoreCount, nextDistanceSort, organizationRuns, sortBranches } from '../lib/vaccine-branches';
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import type { VaccineBranchItem } from '../lib/vaccination';

const root = document.querySelector<HTMLElement>('[data-branches]');
const pageEl = document.querySelector<HTMLElement>('[data-testid="vaccine-page"]');
if (root && pageEl) init(root, (pageEl.dataset.locale ?? 'vi-VN') as Locale);

function init(root: HTMLElement, locale: Locale) {
  const d = root.dataset;
  const total = Number(d.total) || 0;
  const current = Number(d.current);
  const delay = Number(d.delay) || 0;
  const list = root.querySelector<HTMLElement>('[data-branch-list]')!;
  const status = root.querySelector<HTMLElement>('[data-branches-status]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-load-more]');
  const sortBtn = root.querySelector<HTMLButtonElement>('[data-sort-distance]')!;
  const sortLabel = sortBtn.querySelector<HTMLElement>('[data-sort-label]')!;
  const groupTpl = root.querySelector<HTMLTemplateElement>('template[data-template="group"]')!;
  const itemTpl = root.querySelector<HTMLTemplateElement>('template[data-template="item"]')!;
  const dialog = document.querySelector<HTMLDialogElement>('#location-dialog');
  const km = new Intl.NumberFormat(LOCALE_CONFIG[locale].htmlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  let shown = initialBranchCount(total);
  let direction: SortDirection | null = null;
  let position: Position | null = null;
  let all: Promise<VaccineBranchItem[]> | null = null;

  const loadAll = () => {
    all ??= fetch(d.url ?? '').then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.json() as Promise<VaccineBranchItem[]>;
    });
    all.catch(() => (all = null));
    return all;
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const fill = (el: ParentNode, field: string, text: string | null) => {
    const f = el.querySelector<HTMLElement>(`[data-field="${field}"]`);
    if (!f) return;
    f.textContent = text ?? '';
    f.hidden = !text;
  };

  function row(item: VaccineBranchItem): HTMLLIElement {
    const li = (itemTpl.content.firstElementChild as HTMLLIElement).cloneNode(true) as HTMLLIElement;
    li.dataset.detailId = String(item.detailId);
    const a = li.querySelector<HTMLAnchorElement>('[data-field="link"]')!;
    a.href = item.href;
    a.textContent = item.name;
    const isCurrent = item.detailId === current;
    li.classList.toggle('is-current', isCurrent);
    if (isCurrent) a.setAttribute('aria-current', 'page');
    li.querySelector<HTMLElement>('[data-field="current"]')!.hidden = !isCurrent;
    fill(li, 'address', item.address);
    const dist = position ? distanceKm(position, item) : null;
    fill(li, 'distance', dist == null ? null : (d.km ?? '{distance} km').replace('{distance}', km.format(dist)));
    li.querySelector<HTMLElement>('[data-field="price"]')!.hidden = !item.priceText;
    fill(li, 'priceText', item.priceText);
    fill(li, 'originalPrice', item.originalPriceText);
    fill(li, 'discount', item.discountPercent > 0 ? (d.percentOff ?? '-{percent}%').replace('{percent}', String(item.discountPercent)) : null);
    li.querySelector<HTMLElement>('[data-field="outOfStock"]')!.hidden = !item.outOfStock;
    fill(li, 'ratingCount', item.ratingCountText);
    return li;
  }

  function render(items: VaccineBranchItem[]) {
    const sorted = sortBranches(items, position, direction);
    const visible = sorted.slice(0, shown);
    const frag = document.createDocumentFragment();
    for (const run of organizationRuns(visible)) {
      const group = (groupTpl.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
      fill(group, 'orgName', run.items[0].organizationName);
      const logo = group.querySelector<HTMLImageElement>('[data-field="orgLogo"]');
      if (logo && run.items[0].organizationLogo) logo.src = run.items[0].organizationLogo;
      const ul = group.querySelector('ul')!;
      for (const item of run.items) ul.append(row(item));
      frag.append(group);
    }
    list.replaceChildren(frag);
    status.textContent = (d.shownTemplate ?? '').replace('{shown}', String(visible.length)).replace('{total}', String(total));
    if (more) more.hidden = !hasMoreBranches(shown, total);
  }

  function failed() {
    status.textContent = d.error ?? '';
  }

  more?.addEventListener('click', async () => {
    if (more.getAttribute('aria-busy') === 'true') return;
    more.setAttribute('aria-busy', 'true');
    const before = shown;
    try {
      const [items] = await Promise.all([loadAll(), wait(delay)]);
      shown = loadMoreCount(shown, total);
      render(items);
      // Keyboard users continue at the first new branch.
      list.querySelectorAll<HTMLAnchorElement>('[data-field="link"]')[before]?.focus();
    } catch {
      failed();
    } finally {
      more.removeAttribute('aria-busy');
    }
  });

  async function applySort() {
    direction = nextDistanceSort(direction);
    sortBtn.setAttribute('aria-pressed', 'true');
    sortBtn.dataset.direction = direction;
    sortLabel.textContent = (direction === 'asc' ? d.labelAsc : d.labelDesc) ?? '';
    try {
      render(await loadAll());
    } catch {
      failed();
    }
  }

  sortBtn.addEventListener('click', () => {
    if (position) void applySort();
    else dialog?.showModal();
  });
  dialog?.querySelector('[data-location-cancel]')?.addEventListener('click', () => dialog.close());
  dialog?.querySelector('[data-location-allow]')?.addEventListener('click', () => {
    dialog.close();
    navigator.geolocation?.getCurrentPosition(
      (pos) => {
        // Only this page's memory holds the position, rounded to 7 decimals.
        position = roundPosition({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        void applySort();
        sortBtn.focus();
      },
      () => {
        status.textContent = dialog.dataset.denied ?? '';
        sortBtn.focus();
      },
      { maximumAge: 600_000, timeout: 10_000 },
    );
  });
  // The buttons hold their place but stay invisible until they work: a tap before this script ran did nothing.
  for (const b of [sortBtn, more]) b?.removeAttribute('data-pending');
}
