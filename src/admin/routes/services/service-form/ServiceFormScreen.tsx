/**
 * /admin/services/new-service and /admin/services/{serviceId}/edit (issue 37; SPEC §3 Service): name, description,
 * logo, branch and category, price type (fixed, starting from, range with its upper price), original price,
 * promotion percent, buffer time, package flag, online-payment toggle (SPEC §9's payment rule reads it), active
 * toggle. The schema is the function's (`serviceFormBody`): the price rules show before any call. A save goes
 * back to the list with the server's message; a failed one keeps every value and shows the server's first message.
 */
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ServiceTabs } from '../service-availability/ServiceTabs';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { SERVICE_LIST_PATH, SERVICE_MESSAGES, servicePriceIssues, serviceFormBody, serviceFormPayload, serviceFormValues, type AdminServiceReadModel, type ServiceFormBody, type ServiceFormInput } from '../../../../lib/admin-services';
import { PRICE_TYPES, type PriceType } from '../../../../lib/price-rules';
import { priceView } from '../../../../lib/prices';
import { isPlatformAdmin } from '../../../../lib/roles';
import { useSaveService, useService, useServiceCategories } from '../../../data/services/queries';
import { useMe } from '../../../data/me/queries';
import { useT, type AdminKey } from '../../../i18n';
import { describedBy, Dropdown, Field, NumberInput, useZodForm } from '../../../kit/form';
import { LoadFailure, useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import { useBranches, useOrganizations } from '../../../shell/scope';

const PRICE_TYPE_LABELS: Record<PriceType, AdminKey> = {
  fixed: 'admin.services.form.priceFixed',
  starting: 'admin.services.form.priceStarting',
  range: 'admin.services.form.priceRange',
};
const NONE = '';

export default function ServiceFormScreen() {
  const raw = useParams().serviceId;
  const serviceId = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  const source = useService(serviceId ?? 0, serviceId != null);
  if (serviceId != null && source.isPending) return <Spinner />;
  if (serviceId != null && source.isError) return <LoadFailure error={source.error} />;
  return <ServiceForm key={serviceId ?? 'new'} serviceId={serviceId} source={source.data ?? null} />;
}

function ServiceForm({ serviceId, source }: { serviceId?: number; source: AdminServiceReadModel | null }) {
  const { t, locale } = useT();
  const me = useMe().data!;
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const platform = isPlatformAdmin(me.role);
  // The organization only narrows the branch choice; a branch manager starts in its own branch.
  const [hospitalId, setHospitalId] = useState<number | null>(source?.hospitalId ?? me.hospital?.id ?? null);
  const initial = useMemo(() => serviceFormValues(source, { branchId: me.role === 'branch' ? (me.branch?.id ?? null) : me.branches.length === 1 ? me.branches[0]!.id : null }), [source, me]);
  const form = useZodForm(serviceFormBody, initial);
  const { errors } = form.formState;
  const save = useSaveService(serviceId);
  const [failure, setFailure] = useState<string | null>(null);
  const orgs = useOrganizations(platform);
  const branches = useBranches(hospitalId);
  const branchId = useWatch({ control: form.control, name: 'hospital_branch_id' });
  const categories = useServiceCategories(typeof branchId === 'number' ? branchId : branchId ? Number(branchId) : null);
  const priceType = useWatch({ control: form.control, name: 'price_type' }) as PriceType;
  const [price, priceTo, promotion, original] = useWatch({ control: form.control, name: ['price', 'price_to', 'promotion_percent', 'original_price'] });
  const logo = useWatch({ control: form.control, name: 'logo' });
  const removeLogo = useWatch({ control: form.control, name: 'remove_logo' });
  const logoUrl = useObjectUrl(logo instanceof Blob ? logo : null) ?? (removeLogo ? null : (source?.logo ?? null));
  // The price as the public page shows it, in the hospital's market currency (known once saved, or a platform admin's market).
  const currency = source?.currency ?? (platform ? LOCALE_CONFIG[locale].currency : null);
  const previewPrice = useMemo(() => {
    const n = (v: unknown) => (v === '' || v == null || Number.isNaN(Number(v)) ? null : Number(v));
    if (!currency || n(price) == null) return null;
    return priceView(locale, { price: n(price), priceTo: n(priceTo), priceType, promotion: n(promotion), originalPrice: n(original), currency, showPriceOverride: true });
  }, [currency, price, priceTo, priceType, promotion, original, locale]);

  const onSubmit = form.handleSubmit((values: ServiceFormBody) => {
    setFailure(null);
    save.mutate(serviceFormPayload(values), {
      onSuccess: ({ messages }) => {
        notify('success', messages[0] ?? t(serviceId != null ? 'admin.services.form.updated' : 'admin.services.form.created'));
        navigate(SERVICE_LIST_PATH);
      },
      onError: (e) => {
        const text = errorText(e);
        setFailure(text);
        notify('danger', text);
      },
    });
  });

  // The price rules' own words (the resolver knows only the generic form messages for custom checks).
  const PRICE_WORDS: Record<string, AdminKey> = { [SERVICE_MESSAGES.priceToLow]: 'admin.services.error.priceToLow', [SERVICE_MESSAGES.originalPriceLow]: 'admin.services.error.originalPriceLow' };
  const err = (k: keyof ServiceFormInput) => {
    const message = (errors[k] as { message?: string } | undefined)?.message;
    if (!message || (k !== 'price_to' && k !== 'original_price')) return message;
    const num = (v: unknown) => (v === '' || v == null ? null : Number(v));
    const issue = servicePriceIssues({ price_type: priceType, price: Number(price) || 0, price_to: num(priceTo), original_price: num(original) }).find((i) => i.path === k);
    return issue && PRICE_WORDS[issue.message] ? t(PRICE_WORDS[issue.message]!) : message;
  };
  const numberField = (k: 'price' | 'price_to' | 'original_price' | 'promotion_percent' | 'buffer_time', label: AdminKey, opts: { required?: boolean; hint?: string } = {}) => {
    const id = `service-${k}`;
    return (
      <Field id={id} label={t(label)} error={err(k)} required={opts.required} hint={opts.hint}>
        <NumberInput {...form.register(k)} {...describedBy(id, err(k), opts.hint)} className="input" min={0} step="any" />
      </Field>
    );
  };
  const toggle = (k: 'is_package' | 'online_payment', label: AdminKey, hint: AdminKey) => (
    <label className="checkbox">
      <input type="checkbox" {...form.register(k)} /> {t(label)}
      <span className="field-hint">{t(hint)}</span>
    </label>
  );

  return (
    <form className="screen form" onSubmit={onSubmit} noValidate aria-labelledby="service-form-title">
      <h2 id="service-form-title" className="screen-title">
        {t(serviceId != null ? 'admin.services.form.titleEdit' : 'admin.services.form.titleAdd')}
      </h2>
      {serviceId != null ? <ServiceTabs serviceId={serviceId} /> : null}
      <section className="card form-section" aria-labelledby="service-general-section">
        <h3 id="service-general-section">{t('admin.services.form.general')}</h3>
        <div className="form-grid">
          <Field id="service-name" label={t('admin.services.form.name')} error={err('name')} required>
            <input {...form.register('name')} {...describedBy('service-name', err('name'))} className="input" autoComplete="off" />
          </Field>
          <Field id="service-hospital" label={t('admin.services.form.organization')}>
            <Dropdown
              id="service-hospital"
              label={t('admin.services.form.organization')}
              placeholder={t('admin.services.form.chooseOrganization')}
              value={hospitalId == null ? null : String(hospitalId)}
              options={platform ? (orgs.data ?? []).map((o) => ({ value: String(o.id), label: o.name })) : me.hospital ? [{ value: String(me.hospital.id), label: me.hospital.name }] : []}
              onChange={(v) => {
                setHospitalId(Number(v));
                form.setValue('hospital_branch_id', '');
                form.setValue('category_id', '');
              }}
              disabled={!platform}
            />
          </Field>
          <Field id="service-branch" label={t('admin.services.form.branch')} error={err('hospital_branch_id')} required>
            <Controller
              control={form.control}
              name="hospital_branch_id"
              render={({ field }) => (
                <Dropdown
                  id="service-branch"
                  label={t('admin.services.form.branch')}
                  placeholder={t('admin.services.form.chooseBranch')}
                  value={field.value === '' || field.value == null ? null : String(field.value)}
                  options={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                  onChange={(v) => {
                    field.onChange(Number(v));
                    form.setValue('category_id', '');
                  }}
                  disabled={hospitalId == null}
                />
              )}
            />
          </Field>
          <Field id="service-category" label={t('admin.services.form.category')} error={err('category_id')}>
            <Controller
              control={form.control}
              name="category_id"
              render={({ field }) => (
                <Dropdown
                  id="service-category"
                  label={t('admin.services.form.category')}
                  placeholder={t('admin.services.form.noCategory')}
                  value={field.value === '' || field.value == null ? NONE : String(field.value)}
                  options={[{ value: NONE, label: t('admin.services.form.noCategory') }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
                  onChange={(v) => field.onChange(v === NONE ? '' : Number(v))}
                  disabled={!branchId}
                />
              )}
            />
          </Field>
        </div>
        <Field id="service-description" label={t('admin.services.form.description')} error={err('description')}>
          <textarea {...form.register('description')} {...describedBy('service-description', err('description'))} className="input" rows={5} />
        </Field>
        <Field id="service-logo" label={t('admin.services.form.logo')} error={err('logo')} hint={t('admin.services.form.logoHint')}>
          <div className="logo-picker">
            {logoUrl ? <img src={logoUrl} alt="" width={64} height={64} className="avatar" /> : null}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              {...describedBy('service-logo', err('logo'), 'hint')}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                form.setValue('logo', file, { shouldValidate: true });
                form.setValue('remove_logo', false);
              }}
            />
            {logoUrl ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  form.setValue('logo', undefined);
                  form.setValue('remove_logo', true);
                }}
              >
                {t('admin.services.form.removeLogo')}
              </button>
            ) : null}
          </div>
        </Field>
      </section>

      <section className="card form-section" aria-labelledby="service-price-section">
        <h3 id="service-price-section">{t('admin.services.form.priceSection')}</h3>
        <fieldset className="field radio-group">
          <legend className="field-label">{t('admin.services.form.priceType')}</legend>
          {PRICE_TYPES.map((p) => (
            <label key={p} className="radio">
              <input type="radio" value={p} {...form.register('price_type')} /> {t(PRICE_TYPE_LABELS[p])}
            </label>
          ))}
        </fieldset>
        <div className="form-grid">
          {numberField('price', priceType === 'range' ? 'admin.services.form.priceFrom' : 'admin.services.form.price', { required: true, hint: currency ?? undefined })}
          {priceType === 'range' ? numberField('price_to', 'admin.services.form.priceTo', { required: true, hint: currency ?? undefined }) : null}
          {numberField('original_price', 'admin.services.form.originalPrice', { hint: t('admin.services.form.originalPriceHint') })}
          {numberField('promotion_percent', 'admin.services.form.promotion', { hint: t('admin.services.form.promotionHint') })}
        </div>
        {previewPrice ? (
          <p className="field-hint" aria-live="polite" data-testid="service-price-preview">
            {t('admin.services.form.pricePreview', { price: previewPrice.text })}
            {previewPrice.originalText ? <s> {previewPrice.originalText}</s> : null}
          </p>
        ) : null}
      </section>

      <section className="card form-section" aria-labelledby="service-booking-section">
        <h3 id="service-booking-section">{t('admin.services.form.bookingSection')}</h3>
        {numberField('buffer_time', 'admin.services.form.bufferTime', { hint: t('admin.services.form.bufferTimeHint') })}
        {toggle('is_package', 'admin.services.form.isPackage', 'admin.services.form.isPackageHint')}
        {toggle('online_payment', 'admin.services.form.onlinePayment', 'admin.services.form.onlinePaymentHint')}
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <label className="checkbox">
              <input type="checkbox" checked={Number(field.value) === 1} onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)} /> {t('admin.services.form.active')}
              <span className="field-hint">{t('admin.services.form.activeHint')}</span>
            </label>
          )}
        />
      </section>

      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions form-actions-sticky">
        <Link to={SERVICE_LIST_PATH} className="btn">
          {t('admin.common.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}

/** An object URL for a newly chosen file (revoked when it changes). */
function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}
