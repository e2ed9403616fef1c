/**
 * Services and Doctors tabs (SPEC §2, §5, §7, §9): search box (debounced 300 ms, sent from 3 characters),
 * 20 skeletons while loading, 'No results' when empty, paging through the hospital doctor / service list calls.
 * On the tab's own page (?tab=…) the first page is rendered at build time, so the list works without JavaScript;
 * on the other pages the island renders skeletons and loads the first page when the tab is opened.
 */
import { useEffect, useRef, useState } from 'react';
import type { DoctorCardModel, ServiceCardModel } from '../../lib/hospital-cards';
import { searchKeyword } from '../../lib/search-keyword';
import DoctorCard from './DoctorCard';
import ServiceCard from './ServiceCard';
import { fill, type CardLabels, type ListPage } from './types';

type Kind = 'doctors' | 'services';
type Item = DoctorCardModel | ServiceCardModel;

export interface HospitalListProps {
  kind: Kind;
  hospitalId: number;
  /** The first page, baked into the HTML of the tab's own page; null elsewhere (fetched when the tab opens). */
  initial: ListPage<Item> | null;
  labels: CardLabels;
  debounceMs: number;
  minChars: number;
  skeletons: number;
  /** SPEC §7: one configured hospital's doctor list is sent with sort_by id and sort asc. */
  sortById?: boolean;
}

/** The spec's call for each list: hospital branch doctor list, or hospital services list (accept version 2.0.0). */
export function listRequest(kind: Kind, hospitalId: number, page: number, keyword: string | undefined, sortById = false): { url: string; headers: Record<string, string> } {
  const q = new URLSearchParams({ id: String(hospitalId), page: String(page) });
  if (keyword) q.set('keyword', keyword);
  if (kind === 'doctors') {
    if (sortById) {
      q.set('sort_by', 'id');
      q.set('sort', 'asc');
    }
    return { url: `/api/hospital-branch/doctors?${q}`, headers: { accept: 'application/json' } };
  }
  return { url: `/api/hospital-branch/services?${q}`, headers: { accept: 'application/json; version=2.0.0' } };
}

export default function HospitalList({ kind, hospitalId, initial, labels, debounceMs, minChars, skeletons, sortById }: HospitalListProps) {
  const [data, setData] = useState<ListPage<Item>>(initial ?? { items: [], page: 1, lastPage: 1, totalItems: 0 });
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(initial == null);
  const [error, setError] = useState(false);
  const first = useRef(initial != null);
  const listTop = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // A keyword typed into the static box before the island hydrated is kept, not lost.
  useEffect(() => {
    if (input.current?.value) setText(input.current.value);
  }, []);

  // Debounce: the keyword changes 300 ms after the last keystroke, and only counts from 3 characters.
  useEffect(() => {
    const id = setTimeout(() => {
      const k = searchKeyword(text, minChars);
      setKeyword((prev) => (prev === k ? prev : k));
      setPage(1);
    }, debounceMs);
    return () => clearTimeout(id);
  }, [text, debounceMs, minChars]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const ctrl = new AbortController();
    const { url, headers } = listRequest(kind, hospitalId, page, keyword, sortById);
    setLoading(true);
    setError(false);
    fetch(url, { headers, signal: ctrl.signal })
      .then((r) => r.json())
      .then((body) => {
        if (body?._status !== 1) throw new Error('failed');
        const d = body._data;
        setData({ items: kind === 'doctors' ? d.doctors : d.services, page: d.pagination.current ?? page, lastPage: d.pagination.last, totalItems: d.pagination.total ?? 0 });
        setLoading(false);
      })
      .catch((e) => {
        if ((e as Error).name === 'AbortError') return;
        setError(true);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [kind, hospitalId, page, keyword, sortById]);

  const go = (p: number) => {
    setPage(p);
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const inputId = `search-${kind}`;
  const label = kind === 'doctors' ? labels.searchDoctors : labels.searchServices;
  return (
    <div className="hospital-list" data-testid={`${kind}-list`} ref={listTop}>
      <div className="search-box">
        <label htmlFor={inputId} className="visually-hidden">{label}</label>
        <input ref={input} id={inputId} type="search" placeholder={label} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${inputId}-hint`} autoComplete="off" data-testid={`${kind}-search`} />
        <p id={`${inputId}-hint`} className="small muted">{labels.searchHint}</p>
      </div>
      <div aria-live="polite" aria-busy={loading} className="list-results">
        {loading ? (
          <ul className="cards" aria-label={labels.loading}>
            {Array.from({ length: skeletons }, (_, i) => <li key={i} className="skeleton" data-testid="skeleton" />)}
          </ul>
        ) : error ? (
          <p className="empty" role="alert">{labels.error}</p>
        ) : data.items.length === 0 ? (
          <p className="empty" data-testid="no-results">{labels.noResults}</p>
        ) : (
          <ul className="cards">
            {data.items.map((item) => (
              <li key={item.id}>
                {kind === 'doctors' ? <DoctorCard doctor={item as DoctorCardModel} labels={labels} /> : <ServiceCard service={item as ServiceCardModel} labels={labels} />}
              </li>
            ))}
          </ul>
        )}
      </div>
      {data.lastPage > 1 && !loading && (
        <nav className="pager" aria-label={fill(labels.pageOf, { page: data.page, last: data.lastPage })}>
          <button type="button" className="button button-outline" disabled={data.page <= 1} onClick={() => go(data.page - 1)}>{labels.prevPage}</button>
          <span data-testid="page-of">{fill(labels.pageOf, { page: data.page, last: data.lastPage })}</span>
          <button type="button" className="button button-outline" disabled={data.page >= data.lastPage} onClick={() => go(data.page + 1)} data-testid="next-page">{labels.nextPage}</button>
        </nav>
      )}
    </div>
  );
}
