/**
 * /admin/integrations (SPEC §2: branch, facility, senior branch; issue #40 item 4): the booking webhooks of the
 * branches in the top bar's scope. Add one (branch, URL, events), see its secret (signing key of every delivery),
 * make a new secret, switch it on or off (a paused hook is switched on again here), remove it, and open its
 * deliveries: each with its attempts (status, answer time) and a Redeliver button. The secret is shown once, after
 * adding a hook or making a new secret (sealed at rest, then only its last 4 characters). Below: the calendar feeds
 * (IcalFeeds.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import { deliveryListSchema, SIGNATURE_HEADER, WEBHOOK_EVENTS, webhookListSchema, webhookSchema, type Webhook, type WebhookEvent } from '../../../lib/webhooks';
import { call } from '../../api';
import { useT, type AdminKey } from '../../i18n';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { EmptyData, Spinner } from '../../kit/Spinner';
import { useBranches } from '../../shell/scope';
import { IcalFeeds, OnceBox } from './IcalFeeds';
import '../homepage/homepage.css';
import './integrations.css';

const keys = { hooks: (branch: number | null) => ['integrations', 'hooks', branch] as const, deliveries: (id: number) => ['integrations', 'deliveries', id] as const };
const EVENT_KEY: Record<WebhookEvent, AdminKey> = {
  created: 'admin.integrations.event.created',
  confirmed: 'admin.integrations.event.confirmed',
  cancelled: 'admin.integrations.event.cancelled',
  rescheduled: 'admin.integrations.event.rescheduled',
  completed: 'admin.integrations.event.completed',
  no_show: 'admin.integrations.event.no_show',
};

export default function IntegrationsScreen() {
  const { t } = useT();
  const [params] = useSearchParams();
  const hospitalId = Number(params.get('hospital_id')) || null;
  const branchId = Number(params.get('branch_id')) || null;
  const branches = useBranches(hospitalId);
  const qc = useQueryClient();
  const notify = useNotify();
  const errorText = useErrorText();
  const hooks = useQuery({ queryKey: keys.hooks(branchId), queryFn: async ({ signal }) => (await call('/api/admin/integrations/webhooks', { query: { hospitalId: branchId }, data: webhookListSchema, signal })).data.items });
  const [open, setOpen] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Webhook | null>(null);
  // The secret is answered once (create, new secret) and sealed at rest: shown until "Done".
  const [secret, setSecret] = useState<{ id: number; secret: string } | null>(null);
  const showSecret = (h: Webhook) => h.secret && setSecret({ id: h.id, secret: h.secret });
  const refresh = () => qc.invalidateQueries({ queryKey: ['integrations'] });
  const update = useMutation({
    mutationFn: (v: { id: number; isActive?: boolean; secret?: true }) =>
      v.secret ? call(`/api/admin/integrations/webhooks/${v.id}/secret`, { method: 'POST', data: webhookSchema }) : call(`/api/admin/integrations/webhooks/${v.id}`, { method: 'PUT', body: { isActive: v.isActive }, data: webhookSchema }),
    onSuccess: ({ data, messages }) => (showSecret(data), refresh(), notify('success', messages[0] ?? t('admin.homepage.saved'))),
    onError: (e) => notify('danger', errorText(e)),
  });
  const del = useMutation({
    mutationFn: (id: number) => call(`/api/admin/integrations/webhooks/${id}`, { method: 'DELETE', data: z.null() }),
    onSuccess: () => (setConfirm(null), refresh(), notify('success', t('admin.homepage.deleted'))),
    onError: (e) => (setConfirm(null), notify('danger', errorText(e))),
  });

  return (
    <section aria-labelledby="integrations-heading" className="screen integrations">
      <h2 id="integrations-heading">{t('admin.integrations.webhooks')}</h2>
      <p className="muted">{t('admin.integrations.intro', { header: SIGNATURE_HEADER })}</p>
      <AddHook branches={(branches.data ?? []).map((b) => ({ id: b.id, name: b.name }))} branchId={branchId} onAdded={(h) => (showSecret(h), refresh())} />
      {hooks.isError ? <LoadFailure error={hooks.error} /> : null}
      {hooks.isPending ? <Spinner /> : hooks.data?.length === 0 ? <EmptyData /> : null}
      <ul className="hook-list">
        {hooks.data?.map((h) => (
          <li key={h.id} className="card hook">
            <div className="hook-head">
              <strong className="hook-url">{h.url}</strong>
              <span className="muted">{h.hospital.name}</span>
              {h.pausedAt ? <span className="badge badge-red">{t('admin.integrations.paused')}</span> : h.isActive ? <span className="badge badge-green">{t('admin.homepage.active')}</span> : <span className="badge badge-yellow">{t('admin.homepage.state.off')}</span>}
            </div>
            <div className="badges">
              {h.events.map((e) => (
                <span key={e} className="badge badge-blue">
                  {t(EVENT_KEY[e])}
                </span>
              ))}
            </div>
            {secret?.id === h.id ? (
              <OnceBox url={secret.secret} label={t('admin.integrations.secret')} note={t('admin.integrations.secretOnce')} onDone={() => setSecret(null)} />
            ) : (
              <p className="hook-secret">
                {t('admin.integrations.secret')}: <code>{h.secretHint ? t('admin.integrations.secretMasked', { hint: h.secretHint }) : '—'}</code>
              </p>
            )}
            <div className="toolbar">
              <label className="toggle-label">
                <input type="checkbox" role="switch" checked={h.isActive} onChange={(e) => update.mutate({ id: h.id, isActive: e.target.checked })} />
                <span>{t('admin.homepage.active')}</span>
              </label>
              <button type="button" className="btn btn-small" onClick={() => update.mutate({ id: h.id, secret: true })}>
                {t('admin.integrations.newSecret')}
              </button>
              <button type="button" className="btn btn-small" aria-expanded={open === h.id} onClick={() => setOpen(open === h.id ? null : h.id)}>
                {t('admin.integrations.deliveries')}
              </button>
              <button type="button" className="btn btn-small" onClick={() => setConfirm(h)}>
                {t('admin.homepage.delete')}
              </button>
            </div>
            {open === h.id ? <Deliveries hookId={h.id} /> : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog open={!!confirm} onOpenChange={(o) => !o && setConfirm(null)} busy={del.isPending} danger onConfirm={() => confirm && del.mutate(confirm.id)} />
      <IcalFeeds branches={(branches.data ?? []).map((b) => ({ id: b.id, name: b.name }))} branchId={branchId} />
    </section>
  );
}

function AddHook({ branches, branchId, onAdded }: { branches: { id: number; name: string }[]; branchId: number | null; onAdded: (h: Webhook) => void }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const ids = { branch: useId(), url: useId() };
  const [hospital, setHospital] = useState<number | null>(branchId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const add = useMutation({
    mutationFn: () => call('/api/admin/integrations/webhooks', { method: 'POST', body: { hospitalId: hospital ?? branchId, url: url.trim(), events }, data: webhookSchema }),
    onSuccess: ({ data, messages }) => (setUrl(''), onAdded(data), notify('success', messages[0] ?? t('admin.homepage.saved'))),
    onError: (e) => notify('danger', errorText(e)),
  });
  const chosen = hospital ?? branchId;
  const onSubmit = (e: FormEvent) => (e.preventDefault(), chosen && url.trim() && events.length && add.mutate());
  return (
    <form className="card hook-form" onSubmit={onSubmit} aria-label={t('admin.integrations.add')}>
      <label htmlFor={ids.branch}>
        <span className="field-label">{t('admin.integrations.branch')}</span>
        <select id={ids.branch} className="input" value={chosen ?? ''} onChange={(e) => setHospital(Number(e.target.value) || null)} required>
          <option value="">{t('admin.integrations.chooseBranch')}</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={ids.url}>
        <span className="field-label">{t('admin.integrations.url')}</span>
        <input id={ids.url} className="input" type="url" value={url} required maxLength={500} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
      </label>
      <fieldset className="hook-events">
        <legend>{t('admin.integrations.events')}</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev} className="toggle-label">
            <input type="checkbox" checked={events.includes(ev)} onChange={(e) => setEvents((x) => (e.target.checked ? [...x, ev] : x.filter((y) => y !== ev)))} />
            <span>{t(EVENT_KEY[ev])}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={add.isPending || !chosen || !url.trim() || !events.length}>
        {t('admin.integrations.add')}
      </button>
    </form>
  );
}

function Deliveries({ hookId }: { hookId: number }) {
  const { t, locale } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: keys.deliveries(hookId), queryFn: async ({ signal }) => (await call(`/api/admin/integrations/webhooks/${hookId}/deliveries`, { data: deliveryListSchema, signal })).data.items, refetchInterval: 5000 });
  const again = useMutation({
    mutationFn: (id: number) => call(`/api/admin/integrations/deliveries/${id}/redeliver`, { method: 'POST', data: z.object({ ok: z.boolean(), httpStatus: z.number().nullable(), durationMs: z.number(), error: z.string().nullable() }) }),
    onSuccess: ({ data }) => (qc.invalidateQueries({ queryKey: ['integrations'] }), notify(data.ok ? 'success' : 'danger', t(data.ok ? 'admin.integrations.redelivered' : 'admin.integrations.redeliverFailed', { status: data.httpStatus ?? '—' }))),
    onError: (e) => notify('danger', errorText(e)),
  });
  const when = new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'short', timeStyle: 'medium', timeZone: LOCALE_CONFIG[locale].timeZones[0] });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <LoadFailure error={q.error} />;
  if (!q.data.length) return <p className="muted">{t('admin.integrations.noDeliveries')}</p>;
  return (
    <table className="history-diff deliveries">
      <thead>
        <tr>
          <th scope="col">{t('admin.integrations.event')}</th>
          <th scope="col">{t('admin.integrations.status')}</th>
          <th scope="col">{t('admin.integrations.attempts')}</th>
          <th scope="col">
            <span className="sr-only">{t('admin.integrations.redeliver')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {q.data.map((d) => (
          <tr key={d.id} data-testid="delivery">
            <td>
              {t(EVENT_KEY[d.event as WebhookEvent] ?? 'admin.integrations.event.created')} · #{d.bookingId}
            </td>
            <td>
              <span className={`badge ${d.status === 'delivered' ? 'badge-green' : d.status === 'failed' ? 'badge-red' : 'badge-yellow'}`}>{t(`admin.integrations.status.${d.status}` as AdminKey)}</span>
            </td>
            <td>
              <ul className="attempts">
                {d.attemptsList.map((a, i) => (
                  <li key={i}>
                    {when.format(new Date(a.at))} · {a.httpStatus ?? '—'} · {t('admin.integrations.ms', { ms: a.durationMs })}
                    {a.manual ? ` · ${t('admin.integrations.byHand')}` : ''}
                    {/* The answer's status says enough; without one (no answer, timeout) the network's words. */}
                    {a.error && a.httpStatus === null ? <span className="muted"> · {a.error}</span> : null}
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <button type="button" className="btn btn-small" disabled={again.isPending} onClick={() => again.mutate(d.id)}>
                {t('admin.integrations.redeliver')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
