/**
 * The homepage form's pickers. TargetPicker searches the market's directory (300 ms after the last key, SPEC §5)
 * and lists inactive entries as such, unselectable: a block never points at an inactive entry (the table refuses it
 * too). ArticlePicker is SPEC §2/§7's article search picker: it asks only with more than 2 characters, 500 ms after
 * the last key, 30 a page, and says 'Search for an article' before and 'No Results' when nothing matches.
 */
import { useId, useState } from 'react';
import { ARTICLE_SEARCH_DEBOUNCE_MS, articleSearchReady, type ArticlePost, type BlockTarget, type PickerKind } from '../../../lib/admin-homepage';
import { useArticleSearch, usePicker } from '../../data/homepage/queries';
import { useT } from '../../i18n';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../kit/ListToolbar';
import { Spinner } from '../../kit/Spinner';

export function TargetPicker({ countryId, kind, value, valueName, onPick }: { countryId: number; kind: PickerKind; value: number | null; valueName: string; onPick: (t: BlockTarget) => void }) {
  const { t } = useT();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const q = usePicker(countryId, kind, keyword);
  const listId = useId();
  return (
    <div className="picker">
      <p className="picker-current" aria-live="polite">
        {value ? t('admin.homepage.picked', { name: valueName || `#${value}` }) : t('admin.homepage.nothingPicked')}
      </p>
      <input id="target" className="input" type="search" value={text} placeholder={t('admin.homepage.searchDirectory')} aria-controls={listId} onChange={(e) => setText(e.target.value)} />
      <ul id={listId} className="picker-results" aria-busy={q.isFetching}>
        {q.isPending ? <Spinner /> : null}
        {q.data?.length === 0 ? <li className="muted">{t('admin.homepage.noResults')}</li> : null}
        {q.data?.map((item) => (
          <li key={item.id}>
            <button type="button" className={`picker-option${item.id === value ? ' is-picked' : ''}`} disabled={!item.active} aria-pressed={item.id === value} onClick={() => item.active && onPick(item)}>
              <strong>{item.name}</strong>
              {item.caption ? <span className="muted"> · {item.caption}</span> : null}
              {!item.active ? <span className="badge badge-red">{t('admin.homepage.inactive')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ArticlePicker({ countryId, onPick }: { countryId: number; onPick: (a: ArticlePost) => void }) {
  const { t } = useT();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const keyword = useDebounced(text.trim(), ARTICLE_SEARCH_DEBOUNCE_MS);
  const ready = articleSearchReady(keyword);
  const q = useArticleSearch(countryId, keyword, page);
  const listId = useId();
  return (
    <div className="picker">
      <input
        id="article"
        className="input"
        type="search"
        value={text}
        placeholder={t('admin.homepage.searchArticle')}
        aria-controls={listId}
        onChange={(e) => {
          setText(e.target.value);
          setPage(1);
        }}
      />
      <ul id={listId} className="picker-results" aria-busy={q.isFetching}>
        {!ready ? <li className="muted">{t('admin.homepage.searchArticle')}</li> : q.isPending ? <Spinner /> : q.data?.posts.length === 0 ? <li className="muted">{t('admin.homepage.noResultsArticle')}</li> : null}
        {ready
          ? q.data?.posts.map((a) => (
              <li key={a.ID}>
                <button type="button" className="picker-option" onClick={() => onPick(a)}>
                  {a.post_title}
                </button>
              </li>
            ))
          : null}
      </ul>
      {ready && (page > 1 || q.data?.hasMore) ? (
        <div className="toolbar">
          <button type="button" className="btn btn-small" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('admin.homepage.previous')}
          </button>
          <button type="button" className="btn btn-small" disabled={!q.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
            {t('admin.homepage.next')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
