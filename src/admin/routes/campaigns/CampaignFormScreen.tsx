/**
 * /admin/campaign/new-campaign and /admin/campaign/{id}/edit (issue #39, admin only): code, name, sponsor, market,
 * period (days of the market), maximum cancellations and active. The schema the function validates with
 * (campaignForm) validates here; a code already used in the market comes back on the code field.
 */
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { LOCALE_CONFIG, LOCALES } from '../../../../i18n/locales';
import { campaignForm, type CampaignForm } from '../../../lib/admin-campaigns';
import { ApiError } from '../../api';
import { useCampaign, useSaveCampaign } from '../../data/campaigns/queries';
import { useT } from '../../i18n';
import { describedBy, Dropdown, Field, NumberInput, useZodForm } from '../../kit/form';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { Spinner } from '../../kit/Spinner';

export default function CampaignFormScreen() {
  const { t, locale } = useT();
  const params = useParams();
  const id = params.campaignId ? Number(params.campaignId) : undefined;
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const existing = useCampaign(id);
  const save = useSaveCampaign(id);
  const form = useZodForm(campaignForm, { code: '', name: '', sponsor: '', countryId: LOCALE_CONFIG[locale].countryId, startsOn: null, endsOn: null, maxCancellations: 3, isActive: true });
  const { errors } = form.formState;

  useEffect(() => {
    const c = existing.data;
    if (c) form.reset({ code: c.code, name: c.name, sponsor: c.sponsor ?? '', countryId: c.countryId, startsOn: c.startsOn, endsOn: c.endsOn, maxCancellations: c.maxCancellations, isActive: c.isActive });
  }, [existing.data]); // eslint-disable-line react-hooks/exhaustive-deps

  if (id != null && existing.isPending) return <Spinner />;
  if (id != null && existing.isError) return <LoadFailure error={existing.error} />;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input as CampaignForm, {
      onSuccess: ({ data, messages }) => {
        notify('success', messages[0] ?? t('admin.campaigns.saved'));
        navigate(`/admin/campaign/${data.campaign.id}`);
      },
      onError: (e) => {
        // A code already used in the market: the field's message ('code: …' in the caller's language).
        const codeError = e instanceof ApiError ? e.messages.find((m) => m.startsWith('code: ')) : undefined;
        if (codeError) form.setError('code', { message: codeError.slice('code: '.length) });
        notify('danger', errorText(e));
      },
    }),
  );
  const markets = LOCALES.map((l) => ({ value: String(LOCALE_CONFIG[l].countryId), label: t(`admin.campaigns.market.${l}`) }));
  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate aria-labelledby="campaign-form-title">
      <h2 id="campaign-form-title">{id != null ? t('admin.campaigns.edit') : t('admin.campaigns.new')}</h2>
      <div className="grid-2">
        <Field id="campaign-code" label={t('admin.campaigns.field.code')} error={errors.code?.message} hint={t('admin.campaigns.field.codeHint')} required>
          <input {...form.register('code')} {...describedBy('campaign-code', errors.code?.message, 'hint')} className="input" autoComplete="off" maxLength={40} />
        </Field>
        <Field id="campaign-name" label={t('admin.campaigns.field.name')} error={errors.name?.message} required>
          <input {...form.register('name')} {...describedBy('campaign-name', errors.name?.message)} className="input" autoComplete="off" maxLength={200} />
        </Field>
        <Field id="campaign-sponsor" label={t('admin.campaigns.field.sponsor')} error={errors.sponsor?.message}>
          <input {...form.register('sponsor')} {...describedBy('campaign-sponsor', errors.sponsor?.message)} className="input" autoComplete="off" maxLength={200} />
        </Field>
        <Field id="campaign-market" label={t('admin.campaigns.field.market')} error={errors.countryId?.message} required>
          <Controller
            control={form.control}
            name="countryId"
            render={({ field }) => (
              <Dropdown id="campaign-market" label={t('admin.campaigns.field.market')} placeholder={t('admin.campaigns.field.market')} value={String(field.value)} options={markets} onChange={(v) => field.onChange(Number(v))} />
            )}
          />
        </Field>
        <Field id="campaign-starts" label={t('admin.campaigns.field.startsOn')} error={errors.startsOn?.message}>
          <input type="date" {...form.register('startsOn', { setValueAs: (v) => v || null })} {...describedBy('campaign-starts', errors.startsOn?.message)} className="input" />
        </Field>
        <Field id="campaign-ends" label={t('admin.campaigns.field.endsOn')} error={errors.endsOn?.message}>
          <input type="date" {...form.register('endsOn', { setValueAs: (v) => v || null })} {...describedBy('campaign-ends', errors.endsOn?.message)} className="input" />
        </Field>
        <Field id="campaign-max" label={t('admin.campaigns.field.maxCancellations')} error={errors.maxCancellations?.message} hint={t('admin.campaigns.field.maxCancellationsHint')} required>
          <NumberInput {...form.register('maxCancellations')} {...describedBy('campaign-max', errors.maxCancellations?.message, 'hint')} min={1} max={20} />
        </Field>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" {...form.register('isActive')} />
            {t('admin.campaigns.field.active')}
          </label>
        </div>
      </div>
      <div className="form-actions">
        <Link to={id != null ? `/admin/campaign/${id}` : '/admin/campaign'} className="btn">
          {t('admin.common.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}
