/**
 * The review list of the doctor and service reviews pages without the island runtime (pages without a booking card must stay
 * under 20 KB of JavaScript): the list is the ReviewList component rendered into the HTML with its first page;
 * this script re-labels the dates for the visitor's today, and runs the sort options and 'View more' against the
 * review list call, rendering items with the same markup.
 */
import { reviewsRequest, type ReviewListSubject, type ReviewSort } from '../lib/reviews';
import { fill, reviewDateLabel, type ReviewLabels } from '../islands/hospital/types';

interface Item {
  id: number;
  rate: number;
  feedback: string | null;
  createdAt: string;
  authorName: string;
  doctor: { name: string } | null;
  hospitalService: { name: string } | null;
  reply?: { body: string } | null;
}
interface Config { subject: ReviewListSubject; timeZone: string; locale: string; labels: ReviewLabels; page: number; lastPage: number; items: { createdAt: string }[] }

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text != null) e.textContent = text;
  return e;
};

function renderItem(r: Item, cfg: Config, now: Date): HTMLLIElement {
  const li = el('li', 'review');
  li.setAttribute('data-testid', 'review');
  const head = el('div', 'review-head');
  const avatar = el('span', 'review-avatar', r.authorName.trim().charAt(0));
  avatar.setAttribute('aria-hidden', 'true');
  const who = el('div');
  const date = el('p', 'small muted', reviewDateLabel(r, now, cfg.timeZone, cfg.locale, cfg.labels));
  date.setAttribute('data-testid', 'review-date');
  who.append(el('strong', undefined, r.authorName), date);
  const stars = el('span', 'review-stars', '★'.repeat(r.rate));
  stars.setAttribute('role', 'img');
  stars.setAttribute('aria-label', fill(cfg.labels.ratedOf, { rate: r.rate }));
  stars.setAttribute('data-rate', String(r.rate));
  stars.append(el('span', 'dim', '★'.repeat(5 - r.rate)));
  head.append(avatar, who, stars);
  li.append(head);
  if (r.feedback) li.append(el('p', undefined, r.feedback));
  if (r.doctor || r.hospitalService) {
    li.append(el('p', 'small muted', r.doctor ? fill(cfg.labels.doctor, { name: r.doctor.name }) : fill(cfg.labels.service, { name: r.hospitalService!.name })));
  }
  if (r.reply) {
    const reply = el('div', 'review-reply');
    reply.setAttribute('data-testid', 'review-reply');
    reply.append(el('strong', 'small', cfg.labels.reply), el('p', undefined, r.reply.body));
    li.append(reply);
  }
  return li;
}

for (const root of document.querySelectorAll<HTMLElement>('[data-review-list]')) {
  const cfg = JSON.parse(root.dataset.reviewList ?? '{}') as Config;
  const list = root.querySelector<HTMLUListElement>('ul.reviews');
  const select = root.querySelector<HTMLSelectElement>('[data-testid="review-sort"]');
  const more = root.querySelector<HTMLButtonElement>('[data-testid="reviews-view-more"]');
  const count = root.querySelector<HTMLElement>('[data-testid="review-count"]');
  if (!list || !select) continue;
  const now = new Date();
  // The dates of the first page as the visitor's today says them.
  list.querySelectorAll<HTMLElement>('[data-testid="review-date"]').forEach((d, i) => {
    if (cfg.items[i]) d.textContent = reviewDateLabel(cfg.items[i], now, cfg.timeZone, cfg.locale, cfg.labels);
  });
  let page = cfg.page;
  let lastPage = cfg.lastPage;
  let sort = select.value as ReviewSort;
  const error = el('p', 'empty', cfg.labels.error);
  error.setAttribute('role', 'alert');
  error.hidden = true;
  (more ?? list).after(error);

  const load = async (nextSort: ReviewSort, nextPage: number, append: boolean) => {
    list.setAttribute('aria-busy', 'true');
    error.hidden = true;
    if (more) {
      more.disabled = true;
      more.textContent = cfg.labels.loading;
    }
    try {
      const body = await (await fetch(reviewsRequest(cfg.subject, nextSort, nextPage))).json();
      if (body?._status !== 1) throw new Error('failed');
      const d = body._data as { reviews: Item[]; pagination: { currentPage: number; lastPage: number; totalItems: number } };
      if (!append) list.replaceChildren();
      list.append(...d.reviews.map((r) => renderItem(r, cfg, now)));
      page = d.pagination.currentPage;
      lastPage = d.pagination.lastPage;
      if (count) count.textContent = fill(cfg.labels.count, { count: d.pagination.totalItems }, cfg.labels.plural);
    } catch {
      error.hidden = false;
    } finally {
      list.setAttribute('aria-busy', 'false');
      if (more) {
        more.disabled = false;
        more.textContent = cfg.labels.viewMore;
        more.hidden = page >= lastPage;
      }
    }
  };

  select.addEventListener('change', () => {
    sort = select.value as ReviewSort;
    void load(sort, 1, false);
  });
  more?.addEventListener('click', () => void load(sort, page + 1, true));
}
