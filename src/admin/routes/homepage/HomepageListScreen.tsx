/**
 * /admin/homepage/{banner|promotion|top-hospital|top-service-category|top-service|top-doctor|popular-key|top-video|presence}
 * (SPEC §2 Homepage group, admin only; issue #40 item 1): one screen for every kind, per market. The kind's items in
 * order, reordered by drag and drop or the up/down buttons, the new order kept unsaved until "Save order"; an active
 * switch; each item's publishing window; a warning on an item whose hospital, doctor or service became inactive
 * since it was picked; and a preview of what the market's home page shows of the kind with the unsaved order (the
 * public page's own rule). Popular search keys are added inline (SPEC §2: no add route).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { LOCALE_CONFIG, localePath } from '../../../../i18n/locales';
import { homepageAddPath, homepageEditPath, homepageScreen, previewItems, sameOrder, windowState, kindLimit, type AdminBlock, type HomepageScreen, type PopularKey, type WindowState } from '../../../lib/admin-homepage';
import type { HomepageBlockKind } from '../../../lib/homepage';
import { useBlockActive, useBlocks, useDeleteBlock, useDeleteKey, usePopularKeys, useSaveKey, useSaveOrder } from '../../data/homepage/queries';
import { useT, type AdminKey } from '../../i18n';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { SortableList } from '../../kit/SortableList';
import { EmptyData, Spinner } from '../../kit/Spinner';
import { NotFoundPage } from '../../shell/pages';
import { MarketPicker, useMarket, useWhen } from './market';
import './homepage.css';

const STATE_BADGE: Record<WindowState, [AdminKey, string]> = {
  live: ['admin.homepage.state.live', 'badge-green'],
  scheduled: ['admin.homepage.state.scheduled', 'badge-blue'],
  ended: ['admin.homepage.state.ended', 'badge-yellow'],
  off: ['admin.homepage.state.off', 'badge-red'],
};

export default function HomepageListScreen() {
  const screen = homepageScreen(useParams().segment ?? '');
  if (!screen) return <NotFoundPage />;
  return screen.kind === 'popular_key' ? <PopularKeysList key={screen.segment} /> : <BlockList key={screen.segment} screen={screen} kind={screen.kind} />;
}

/** The unsaved order of a list: follows the server's list until the admin moves something. */
function useUnsavedOrder<T extends { id: number }>(items: readonly T[] | undefined) {
  const [order, setOrder] = useState<number[] | null>(null);
  const saved = useMemo(() => (items ?? []).map((i) => i.id), [items]);
  // The server's list changed (saved, added, removed): drop an order that no longer matches it.
  useEffect(() => setOrder((o) => (o && o.length === saved.length && o.every((id) => saved.includes(id)) ? o : null)), [saved]);
  const byId = new Map((items ?? []).map((i) => [i.id, i]));
  const ordered = (order ?? saved).map((id) => byId.get(id)).filter((x): x is T => !!x);
  const dirty = order !== null && !sameOrder(order, saved);
  return { ordered, dirty, setOrder: (next: T[]) => setOrder(next.map((i) => i.id)), reset: () => setOrder(null) };
}

function BlockList({ screen, kind }: { screen: HomepageScreen; kind: HomepageBlockKind }) {
  const tr = useT();
  const { t } = tr;
  const [market, setMarket] = useMarket();
  const countryId = LOCALE_CONFIG[market].countryId;
  const list = useBlocks(countryId, kind);
  const { ordered, dirty, setOrder, reset } = useUnsavedOrder(list.data);
  const saveOrder = useSaveOrder();
  const active = useBlockActive();
  const del = useDeleteBlock();
  const notify = useNotify();
  const errorText = useErrorText();
  const when = useWhen(market);
  const [confirm, setConfirm] = useState<AdminBlock | null>(null);
  const now = new Date();
  const preview = previewItems(kind, ordered, now);
  const add = homepageAddPath(screen);
  const name = (b: AdminBlock) => b.target?.name ?? b.title ?? `#${b.id}`;
  const title = t(`admin.menu.homepage-${screen.segment}` as AdminKey);

  const onSave = () =>
    saveOrder.mutate(
      { countryId, kind, ids: ordered.map((b) => b.id) },
      { onSuccess: ({ messages }) => (reset(), notify('success', messages[0] ?? t('admin.homepage.orderSaved'))), onError: (e) => notify('danger', errorText(e)) },
    );

  return (
    <section aria-labelledby="homepage-heading" className="screen homepage">
      <h2 id="homepage-heading">{title}</h2>
      <div className="toolbar">
        <MarketPicker market={market} onChange={(m) => (reset(), setMarket(m))} />
        <span className="toolbar-end">
          {add ? (
            <Link className="btn btn-primary" to={`${add}?market=${market}`}>
              {t(kind === 'top_video' ? 'admin.homepage.setVideo' : 'admin.homepage.add')}
            </Link>
          ) : null}
        </span>
      </div>
      {list.isError ? <LoadFailure error={list.error} /> : null}
      <div className="homepage-layout">
        <div>
          {dirty ? (
            <div className="alert alert-warning homepage-unsaved" role="status">
              <p>{t('admin.homepage.unsavedOrder')}</p>
              <span className="toolbar">
                <button type="button" className="btn btn-primary" onClick={onSave} disabled={saveOrder.isPending}>
                  {t('admin.homepage.saveOrder')}
                </button>
                <button type="button" className="btn" onClick={reset} disabled={saveOrder.isPending}>
                  {t('admin.homepage.discardOrder')}
                </button>
              </span>
            </div>
          ) : null}
          {list.isPending ? <Spinner /> : ordered.length === 0 ? <EmptyData /> : null}
          <SortableList
            items={ordered}
            id={(b) => b.id}
            name={name}
            label={title}
            onOrder={setOrder}
            disabled={saveOrder.isPending}
            render={(b) => {
              const [stateKey, stateClass] = STATE_BADGE[windowState(b, now)];
              return (
                <div className="homepage-item">
                  {b.imageDesktop ? <img src={b.imageDesktop} alt="" width={96} height={30} className="homepage-thumb" /> : null}
                  <div className="homepage-item-text">
                    <strong>{name(b)}</strong>
                    {b.target?.caption ? <span className="muted"> · {b.target.caption}</span> : null}
                    <div className="badges">
                      <span className={`badge ${stateClass}`}>{t(stateKey)}</span>
                      {b.startsAt || b.endsAt ? <span className="muted">{t('admin.homepage.window', { from: b.startsAt ? when(b.startsAt) : '—', to: b.endsAt ? when(b.endsAt) : '—' })}</span> : null}
                    </div>
                    {b.target && !b.target.active ? (
                      <p className="homepage-warning" role="note">
                        ⚠ {t('admin.homepage.targetInactive', { name: b.target.name })}
                      </p>
                    ) : null}
                  </div>
                  <label className="toggle-label">
                    <input type="checkbox" role="switch" checked={b.isActive} disabled={active.isPending} onChange={(e) => active.mutate({ id: b.id, isActive: e.target.checked }, { onError: (err) => notify('danger', errorText(err)) })} />
                    <span>{t('admin.homepage.active')}</span>
                  </label>
                  <Link className="btn btn-small" to={`${homepageEditPath(screen, b.id)}?market=${market}`} aria-label={t('admin.homepage.editItem', { name: name(b) })}>
                    {t('admin.homepage.edit')}
                  </Link>
                  <button type="button" className="btn btn-small" onClick={() => setConfirm(b)} aria-label={t('admin.homepage.deleteItem', { name: name(b) })}>
                    {t('admin.homepage.delete')}
                  </button>
                </div>
              );
            }}
          />
        </div>
        <aside className="card homepage-preview" aria-labelledby="homepage-preview-heading">
          <h3 id="homepage-preview-heading">{t('admin.homepage.preview', { market: LOCALE_CONFIG[market].siteName })}</h3>
          <p className="muted">{t(dirty ? 'admin.homepage.previewUnsaved' : 'admin.homepage.previewSaved')}</p>
          {preview.length === 0 ? (
            <p>{t('admin.homepage.previewNothing')}</p>
          ) : (
            <ol className={`homepage-preview-list kind-${kind}`}>
              {preview.map((b) => (
                <li key={b.id}>
                  {b.imageDesktop ? <img src={b.imageDesktop} alt="" /> : null}
                  <span>{name(b)}</span>
                </li>
              ))}
            </ol>
          )}
          {ordered.filter((b) => windowState(b, now) === 'live').length > kindLimit(kind) ? <p className="muted">{t('admin.homepage.overLimit', { count: kindLimit(kind) })}</p> : null}
          <a href={localePath(market, '/')} target="_blank" rel="noopener">
            {t('admin.homepage.openHome')}
          </a>
        </aside>
      </div>
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(o) => !o && setConfirm(null)}
        busy={del.isPending}
        danger
        onConfirm={() =>
          confirm &&
          del.mutate(confirm.id, {
            onSuccess: ({ messages }) => (setConfirm(null), notify('success', messages[0] ?? t('admin.homepage.deleted'))),
            onError: (e) => (setConfirm(null), notify('danger', errorText(e))),
          })
        }
      />
    </section>
  );
}

function PopularKeysList() {
  const { t } = useT();
  const [market, setMarket] = useMarket();
  const countryId = LOCALE_CONFIG[market].countryId;
  const list = usePopularKeys(countryId);
  const { ordered, dirty, setOrder, reset } = useUnsavedOrder(list.data);
  const saveOrder = useSaveOrder();
  const save = useSaveKey();
  const del = useDeleteKey();
  const notify = useNotify();
  const errorText = useErrorText();
  const [keyword, setKeyword] = useState('');
  const [url, setUrl] = useState('');
  const [confirm, setConfirm] = useState<PopularKey | null>(null);
  const title = t('admin.menu.homepage-popular-key');

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!keyword.trim()) return;
    save.mutate(
      { countryId, keyword: keyword.trim(), url: url.trim() || null },
      { onSuccess: ({ messages }) => (setKeyword(''), setUrl(''), notify('success', messages[0] ?? t('admin.homepage.saved'))), onError: (err) => notify('danger', errorText(err)) },
    );
  };
  return (
    <section aria-labelledby="homepage-heading" className="screen homepage">
      <h2 id="homepage-heading">{title}</h2>
      <div className="toolbar">
        <MarketPicker market={market} onChange={(m) => (reset(), setMarket(m))} />
      </div>
      <form className="card homepage-inline-add" onSubmit={onAdd} aria-label={t('admin.homepage.addKey')}>
        <label>
          <span className="field-label">{t('admin.homepage.keyword')}</span>
          <input className="input" value={keyword} maxLength={60} required onChange={(e) => setKeyword(e.target.value)} />
        </label>
        <label>
          <span className="field-label">{t('admin.homepage.keyUrl')}</span>
          <input className="input" value={url} maxLength={500} placeholder="/search/…" onChange={(e) => setUrl(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !keyword.trim()}>
          {t('admin.homepage.addKey')}
        </button>
      </form>
      {list.isError ? <LoadFailure error={list.error} /> : null}
      {dirty ? (
        <div className="alert alert-warning homepage-unsaved" role="status">
          <p>{t('admin.homepage.unsavedOrder')}</p>
          <span className="toolbar">
            <button
              type="button"
              className="btn btn-primary"
              disabled={saveOrder.isPending}
              onClick={() => saveOrder.mutate({ countryId, kind: 'popular_key', ids: ordered.map((k) => k.id) }, { onSuccess: () => (reset(), notify('success', t('admin.homepage.orderSaved'))), onError: (e) => notify('danger', errorText(e)) })}
            >
              {t('admin.homepage.saveOrder')}
            </button>
            <button type="button" className="btn" onClick={reset}>
              {t('admin.homepage.discardOrder')}
            </button>
          </span>
        </div>
      ) : null}
      {list.isPending ? <Spinner /> : ordered.length === 0 ? <EmptyData /> : null}
      <SortableList
        items={ordered}
        id={(k) => k.id}
        name={(k) => k.keyword}
        label={title}
        onOrder={setOrder}
        render={(k) => (
          <div className="homepage-item">
            <div className="homepage-item-text">
              <strong>{k.keyword}</strong>
              {k.url ? <span className="muted"> · {k.url}</span> : null}
            </div>
            <label className="toggle-label">
              <input type="checkbox" role="switch" checked={k.isActive} onChange={(e) => save.mutate({ id: k.id, isActive: e.target.checked }, { onError: (err) => notify('danger', errorText(err)) })} />
              <span>{t('admin.homepage.active')}</span>
            </label>
            <button type="button" className="btn btn-small" onClick={() => setConfirm(k)} aria-label={t('admin.homepage.deleteItem', { name: k.keyword })}>
              {t('admin.homepage.delete')}
            </button>
          </div>
        )}
      />
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(o) => !o && setConfirm(null)}
        busy={del.isPending}
        danger
        onConfirm={() => confirm && del.mutate(confirm.id, { onSuccess: () => (setConfirm(null), notify('success', t('admin.homepage.deleted'))), onError: (e) => (setConfirm(null), notify('danger', errorText(e))) })}
      />
    </section>
  );
}
