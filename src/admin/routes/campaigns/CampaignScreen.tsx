/**
 * /admin/campaign/{id} (issue #39, admin only): the campaign's facts and Edit; the "check a number" tool (what the
 * booking flow would answer for that number: eligible, or reason 1 to 5 with its SPEC §8 message, in the admin's
 * language); the eligible numbers with their expiry and usage ledger and the CSV import (SPEC §6: campaign lists
 * have no import menu, the import is here); the doctors of the baby-formula campaign.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LOCALE_CONFIG, localeForCountryId } from '../../../../i18n/locales';
import type { CampaignPhoneRow } from '../../../lib/admin-campaigns';
import { useCampaign, useCampaignDoctor, useCampaignDoctors, useCampaignPhones, useCheckPhone, usePhoneExpiry } from '../../data/campaigns/queries';
import { useT } from '../../i18n';
import { DataTable, type ColumnDef } from '../../kit/DataTable';
import { useDebounced } from '../../kit/ListToolbar';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { Pagination } from '../../kit/Pagination';
import { Spinner } from '../../kit/Spinner';
import { formatDay, periodText } from './period';
import { PhoneImportDialog } from './PhoneImportDialog';

export default function CampaignScreen() {
  const { t, locale } = useT();
  const id = Number(useParams().campaignId);
  const campaign = useCampaign(id);
  const [page, setPage] = useState(1);
  const phones = useCampaignPhones(id, page);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<CampaignPhoneRow | null>(null);
  if (campaign.isPending) return <Spinner />;
  if (campaign.isError) return <LoadFailure error={campaign.error} />;
  const c = campaign.data;
  const market = localeForCountryId(c.countryId) ?? 'vi-VN';
  const zone = LOCALE_CONFIG[market].timeZones[0];
  const dateTime = new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const columns: ColumnDef<CampaignPhoneRow>[] = [
    { id: 'phone', text: t('admin.campaigns.col.phone'), cell: (p) => ({ kind: 'string', value: p.phone }) },
    {
      id: 'expiry',
      text: t('admin.campaigns.col.expiry'),
      cell: (p) => ({
        kind: 'element',
        value: (
          <span className="cell-expiry">
            {formatDay(locale, p.expiredDate)}
            <button type="button" className="btn btn-small" onClick={() => setEditing(p)} aria-label={t('admin.campaigns.editExpiryOf', { phone: p.phone })}>
              {t('admin.campaigns.editExpiry')}
            </button>
          </span>
        ),
      }),
    },
    { id: 'booking', text: t('admin.campaigns.col.booking'), cell: (p) => ({ kind: 'two_line', first: p.bookingId ? `#${p.bookingId}` : '', second: p.bookingDatetime ? dateTime.format(new Date(p.bookingDatetime)) : null }) },
    { id: 'completed', text: t('admin.campaigns.col.completed'), cell: (p) => ({ kind: 'key', label: p.completed ? t('admin.campaigns.yes') : t('admin.campaigns.no'), colour: p.completed ? 'green' : 'grey' }) },
    { id: 'cancellations', text: t('admin.campaigns.col.cancellations'), align: 'right', cell: (p) => ({ kind: 'string', value: `${p.cancellations} / ${c.maxCancellations}` }) },
  ];
  return (
    <div className="screen campaign-screen">
      <section className="card" aria-labelledby="campaign-title">
        <div className="card-head">
          <h2 id="campaign-title">{c.name}</h2>
          <Link to={`/admin/campaign/${c.id}/edit`} className="btn">
            {t('admin.campaigns.edit')}
          </Link>
        </div>
        <dl className="facts">
          <dt>{t('admin.campaigns.field.code')}</dt>
          <dd>{c.code}</dd>
          <dt>{t('admin.campaigns.field.sponsor')}</dt>
          <dd>{c.sponsor || '—'}</dd>
          <dt>{t('admin.campaigns.field.market')}</dt>
          <dd>{t(`admin.campaigns.market.${market}`)}</dd>
          <dt>{t('admin.campaigns.field.period')}</dt>
          <dd>{periodText(t, locale, c)}</dd>
          <dt>{t('admin.campaigns.field.maxCancellations')}</dt>
          <dd>{c.maxCancellations}</dd>
          <dt>{t('admin.campaigns.field.active')}</dt>
          <dd>
            <span className={`badge badge-${c.isActive ? 'green' : 'grey'}`}>{c.isActive ? t('admin.campaigns.active') : t('admin.campaigns.inactive')}</span>
          </dd>
        </dl>
      </section>

      <CheckNumber campaignId={c.id} />

      <section className="card" aria-labelledby="campaign-phones">
        <div className="card-head">
          <h3 id="campaign-phones">{t('admin.campaigns.phones', { count: c.phones })}</h3>
          <button type="button" className="btn btn-primary" onClick={() => setImporting(true)}>
            {t('admin.campaigns.importPhones')}
          </button>
        </div>
        <p className="muted small">{t('admin.campaigns.ledgerNote')}</p>
        {phones.isError ? <LoadFailure error={phones.error} /> : null}
        <DataTable label={t('admin.campaigns.phones', { count: c.phones })} columns={columns} rows={phones.data?.phones} rowId={(p) => String(p.id)} loading={phones.isFetching} sort={{}} onSortChange={() => undefined} />
        {phones.data ? <Pagination page={page} last={phones.data.pagination.last} total={phones.data.pagination.total_items} onPage={setPage} /> : null}
      </section>

      <CampaignDoctors campaignId={c.id} />
      <PhoneImportDialog campaignId={c.id} countryId={c.countryId} open={importing} onClose={() => setImporting(false)} />
      <ExpiryDialog campaignId={c.id} phone={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** One number's expiry (Radix Dialog, as the kit's ConfirmDialog). */
function ExpiryDialog({ campaignId, phone, onClose }: { campaignId: number; phone: CampaignPhoneRow | null; onClose: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const save = usePhoneExpiry(campaignId);
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDay(phone?.expiredDate ?? '');
    setError(null);
  }, [phone]);
  return (
    <Dialog.Root open={!!phone} onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('admin.campaigns.expiryTitle', { phone: phone?.phone ?? '' })}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.campaigns.expiryText')}</Dialog.Description>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!phone) return;
              if (!day) return setError(t('admin.campaigns.expiryRequired'));
              save.mutate(
                { phoneId: phone.id, expiredDate: day },
                {
                  onSuccess: (r) => {
                    notify('success', r.messages[0] ?? t('admin.campaigns.saved'));
                    onClose();
                  },
                  onError: (er) => setError(errorText(er)),
                },
              );
            }}
          >
            <label htmlFor="phone-expiry" className="field-label">
              {t('admin.campaigns.col.expiry')}
            </label>
            <input id="phone-expiry" type="date" className="input" value={day} onChange={(e) => setDay(e.target.value)} />
            {error ? (
              <p className="alert alert-danger" role="alert">
                {error}
              </p>
            ) : null}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn" disabled={save.isPending}>
                  {t('admin.common.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
                {t('admin.common.save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CheckNumber({ campaignId }: { campaignId: number }) {
  const { t } = useT();
  const errorText = useErrorText();
  const check = useCheckPhone(campaignId);
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const answer = check.data?.data;
  const missing = phone.trim() === '';
  return (
    <section className="card" aria-labelledby="campaign-check">
      <h3 id="campaign-check">{t('admin.campaigns.check')}</h3>
      <p className="muted small">{t('admin.campaigns.checkHint')}</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) check.mutate(phone.trim());
        }}
      >
        <label htmlFor="check-phone" className="field-label">
          {t('admin.campaigns.col.phone')}
        </label>
        <input id="check-phone" type="tel" inputMode="tel" autoComplete="off" className="input" value={phone} maxLength={32} onChange={(e) => setPhone(e.target.value)} aria-invalid={touched && missing} />
        <button type="submit" className="btn btn-primary" disabled={check.isPending} aria-busy={check.isPending}>
          {t('admin.campaigns.checkButton')}
        </button>
      </form>
      {touched && missing ? (
        <p className="field-message" role="alert">
          {t('admin.campaigns.phoneRequired')}
        </p>
      ) : null}
      <div aria-live="polite">
        {check.isError ? (
          <p className="alert alert-danger" role="alert">
            {errorText(check.error)}
          </p>
        ) : answer ? (
          <div className={answer.valid ? 'alert alert-success' : 'alert alert-warning'} data-testid="check-answer" data-reason={answer.reason ?? 0}>
            <p>
              <strong>{answer.valid ? t('admin.campaigns.eligible') : t('admin.campaigns.reason', { reason: answer.reason ?? 5 })}</strong>
              {answer.normalized ? <span className="muted small"> · {answer.normalized}</span> : null}
            </p>
            <p>{answer.message}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function CampaignDoctors({ campaignId }: { campaignId: number }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim(), 300);
  const doctors = useCampaignDoctors(campaignId, settled);
  const set = useCampaignDoctor(campaignId);
  const toggle = (doctorId: number, inCampaign: boolean) => set.mutate({ doctorId, inCampaign }, { onSuccess: (r) => notify('success', r.messages[0] ?? t('admin.campaigns.saved')), onError: (e) => notify('danger', errorText(e)) });
  const d = doctors.data;
  return (
    <section className="card" aria-labelledby="campaign-doctors">
      <h3 id="campaign-doctors">{t('admin.campaigns.doctors', { count: d?.members.length ?? 0 })}</h3>
      {doctors.isError ? <LoadFailure error={doctors.error} /> : null}
      {d && !d.applies ? (
        <p className="muted small">{t('admin.campaigns.doctorsOnlyBabyFormula')}</p>
      ) : d ? (
        <>
          <p className="muted small">{t('admin.campaigns.doctorsHint')}</p>
          <label htmlFor="doctor-search" className="field-label">
            {t('admin.campaigns.addDoctor')}
          </label>
          <input id="doctor-search" type="search" className="input" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('admin.campaigns.searchDoctor')} />
          {d.candidates.length ? (
            <ul className="doctor-picks">
              {d.candidates.map((x) => (
                <li key={x.id}>
                  <span>
                    {x.name} <span className="muted small">· {x.hospital}</span>
                  </span>
                  <button type="button" className="btn btn-small" disabled={set.isPending} onClick={() => toggle(x.id, true)}>
                    {t('admin.campaigns.add')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="doctor-picks">
            {d.members.map((x) => (
              <li key={x.id}>
                <span>
                  {x.name} <span className="muted small">· {x.hospital}</span>
                </span>
                <button type="button" className="btn btn-small" disabled={set.isPending} onClick={() => toggle(x.id, false)} aria-label={t('admin.campaigns.removeDoctor', { name: x.name })}>
                  {t('admin.campaigns.remove')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
