/**
 * Calendar feeds on /admin/integrations (issue #40 item 4): a secret subscription address per branch or per doctor
 * of it. Create one (branch, whole branch or a doctor), copy its address — shown once, right after create or
 * "New address", since only its hash is stored — make a new address (the old one stops at once) or revoke it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import { icalFeedListSchema, icalFeedSchema, type IcalFeed } from '../../../lib/ical-feed';
import { call } from '../../api';
import { useT } from '../../i18n';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { Spinner } from '../../kit/Spinner';

const listSchema = icalFeedListSchema.extend({ doctors: z.array(z.object({ id: z.number(), name: z.string() })) });
const feedsKey = (branch: number | null) => ['integrations', 'ical', branch] as const;

export function IcalFeeds({ branches, branchId }: { branches: { id: number; name: string }[]; branchId: number | null }) {
  const { t, locale } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const ids = { branch: useId(), target: useId(), heading: useId() };
  const [hospital, setHospital] = useState<number | null>(null);
  const chosen = hospital ?? branchId;
  const [target, setTarget] = useState('');
  const [shown, setShown] = useState<{ id: number; url: string } | null>(null);
  const [confirm, setConfirm] = useState<IcalFeed | null>(null);
  const feeds = useQuery({ queryKey: feedsKey(chosen), queryFn: async ({ signal }) => (await call('/api/admin/integrations/ical-feeds', { query: { hospitalId: chosen }, data: listSchema, signal })).data });
  const refresh = () => qc.invalidateQueries({ queryKey: ['integrations', 'ical'] });
  const reveal = (f: IcalFeed) => f.url && setShown({ id: f.id, url: new URL(f.url, window.location.origin).href });
  const create = useMutation({
    mutationFn: () => call('/api/admin/integrations/ical-feeds', { method: 'POST', body: { hospitalId: chosen, doctorId: target ? Number(target) : null }, data: icalFeedSchema }),
    onSuccess: ({ data, messages }) => (reveal(data), setTarget(''), refresh(), notify('success', messages[0] ?? t('admin.homepage.saved'))),
    onError: (e) => notify('danger', errorText(e)),
  });
  const rotate = useMutation({
    mutationFn: (id: number) => call(`/api/admin/integrations/ical-feeds/${id}/rotate`, { method: 'POST', data: icalFeedSchema }),
    onSuccess: ({ data, messages }) => (reveal(data), refresh(), notify('success', messages[0] ?? t('admin.homepage.saved'))),
    onError: (e) => notify('danger', errorText(e)),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => call(`/api/admin/integrations/ical-feeds/${id}`, { method: 'DELETE', data: z.null() }),
    onSuccess: (_r, id) => (setConfirm(null), shown?.id === id && setShown(null), refresh(), notify('success', t('admin.homepage.deleted'))),
    onError: (e) => (setConfirm(null), notify('danger', errorText(e))),
  });
  const day = new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'medium', timeZone: LOCALE_CONFIG[locale].timeZones[0] });
  const onSubmit = (e: FormEvent) => (e.preventDefault(), chosen && create.mutate());

  return (
    <section aria-labelledby={ids.heading} className="ical-feeds">
      <h2 id={ids.heading}>{t('admin.ical.title')}</h2>
      <p className="muted">{t('admin.ical.intro')}</p>
      <form className="card hook-form" onSubmit={onSubmit} aria-label={t('admin.ical.create')}>
        <label htmlFor={ids.branch}>
          <span className="field-label">{t('admin.integrations.branch')}</span>
          <select id={ids.branch} className="input" value={chosen ?? ''} onChange={(e) => (setHospital(Number(e.target.value) || null), setTarget(''))} required>
            <option value="">{t('admin.integrations.chooseBranch')}</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.target}>
          <span className="field-label">{t('admin.ical.target')}</span>
          <select id={ids.target} className="input" value={target} onChange={(e) => setTarget(e.target.value)} disabled={!chosen}>
            <option value="">{t('admin.ical.wholeBranch')}</option>
            {feeds.data?.doctors.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={!chosen || create.isPending}>
          {t('admin.ical.create')}
        </button>
      </form>
      {feeds.isError ? <LoadFailure error={feeds.error} /> : null}
      {feeds.isPending ? <Spinner /> : feeds.data?.items.length === 0 ? <p className="muted">{t('admin.ical.none')}</p> : null}
      <ul className="hook-list">
        {feeds.data?.items.map((f) => (
          <li key={f.id} className="card hook" data-testid="ical-feed">
            <div className="hook-head">
              <strong>{f.doctor ? f.doctor.name : t('admin.ical.wholeBranch')}</strong>
              <span className="muted">{f.hospital.name}</span>
            </div>
            <p className="hook-secret muted">
              {t('admin.ical.hint', { hint: f.tokenHint })} · {f.rotatedAt ? t('admin.ical.rotated', { date: day.format(new Date(f.rotatedAt)) }) : t('admin.ical.created', { date: day.format(new Date(f.createdAt)) })}
            </p>
            {shown?.id === f.id ? <OnceBox url={shown.url} onDone={() => setShown(null)} /> : null}
            <div className="toolbar">
              <button type="button" className="btn btn-small" disabled={rotate.isPending} onClick={() => rotate.mutate(f.id)}>
                {t('admin.ical.rotate')}
              </button>
              <button type="button" className="btn btn-small" onClick={() => setConfirm(f)}>
                {t('admin.ical.revoke')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog open={!!confirm} onOpenChange={(o) => !o && setConfirm(null)} busy={revoke.isPending} danger onConfirm={() => confirm && revoke.mutate(confirm.id)} />
    </section>
  );
}

/** A secret shown once: read-only, selected on focus, with a Copy button. */
export function OnceBox({ url, note, label, onDone }: { url: string; note?: string; label?: string; onDone: () => void }) {
  const { t } = useT();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="once-box" role="status">
      <label htmlFor={id} className="field-label">
        {label ?? t('admin.ical.address')}
      </label>
      <div className="once-row">
        <input id={id} className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-small" onClick={copy}>
          {copied ? t('admin.ical.copied') : t('admin.ical.copy')}
        </button>
        <button type="button" className="btn btn-small" onClick={onDone}>
          {t('admin.ical.done')}
        </button>
      </div>
      <p className="muted">{note ?? t('admin.ical.once')}</p>
    </div>
  );
}
