/**
 * The doctor form (SPEC §3, §5): react-hook-form over `doctorFormSchema` (the field rules the function reads the
 * payload with), sent as the multipart body `doctorFormPayload` builds. A failed save shows the server's first
 * message and keeps every value; a doctor editing its own profile has no hospital, branch, contract or levels.
 */
import { UnsavedChangesGuard } from '../../../kit/UnsavedChanges';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { DOCTOR_FORM_LIMITS, doctorFormSchema, doctorFormValues, ENTRY_SECTIONS, newExpertiseId, type DoctorFormInput, type DoctorFormOutput } from '../../../../lib/admin-doctors';
import type { DoctorReadModel } from '../../../../lib/admin-doctor-model';
import { PROVIDE_CARE } from '../../../../lib/doctor-card';
import { DIAL_CODES } from '../../../../lib/login';
import { isPlatformAdmin } from '../../../../lib/roles';
import { doctorFormPayload } from '../../../../lib/validation';
import { useDoctorFormOptions, useSaveDoctor, useSpecialties } from '../../../data/doctors/queries';
import { useMe } from '../../../data/me/queries';
import { marketCountryCode, staffCountryId } from '../../../../lib/admin-market';
import { useT, type AdminKey } from '../../../i18n';
import { describedBy, Dropdown, Field, MultiSelect, PhoneInput, useZodForm } from '../../../kit/form';
import { useNotify } from '../../../kit/Notifications';
import { useBranches, useOrganizations } from '../../../shell/scope';
import { DoctorPreview } from './DoctorPreview';
import { EntriesSection, FaqsSection, ServicesSection } from './sections';
import { useErrorText } from '../../../kit/LoadFailure';

const PROVIDE_LABELS: Record<(typeof PROVIDE_CARE)[number], AdminKey> = {
  adults: 'admin.doctors.provide.adults',
  children: 'admin.doctors.provide.children',
  both: 'admin.doctors.provide.both',
};
/** Languages offered as choices, named in the admin's language (any other can be typed). */
const LANGUAGE_CODES = ['vi', 'en', 'id', 'zh', 'ms', 'th', 'fil', 'ko', 'ja', 'fr', 'de'];
const NONE = '';

export interface DoctorFormProps {
  mode: 'add' | 'edit' | 'duplicate' | 'profile';
  /** The doctor edited (edit, profile). */
  doctorId?: number;
  /** The doctor read (edit, profile) or copied (duplicate). */
  source: DoctorReadModel | null;
  initial: DoctorFormInput;
  onSaved: (doctor: DoctorReadModel, message: string) => void;
  cancelTo: string;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

export function DoctorForm({ mode, doctorId, source, initial, onSaved, cancelTo }: DoctorFormProps) {
  const tr = useT();
  const { t, locale } = tr;
  const me = useMe().data!;
  const notify = useNotify();
  const errorText = useErrorText();
  const selfEdit = mode === 'profile';
  const platform = isPlatformAdmin(me.role);
  const schema = useMemo(() => doctorFormSchema({ selfEdit }), [selfEdit]);
  const form = useZodForm(schema, initial);
  const { errors } = form.formState;
  const save = useSaveDoctor(mode === 'edit' || mode === 'profile' ? doctorId : undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<DoctorFormInput | null>(null);

  const countryId = source?.countryId ?? (platform ? LOCALE_CONFIG[locale].countryId : undefined);
  // Phone prefix and prices follow the doctor's market: the doctor's, else the organization's (issue #38 item 8).
  const marketCountryId = source?.countryId ?? staffCountryId(me, locale);
  const specialties = useSpecialties(countryId);
  const options = useDoctorFormOptions(countryId);
  const hospitalId = useWatch({ control: form.control, name: 'hospital_id' });
  const orgs = useOrganizations(platform && !selfEdit);
  const branches = useBranches(selfEdit ? null : (hospitalId ?? null));
  const notifyOther = useWatch({ control: form.control, name: 'notifyOtherEmail' });
  const avatar = useWatch({ control: form.control, name: 'avatar' });
  const avatarUrl = useObjectUrl(avatar);
  const languageNames = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'language' });
    return LANGUAGE_CODES.map((c) => names.of(c) ?? c);
  }, [locale]);

  /** Set when a save succeeded: its navigation to the detail is not an unsaved leave. */
  const saved = useRef(false);
  const onSubmit = form.handleSubmit((values: DoctorFormOutput) => {
    setFailure(null);
    save.mutate(doctorFormPayload(values), {
      onSuccess: ({ data, messages }) => {
        saved.current = mode !== 'profile';
        // The own profile stays on screen: it starts again from what was saved (new service ids, nothing to delete).
        if (mode === 'profile') form.reset(doctorFormValues(data.doctor, 'edit'));
        onSaved(data.doctor, messages[0] ?? t(mode === 'edit' || mode === 'profile' ? 'admin.doctors.form.updated' : 'admin.doctors.form.created'));
      },
      onError: (e) => {
        // The values stay as typed: only the message changes.
        const text = errorText(e);
        setFailure(text);
        notify('danger', text);
      },
    });
  });

  const title: Record<DoctorFormProps['mode'], AdminKey> = {
    add: 'admin.doctors.form.titleAdd',
    edit: 'admin.doctors.form.titleEdit',
    duplicate: 'admin.doctors.form.titleDuplicate',
    profile: 'admin.doctors.form.titleProfile',
  };
  const err = (k: keyof DoctorFormInput) => (errors[k] as { message?: string } | undefined)?.message;
  const text = (k: 'name' | 'glance' | 'description' | 'contract' | 'email' | 'email_notification', label: AdminKey, opts: { required?: boolean; area?: boolean; type?: string; max?: number } = {}) => {
    const id = `doctor-${k}`;
    return (
      <Field id={id} label={t(label)} error={err(k)} required={opts.required}>
        {opts.area ? (
          <textarea {...form.register(k)} {...describedBy(id, err(k))} className="input" rows={k === 'description' ? 6 : 3} />
        ) : (
          <input {...form.register(k)} {...describedBy(id, err(k))} className="input" type={opts.type ?? 'text'} autoComplete="off" />
        )}
      </Field>
    );
  };
  const pick = (k: 'tier_id' | 'academy_id' | 'client_id' | 'gender', label: AdminKey, list: { value: string; label: string }[]) => (
    <Field id={`doctor-${k}`} label={t(label)} error={err(k)}>
      <Controller
        control={form.control}
        name={k}
        render={({ field }) => (
          <Dropdown
            id={`doctor-${k}`}
            label={t(label)}
            placeholder={t('admin.doctors.form.none')}
            value={field.value == null ? NONE : String(field.value)}
            options={[{ value: NONE, label: t('admin.doctors.form.none') }, ...list]}
            onChange={(v) => field.onChange(k === 'gender' ? v : v === NONE ? null : Number(v))}
          />
        )}
      />
    </Field>
  );

  return (
    <form className="doctor-form" onSubmit={onSubmit} noValidate aria-labelledby="doctor-form-title">
      <h2 id="doctor-form-title">{t(title[mode])}</h2>
      {source && mode === 'duplicate' ? <p className="field-hint">{t('admin.doctors.form.duplicateOf', { name: source.name })}</p> : null}

      <Section id="doctor-profile-heading" title={t('admin.doctors.form.sectionProfile')}>
        <div className="avatar-field">
          {avatarUrl ? <img src={avatarUrl} alt="" width={72} height={72} className="avatar-preview" /> : <span className="avatar avatar-initials avatar-preview" aria-hidden="true">?</span>}
          <Field id="doctor-avatar" label={t('admin.doctors.form.avatar')} error={err('avatar')} hint={t('admin.doctors.form.avatarHint')}>
            <input
              id="doctor-avatar"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="input"
              aria-describedby="doctor-avatar-hint"
              onChange={(e) => form.setValue('avatar', e.target.files?.[0] ?? initial.avatar ?? null, { shouldValidate: true })}
            />
          </Field>
        </div>
        <div className="grid-2">
          {text('name', 'admin.doctors.form.name', { required: true })}
          {pick('gender', 'admin.doctors.form.gender', [
            { value: 'male', label: t('admin.doctors.form.male') },
            { value: 'female', label: t('admin.doctors.form.female') },
          ])}
          {selfEdit ? null : (
            <>
              <Field id="doctor-hospital" label={t('admin.doctors.detail.hospital')} error={err('hospital_id')}>
                <Controller
                  control={form.control}
                  name="hospital_id"
                  render={({ field }) => (
                    <Dropdown
                      id="doctor-hospital"
                      label={t('admin.doctors.detail.hospital')}
                      placeholder={t('admin.doctors.form.chooseHospital')}
                      value={field.value == null ? null : String(field.value)}
                      options={platform ? (orgs.data ?? []).map((o) => ({ value: String(o.id), label: o.name })) : me.hospital ? [{ value: String(me.hospital.id), label: me.hospital.name }] : []}
                      onChange={(v) => {
                        field.onChange(Number(v));
                        form.setValue('hospital_branch_id', null);
                      }}
                      disabled={!platform}
                    />
                  )}
                />
              </Field>
              <Field id="doctor-branch" label={t('admin.doctors.detail.branch')} error={err('hospital_branch_id')} required>
                <Controller
                  control={form.control}
                  name="hospital_branch_id"
                  render={({ field }) => (
                    <Dropdown
                      id="doctor-branch"
                      label={t('admin.doctors.detail.branch')}
                      placeholder={t('admin.doctors.form.chooseBranch')}
                      value={field.value == null ? null : String(field.value)}
                      options={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                      onChange={(v) => field.onChange(Number(v))}
                      disabled={hospitalId == null}
                    />
                  )}
                />
              </Field>
            </>
          )}
        </div>
        <fieldset className="field radio-group">
          <legend className="field-label">{t('admin.doctors.col.provideFor')}</legend>
          {PROVIDE_CARE.map((p) => (
            <label key={p} className="radio">
              <input type="radio" value={p} {...form.register('provide_care')} /> {t(PROVIDE_LABELS[p])}
            </label>
          ))}
        </fieldset>
        <Field id="doctor-specialties" label={t('admin.doctors.detail.specialties')} error={err('specialties')} hint={t('admin.doctors.form.maxItemsHint', { number: DOCTOR_FORM_LIMITS.specialties })}>
          <Controller
            control={form.control}
            name="specialties"
            render={({ field }) => (
              <MultiSelect
                id="doctor-specialties"
                value={field.value.map(String)}
                options={(specialties.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                onChange={(v) => field.onChange(v.map(Number))}
                placeholder={t('admin.doctors.form.chooseSpecialties')}
                describedBy={describedBy('doctor-specialties', err('specialties'), 'hint')}
              />
            )}
          />
        </Field>
        {text('glance', 'admin.doctors.detail.glance', { area: true })}
        {text('description', 'admin.doctors.detail.description', { area: true })}
      </Section>

      <Section id="doctor-contact-heading" title={t('admin.doctors.form.sectionContact')}>
        <div className="grid-2">
          <Field id="doctor-phone" label={t('admin.doctors.detail.phone')} error={err('phone')}>
            <PhoneInput {...form.register('phone')} {...describedBy('doctor-phone', err('phone'))} countryCode={DIAL_CODES[marketCountryCode(marketCountryId, locale)] ?? ''} />
          </Field>
          {text('email', 'admin.doctors.detail.email', { type: 'email' })}
        </div>
        <label className="checkbox">
          <input type="checkbox" {...form.register('notifyOtherEmail')} /> {t('admin.doctors.form.notifyOther')}
        </label>
        {notifyOther ? text('email_notification', 'admin.doctors.form.emailNotification', { type: 'email', required: true }) : null}
      </Section>

      {selfEdit ? null : (
        <Section id="doctor-contract-heading" title={t('admin.doctors.form.sectionContract')}>
          <div className="grid-2">
            {text('contract', 'admin.doctors.form.contract')}
            {pick('tier_id', 'admin.doctors.form.tier', (options.data?.tiers ?? []).map((o) => ({ value: String(o.id), label: o.description })))}
            {pick('academy_id', 'admin.doctors.form.academy', (options.data?.academies ?? []).map((o) => ({ value: String(o.id), label: o.description })))}
            {pick('client_id', 'admin.doctors.form.client', (options.data?.clients ?? []).map((o) => ({ value: String(o.id), label: o.name })))}
          </div>
        </Section>
      )}

      <Section id="doctor-expertise-heading" title={t('admin.doctors.form.sectionExpertise')}>
        <Field id="doctor-expertise" label={t('admin.doctors.detail.expertise')} error={err('expertise')} hint={t('admin.doctors.form.typeToAdd')}>
          <Controller
            control={form.control}
            name="expertise"
            render={({ field }) => {
              const known = options.data?.expertise ?? [];
              // Existing expertise is picked by id; a typed label that matches none gets a negative id.
              const toValue = (e: { id: number; label: string }) => (e.id > 0 ? String(e.id) : e.label);
              const onChange = (values: string[]) => {
                const next: { id: number; label: string }[] = [];
                for (const v of values) {
                  const kept = field.value.find((e) => toValue(e) === v);
                  const option = known.find((o) => String(o.id) === v || o.name.toLowerCase() === v.toLowerCase());
                  next.push(kept ?? (option ? { id: option.id, label: option.name } : { id: newExpertiseId([...field.value, ...next]), label: v }));
                }
                field.onChange(next);
              };
              return (
                <MultiSelect
                  id="doctor-expertise"
                  value={field.value.map(toValue)}
                  options={[...known.map((o) => ({ value: String(o.id), label: o.name })), ...field.value.filter((e) => e.id > 0 && !known.some((o) => o.id === e.id)).map((e) => ({ value: String(e.id), label: e.label }))]}
                  onChange={onChange}
                  allowCreate
                  describedBy={describedBy('doctor-expertise', err('expertise'), 'hint')}
                />
              );
            }}
          />
        </Field>
        <Field id="doctor-languages" label={t('admin.doctors.detail.languages')} error={err('languages')} hint={t('admin.doctors.form.typeToAdd')}>
          <Controller
            control={form.control}
            name="languages"
            render={({ field }) => (
              <MultiSelect
                id="doctor-languages"
                value={field.value}
                options={languageNames.map((n) => ({ value: n, label: n }))}
                onChange={field.onChange}
                allowCreate
                describedBy={describedBy('doctor-languages', err('languages'), 'hint')}
              />
            )}
          />
        </Field>
      </Section>

      <ServicesSection form={{ control: form.control, register: form.register, errors }} getValues={form.getValues} setValue={form.setValue} />
      {ENTRY_SECTIONS.map((s) => (
        <EntriesSection key={s} name={s} form={{ control: form.control, register: form.register, errors }} />
      ))}
      <FaqsSection form={{ control: form.control, register: form.register, errors }} />

      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions form-actions-sticky">
        <Link to={cancelTo} className="btn">
          {t('admin.common.cancel')}
        </Link>
        <button type="button" className="btn" onClick={() => setPreview(form.getValues())}>
          {t('admin.doctors.form.preview')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {t('admin.common.save')}
        </button>
      </div>
      <DoctorPreview
        values={preview}
        onClose={() => setPreview(null)}
        source={source}
        specialtyNames={(specialties.data ?? []).filter((s) => preview?.specialties.includes(s.id)).map((s) => s.name)}
        avatarUrl={avatarUrl}
        countryId={marketCountryId}
      />
      <UnsavedChangesGuard dirty={form.formState.isDirty && !save.isPending} skip={saved} />
    </form>
  );
}

/** An object URL for a newly chosen file (revoked when it changes), or the saved picture's address. */
function useObjectUrl(avatar: DoctorFormInput['avatar']): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(avatar instanceof Blob)) {
      setUrl(typeof avatar === 'string' && avatar ? avatar : null);
      return;
    }
    const u = URL.createObjectURL(avatar);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [avatar]);
  return url;
}
