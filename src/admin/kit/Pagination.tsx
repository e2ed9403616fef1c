/** Pagination: pages 1 to the page count (SPEC §5), with the current page marked for screen readers. */
import { useEffect } from 'react';
import { isValidPage } from '../../lib/form-rules';
import { useT } from '../i18n';

/** The page a list shows: a page past the last one (?page=999, or a list that shrank) is the last page. */
export function clampPage(page: number, last: number): number {
  return Math.min(Math.max(1, page), Math.max(1, last));
}

/** The page buttons to show: first, last, and two around the current page, with gaps. */
export function pageWindow(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, last, total, onPage }: { page: number; last: number; total: number; onPage: (page: number) => void }) {
  const { t, locale } = useT();
  // Once the list answered, a page beyond its last is moved to the last page (issue #38 item 11).
  const clamped = clampPage(page, last);
  useEffect(() => {
    if (clamped !== page) onPage(clamped);
  }, [clamped, page, onPage]);
  if (last <= 1) return total > 0 ? <p className="pager-total">{t('admin.table.total', { count: new Intl.NumberFormat(locale).format(total) })}</p> : null;
  const go = (p: number) => isValidPage(p, last) && onPage(p);
  return (
    <nav className="pager" aria-label={t('admin.table.pagination')}>
      <span className="pager-total">{t('admin.table.total', { count: new Intl.NumberFormat(locale).format(total) })}</span>
      <button type="button" className="btn btn-small" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('admin.table.previous')}>
        ‹
      </button>
      {pageWindow(page, last).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button key={p} type="button" className={p === page ? 'btn btn-small pager-current' : 'btn btn-small'} aria-current={p === page ? 'page' : undefined} onClick={() => go(p)}>
            {p}
          </button>
        ),
      )}
      <button type="button" className="btn btn-small" onClick={() => go(page + 1)} disabled={page >= last} aria-label={t('admin.table.next')}>
        ›
      </button>
    </nav>
  );
}
