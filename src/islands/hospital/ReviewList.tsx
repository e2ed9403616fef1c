/**
 * Reviews tab list (SPEC §2, §9): sort options (RECENT_FIRST by default), review count, items with
 * Today / Yesterday / 'Last N days' / full date, 'View more', and 'There has been no review yet'.
 * The first page is baked into the HTML; further pages and other sorts come from the review list call.
 */
import { useEffect, useState } from 'react';
import { reviewsRequest, type ReviewListSubject, type ReviewSort } from '../../lib/reviews';
import { fill, reviewDateLabel as dateLabel, type ListPage, type ReviewLabels } from './types';

export { reviewsRequest, type ReviewListSubject };

export interface ReviewItem {
  id: number;
  rate: number;
  feedback: string | null;
  createdAt: string;
  authorName: string;
  doctor: { name: string; slug: string } | null;
  hospitalService: { name: string; slug: string } | null;
  reply?: { body: string } | null;
  /** Text of the date at build time; replaced in the browser by today's. */
  dateText?: string;
}

export interface ReviewListProps {
  hospitalId: ReviewListSubject;
  locale: string;
  timeZone: string;
  initial: ListPage<ReviewItem>;
  builtAt: string;
  sortOptions: { value: ReviewSort; label: string }[];
  defaultSort: ReviewSort;
  labels: ReviewLabels;
}

export default function ReviewList({ hospitalId, locale, timeZone, initial, builtAt, sortOptions, defaultSort, labels }: ReviewListProps) {
  const [sort, setSort] = useState<ReviewSort>(defaultSort);
  const [items, setItems] = useState(initial.items);
  const [meta, setMeta] = useState({ page: initial.page, lastPage: initial.lastPage, totalItems: initial.totalItems });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  // Build time until hydrated, then the visitor's now: the static HTML and the first render agree.
  const [now, setNow] = useState(() => new Date(builtAt));
  useEffect(() => setNow(new Date()), []);

  const load = async (nextSort: ReviewSort, page: number, append: boolean) => {
    setLoading(true);
    setError(false);
    try {
      const body = await (await fetch(reviewsRequest(hospitalId, nextSort, page))).json();
      if (body?._status !== 1) throw new Error('failed');
      const d = body._data;
      setItems((prev) => (append ? [...prev, ...d.reviews] : d.reviews));
      setMeta({ page: d.pagination.currentPage, lastPage: d.pagination.lastPage, totalItems: d.pagination.totalItems });
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="card section review-list" data-testid="review-list">
      <div className="review-toolbar">
        <p className="muted" data-testid="review-count">{fill(labels.count, { count: meta.totalItems }, labels.plural)}</p>
        <label className="sort">
          <span>{labels.sortBy}</span>
          <select
            value={sort}
            data-testid="review-sort"
            onChange={(e) => {
              const s = e.target.value as ReviewSort;
              setSort(s);
              void load(s, 1, false);
            }}
          >
            {sortOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
      </div>
      {items.length === 0 && !loading ? (
        <p className="empty" data-testid="no-reviews">{labels.empty}</p>
      ) : (
        <ul className="reviews" aria-busy={loading}>
          {items.map((r) => (
            <li key={r.id} className="review" data-testid="review">
              <div className="review-head">
                <span className="review-avatar" aria-hidden="true">{r.authorName.trim().charAt(0)}</span>
                <div>
                  <strong>{r.authorName}</strong>
                  <p className="small muted" data-testid="review-date">{dateLabel(r, now, timeZone, locale, labels)}</p>
                </div>
                <span className="review-stars" role="img" aria-label={fill(labels.ratedOf, { rate: r.rate })} data-rate={r.rate}>
                  {'★'.repeat(r.rate)}<span className="dim">{'★'.repeat(5 - r.rate)}</span>
                </span>
              </div>
              {r.feedback && <p>{r.feedback}</p>}
              {(r.doctor || r.hospitalService) && (
                <p className="small muted">{r.doctor ? fill(labels.doctor, { name: r.doctor.name }) : fill(labels.service, { name: r.hospitalService!.name })}</p>
              )}
              {r.reply && (
                <div className="review-reply" data-testid="review-reply">
                  <strong className="small">{labels.reply}</strong>
                  <p>{r.reply.body}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && <p className="empty" role="alert">{labels.error}</p>}
      {meta.page < meta.lastPage && (
        <button type="button" className="button button-outline view-more-reviews" disabled={loading} onClick={() => void load(sort, meta.page + 1, true)} data-testid="reviews-view-more">
          {loading ? labels.loading : labels.viewMore}
        </button>
      )}
    </div>
  );
}
