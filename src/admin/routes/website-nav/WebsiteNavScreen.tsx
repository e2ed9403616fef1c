/**
 * /admin/website-nav (SPEC §2, admin only; issue #40 item 2): a market's two-level menu, edited as a whole and
 * saved in one call. Entries and sub-entries are ordered by drag and drop or the up/down buttons, switched on and
 * off, added inline (SPEC §2: no add route) and removed; labels are typed in the market's language (the inputs
 * carry its lang). "Copy from another market" loads that market's menu here, links moved to this market, unsaved.
 * Saving checks every link against the built pages: a dead link is named and nothing is saved.
 */
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../../../i18n/locales';
import { NAV_LABEL_MAX, navTreeSchema, navSaveSchema, type NavItemInput } from '../../../lib/website-nav';
import { ApiError, call } from '../../api';
import { useT } from '../../i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { SortableList } from '../../kit/SortableList';
import { EmptyData, Spinner } from '../../kit/Spinner';
import { Dropdown } from '../../kit/Dropdown';
import { MarketPicker, useMarket } from '../homepage/market';
import '../homepage/homepage.css';

type Child = { key: number; id?: number; label: string; url: string; isActive: boolean };
type Entry = Child & { children: Child[] };

let nextKey = -1;
const fresh = (): Child => ({ key: nextKey--, label: '', url: '', isActive: true });
const fromServer = (items: { id?: number; label: string; url: string; isActive: boolean; children: { id?: number; label: string; url: string; isActive: boolean }[] }[]): Entry[] =>
  items.map((i) => ({ key: i.id ?? nextKey--, id: i.id, label: i.label, url: i.url, isActive: i.isActive, children: i.children.map((c) => ({ key: c.id ?? nextKey--, id: c.id, label: c.label, url: c.url, isActive: c.isActive })) }));
const toInput = (items: Entry[]): NavItemInput[] =>
  items.map((i) => ({ id: i.id, label: i.label.trim(), url: i.url.trim(), isActive: i.isActive, children: i.children.map((c) => ({ id: c.id, label: c.label.trim(), url: c.url.trim(), isActive: c.isActive })) }));

const navKeys = { tree: (countryId: number) => ['website-nav', countryId] as const };

export default function WebsiteNavScreen() {
  const { t } = useT();
  const [market, setMarket] = useMarket();
  const cfg = LOCALE_CONFIG[market];
  const qc = useQueryClient();
  const notify = useNotify();
  const errorText = useErrorText();
  const tree = useQuery({ queryKey: navKeys.tree(cfg.countryId), queryFn: async ({ signal }) => (await call('/api/admin/website-nav', { query: { countryId: cfg.countryId }, data: navTreeSchema, signal })).data.items });
  const [items, setItems] = useState<Entry[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [dead, setDead] = useState<string[]>([]);
  const [copyFrom, setCopyFrom] = useState<Locale | null>(null);
  useEffect(() => {
    if (tree.data && !dirty) setItems(fromServer(tree.data));
  }, [tree.data, dirty]);
  const edit = (next: Entry[]) => (setItems(next), setDirty(true));
  const save = useMutation({
    mutationFn: (input: z.infer<typeof navSaveSchema>) => call('/api/admin/website-nav', { method: 'PUT', body: input, data: navTreeSchema.extend({ checked: z.number() }) }),
    onSuccess: ({ data, messages }) => {
      setDead([]);
      setDirty(false);
      setItems(fromServer(data.items));
      qc.setQueryData(navKeys.tree(cfg.countryId), data.items);
      notify('success', messages[0] ?? t('admin.nav.saved'));
    },
    onError: (e) => {
      // 422 names each dead link (in the admin's language): shown above the menu, nothing was saved.
      if (e instanceof ApiError && e.httpStatus === 422 && e.messages.length) setDead(e.messages);
      else notify('danger', errorText(e));
    },
  });
  const copy = useMutation({
    mutationFn: (from: Locale) => call('/api/admin/website-nav/copy', { query: { countryId: cfg.countryId, fromCountryId: LOCALE_CONFIG[from].countryId }, data: z.object({ items: navSaveSchema.shape.items }) }),
    onSuccess: ({ data }) => (edit(fromServer(data.items.map((i) => ({ ...i, children: i.children })))), notify('success', t('admin.nav.copied', { language: cfg.htmlLang }))),
    onError: (e) => notify('danger', errorText(e)),
  });

  const setEntry = (key: number, patch: Partial<Entry>) => items && edit(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const setChild = (parent: number, key: number, patch: Partial<Child>) =>
    items && edit(items.map((i) => (i.key === parent ? { ...i, children: i.children.map((c) => (c.key === key ? { ...c, ...patch } : c)) } : i)));
  const onSave = () => items && save.mutate({ countryId: cfg.countryId, items: toInput(items) });

  return (
    <section aria-labelledby="nav-heading" className="screen website-nav">
      <h2 id="nav-heading" className="sr-only">
        {t('admin.menu.website-nav')}
      </h2>
      <div className="toolbar">
        <MarketPicker market={market} onChange={(m) => (setDirty(false), setDead([]), setMarket(m))} />
        <div className="market-picker">
          <span className="field-label">{t('admin.nav.copyFrom')}</span>
          <span className="toolbar">
            <Dropdown label={t('admin.nav.copyFrom')} placeholder={t('admin.nav.chooseMarket')} value={copyFrom} options={LOCALES.filter((l) => l !== market).map((l) => ({ value: l, label: `${LOCALE_CONFIG[l].siteName} (${l})` }))} onChange={(v) => setCopyFrom(v as Locale)} />
            <button type="button" className="btn" disabled={!copyFrom || copy.isPending} onClick={() => copyFrom && copy.mutate(copyFrom)}>
              {t('admin.nav.copy')}
            </button>
          </span>
        </div>
      </div>
      {tree.isError ? <LoadFailure error={tree.error} /> : null}
      {dead.length ? (
        <div className="alert alert-danger" role="alert">
          <p>{t('admin.nav.notSaved')}</p>
          <ul>
            {dead.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {dirty ? <p className="alert alert-warning" role="status">{t('admin.nav.unsaved')}</p> : null}
      {!items ? (
        <Spinner />
      ) : (
        <>
          {items.length === 0 ? <EmptyData /> : null}
          <SortableList
            items={items}
            id={(i) => i.key}
            name={(i) => i.label || t('admin.nav.untitled')}
            label={t('admin.menu.website-nav')}
            onOrder={edit}
            render={(i) => (
              <div className="nav-entry">
                <EntryFields entry={i} lang={cfg.htmlLang} onChange={(p) => setEntry(i.key, p)} onRemove={() => edit(items.filter((x) => x.key !== i.key))} />
                <div className="nav-children">
                  {i.children.length ? (
                    <SortableList
                      items={i.children}
                      id={(c) => c.key}
                      name={(c) => c.label || t('admin.nav.untitled')}
                      label={t('admin.nav.subEntriesOf', { name: i.label || t('admin.nav.untitled') })}
                      onOrder={(children) => setEntry(i.key, { children })}
                      render={(c) => <EntryFields entry={c} lang={cfg.htmlLang} onChange={(p) => setChild(i.key, c.key, p)} onRemove={() => setEntry(i.key, { children: i.children.filter((x) => x.key !== c.key) })} />}
                    />
                  ) : null}
                  <button type="button" className="btn btn-small" onClick={() => setEntry(i.key, { children: [...i.children, fresh()] })}>
                    + {t('admin.nav.addSub')}
                  </button>
                </div>
              </div>
            )}
          />
          <div className="toolbar">
            <button type="button" className="btn" onClick={() => edit([...items, { ...fresh(), children: [] }])}>
              + {t('admin.nav.add')}
            </button>
            <span className="toolbar-end">
              <button type="button" className="btn btn-primary" onClick={onSave} disabled={save.isPending || !dirty}>
                {save.isPending ? t('admin.nav.checking') : t('admin.nav.save')}
              </button>
            </span>
          </div>
          <p className="muted">{t('admin.nav.checkHint')}</p>
        </>
      )}
    </section>
  );
}

function EntryFields({ entry, lang, onChange, onRemove }: { entry: Child; lang: string; onChange: (p: Partial<Child>) => void; onRemove: () => void }) {
  const { t } = useT();
  const ids = { label: useId(), url: useId() };
  return (
    <div className="nav-fields">
      <label htmlFor={ids.label}>
        <span className="field-label">{t('admin.nav.label')}</span>
        <input id={ids.label} className="input" lang={lang} value={entry.label} maxLength={NAV_LABEL_MAX} onChange={(e) => onChange({ label: e.target.value })} />
      </label>
      <label htmlFor={ids.url}>
        <span className="field-label">{t('admin.nav.url')}</span>
        <input id={ids.url} className="input" value={entry.url} maxLength={500} placeholder="/vi-vn/hospitals/" onChange={(e) => onChange({ url: e.target.value })} />
      </label>
      <label className="toggle-label">
        <input type="checkbox" role="switch" checked={entry.isActive} onChange={(e) => onChange({ isActive: e.target.checked })} />
        <span>{t('admin.homepage.active')}</span>
      </label>
      <button type="button" className="btn btn-small" onClick={onRemove} aria-label={t('admin.homepage.deleteItem', { name: entry.label || t('admin.nav.untitled') })}>
        {t('admin.homepage.delete')}
      </button>
    </div>
  );
}
