/**
 * The vaccines of a market with their details (issue 37 item 3; SPEC §3 Vaccination item), beside the price grid of
 * /admin/vaccination (?view=vaccines): display name, logo, description, age groups, doses, notice and whether the
 * vaccine is shown. One vaccine serves every branch of the market, so platform admins edit it (the server says who:
 * `canEdit`); the branches' managers read it. Stock is per branch in the grid and never hides the page.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { linesToLabels, vaccineBody, vaccineFormValues, type AdminVaccineDetail, type VaccineBody } from '../../../../lib/admin-vaccines';
import { useSaveVaccine, useVaccineCatalog } from '../../../data/go-live/queries';
import { useT } from '../../../i18n';
import { describedBy, Field, useZodForm } from '../../../kit/form';
import { LoadFailure, useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import '../../organizations/go-live/go-live.css';

export function VaccineDetails({ countryId }: { countryId: number }) {
  const { t } = useT();
  const catalog = useVaccineCatalog(countryId);
  const [params, setParams] = useSearchParams();
  const open = params.get('vaccine');
  const choose = (v: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (v) next.set('vaccine', v);
      else next.delete('vaccine');
      return next;
    });
  if (catalog.isPending) return <Spinner />;
  if (catalog.isError) return <LoadFailure error={catalog.error} />;
  const { vaccines, canEdit } = catalog.data;
  const current = open === 'new' ? null : (vaccines.find((v) => String(v.id) === open) ?? undefined);
  return (
    <div className="vaccine-details">
      <section className="card" aria-labelledby="vaccine-list-title">
        <div className="list-toolbar">
          <h3 id="vaccine-list-title">{t('admin.goLive.vaccines.title')}</h3>
          {canEdit ? (
            <button type="button" className="btn btn-primary" onClick={() => choose('new')}>
              {t('admin.goLive.vaccines.new')}
            </button>
          ) : null}
        </div>
        {!canEdit ? <p className="field-hint">{t('admin.goLive.vaccines.adminsOnly')}</p> : null}
        {vaccines.length === 0 ? <p className="empty-state">{t('admin.goLive.vaccines.empty')}</p> : null}
        <ul className="vaccine-list">
          {vaccines.map((v) => (
            <li key={v.id} className={String(v.id) === open ? 'vaccine-item vaccine-item-open' : 'vaccine-item'}>
              <button type="button" className="vaccine-item-button" onClick={() => choose(String(v.id))} aria-current={String(v.id) === open ? 'true' : undefined}>
                {v.logo ? <img src={v.logo} alt="" width={40} height={40} className="avatar" loading="lazy" /> : <span className="avatar avatar-empty" aria-hidden="true" />}
                <span className="vaccine-item-text">
                  <strong>{v.displayName || v.name}</strong>
                  <span className="cell-caption">
                    {[v.ageGroups.join(', '), v.doses.join(', '), t('admin.goLive.vaccines.branches', { count: v.branches })].filter(Boolean).join(' · ')}
                  </span>
                </span>
                {!v.isActive ? <span className="badge badge-yellow">{t('admin.goLive.vaccines.hidden')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {open != null && current !== undefined ? <VaccineForm key={open} vaccine={current} countryId={countryId} readOnly={!canEdit} onDone={() => choose(null)} /> : null}
    </div>
  );
}

function VaccineForm({ vaccine, countryId, readOnly, onDone }: { vaccine: AdminVaccineDetail | null; countryId: number; readOnly: boolean; onDone: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const save = useSaveVaccine(vaccine?.id ?? null);
  const form = useZodForm(vaccineBody, vaccineFormValues(vaccine));
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const err = (k: keyof VaccineBody) => (errors[k] as { message?: string } | undefined)?.message;
  const [ages, setAges] = useState((vaccine?.ageGroups ?? []).join('\n'));
  const [doses, setDoses] = useState((vaccine?.doses ?? []).join('\n'));
  const submit = form.handleSubmit((values: VaccineBody) => {
    setFailure(null);
    const body = { ...values, age_groups: linesToLabels(ages), doses: linesToLabels(doses) };
    save.mutate(vaccine ? body : { ...body, country_id: countryId }, {
      onSuccess: ({ messages }) => {
        notify('success', messages[0] ?? t('admin.organizations.saved'));
        onDone();
      },
      onError: (e) => setFailure(errorText(e)),
    });
  });
  const title = vaccine ? (vaccine.displayName || vaccine.name) : t('admin.goLive.vaccines.new');
  const logo = form.watch('logo');
  return (
    <form className="card form vaccine-form" onSubmit={submit} noValidate aria-labelledby="vaccine-form-title">
      <h3 id="vaccine-form-title">{title}</h3>
      <fieldset disabled={readOnly} className="form-grid">
        <Field id="vaccine-name" label={t('admin.goLive.vaccines.name')} error={err('name')} required>
          <input {...form.register('name')} {...describedBy('vaccine-name', err('name'))} className="input" />
        </Field>
        <Field id="vaccine-display-name" label={t('admin.goLive.vaccines.displayName')} error={err('display_name')}>
          <input {...form.register('display_name')} {...describedBy('vaccine-display-name', err('display_name'))} className="input" />
        </Field>
        <Field id="vaccine-logo" label={t('admin.goLive.vaccines.logo')} error={err('logo')} hint={t('admin.goLive.vaccines.logoHint')}>
          <input {...form.register('logo')} {...describedBy('vaccine-logo', err('logo'), t('admin.goLive.vaccines.logoHint'))} className="input" type="url" inputMode="url" placeholder="https://" />
        </Field>
        {typeof logo === 'string' && /^(https?:\/\/|\/)\S+$/.test(logo) ? <img src={logo} alt="" width={64} height={64} className="avatar" /> : null}
        <Field id="vaccine-description" label={t('admin.goLive.vaccines.description')} error={err('description')}>
          <textarea {...form.register('description')} {...describedBy('vaccine-description', err('description'))} className="input" rows={4} />
        </Field>
        <Field id="vaccine-ages" label={t('admin.goLive.vaccines.ageGroups')} hint={t('admin.goLive.vaccines.oneALine')}>
          <textarea id="vaccine-ages" className="input" rows={3} value={ages} onChange={(e) => setAges(e.currentTarget.value)} aria-describedby="vaccine-ages-hint" />
        </Field>
        <Field id="vaccine-doses" label={t('admin.goLive.vaccines.doses')} hint={t('admin.goLive.vaccines.oneALine')}>
          <textarea id="vaccine-doses" className="input" rows={3} value={doses} onChange={(e) => setDoses(e.currentTarget.value)} aria-describedby="vaccine-doses-hint" />
        </Field>
        <Field id="vaccine-notice" label={t('admin.goLive.vaccines.notice')} error={err('notice')}>
          <textarea {...form.register('notice')} {...describedBy('vaccine-notice', err('notice'))} className="input" rows={2} />
        </Field>
        <label className="checkbox">
          <input type="checkbox" {...form.register('is_active')} /> {t('admin.goLive.vaccines.shown')}
        </label>
        <p className="field-hint">{t('admin.goLive.vaccines.stockNote')}</p>
      </fieldset>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn" onClick={onDone}>
          {t('admin.common.close')}
        </button>
        {!readOnly ? (
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {t('admin.common.save')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
