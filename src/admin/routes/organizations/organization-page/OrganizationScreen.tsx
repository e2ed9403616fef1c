/**
 * /admin/organization/{organizationId}?branch={branchId} (issue 37; SPEC §3 Hospital and Hospital branch): the
 * organization, its branches (the caller's), a new branch for platform admins and the organization manager, and
 * per branch one form in tabs: profile (name, short name, address, latitude/longitude, phone, website, booking URL
 * for zh-TW), opening hours per weekday (several ranges, the emergency flag), about and patient guide (rich text),
 * facilities and FAQs, banners, indexing (publication fields only for those who may change them). One Save.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import { branchBody, branchFormValues, dayRangeIssues, MAX_RANGES_PER_DAY, ORGANIZATION_LIST_PATH, ORGANIZATION_MESSAGES, WEEKDAYS, type AdminBranchDetail, type BranchBody, type BranchInput, type TimeRange, type Weekday } from '../../../../lib/admin-organizations';
import { useBranch, useCreateBranch, useOrganization, useSaveBranch } from '../../../data/organizations/queries';
import { useT, type AdminKey } from '../../../i18n';
import { describedBy, Field, useZodForm } from '../../../kit/form';
import { LoadFailure, useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import { GoLiveChecklist } from '../go-live/GoLiveChecklist';
import { BranchCatalogTab } from './BranchCatalogTab';
import { MapPin } from './MapPin';
// Tiptap (ProseMirror) and dnd-kit are most of this screen's weight: loaded when their tab is first opened.
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));
const BannerPicker = lazy(() => import('./BannerPicker').then((m) => ({ default: m.BannerPicker })));
// Dated closures and public holidays (issue #37): their own calls, not part of the branch form's save.
const BranchClosures = lazy(() => import('../branch-closures/BranchClosures').then((m) => ({ default: m.BranchClosures })));

const TABS = ['profile', 'hours', 'texts', 'lists', 'specialties', 'insurances', 'payments', 'banners', 'indexing', 'closures'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, AdminKey> = {
  profile: 'admin.organizations.tab.profile',
  hours: 'admin.organizations.tab.hours',
  texts: 'admin.organizations.tab.texts',
  lists: 'admin.organizations.tab.lists',
  specialties: 'admin.goLive.tab.specialties',
  insurances: 'admin.goLive.tab.insurances',
  payments: 'admin.goLive.tab.payments',
  banners: 'admin.organizations.tab.banners',
  indexing: 'admin.organizations.tab.indexing',
  closures: 'admin.closures.tab',
};
const DAY_LABELS: Record<Weekday, AdminKey> = {
  mon: 'admin.organizations.day.mon',
  tue: 'admin.organizations.day.tue',
  wed: 'admin.organizations.day.wed',
  thu: 'admin.organizations.day.thu',
  fri: 'admin.organizations.day.fri',
  sat: 'admin.organizations.day.sat',
  sun: 'admin.organizations.day.sun',
};

export default function OrganizationScreen() {
  const { t } = useT();
  const organizationId = Number(useParams().organizationId);
  const [params, setParams] = useSearchParams();
  const org = useOrganization(organizationId);
  if (org.isPending) return <Spinner />;
  if (org.isError) return <LoadFailure error={org.error} />;
  const o = org.data;
  const branchId = Number(params.get('branch')) || o.branches[0]?.id || null;
  return (
    <section className="screen" aria-labelledby="org-title">
      <p>
        <Link to={ORGANIZATION_LIST_PATH}>← {t('admin.menu.organization')}</Link>
      </p>
      <div className="org-header">
        {o.logo ? <img src={o.logo} alt="" width={48} height={48} className="avatar" /> : null}
        <h2 id="org-title" className="screen-title">
          {o.name}
        </h2>
        <span className={`badge ${o.isActive ? 'badge-green' : 'badge-yellow'}`}>{o.isActive ? t('admin.organizations.active') : t('admin.organizations.inactive')}</span>
      </div>
      <GoLiveChecklist organization={o} />
      <nav aria-label={t('admin.organizations.branches')} className="tabs branch-tabs">
        {o.branches.map((b) => (
          <button key={b.id} type="button" className={`tab${b.id === branchId ? ' tab-active' : ''}`} aria-current={b.id === branchId ? 'page' : undefined} onClick={() => setParams({ branch: String(b.id) })}>
            {b.shortName || b.name}
          </button>
        ))}
      </nav>
      {o.canManage ? <NewBranch organizationId={o.id} onCreated={(id) => setParams({ branch: String(id) })} /> : null}
      {branchId ? <BranchEditor key={branchId} branchId={branchId} others={o.branches.filter((b) => b.id !== branchId)} /> : <p className="empty-state">{t('admin.organizations.noBranches')}</p>}
    </section>
  );
}

function NewBranch({ organizationId, onCreated }: { organizationId: number; onCreated: (id: number) => void }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const create = useCreateBranch(organizationId);
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  return (
    <form
      className="card new-branch"
      aria-labelledby="new-branch-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        create.mutate(
          { name, address },
          {
            onSuccess: ({ data, messages }) => {
              notify('success', messages[0] ?? t('admin.organizations.created'));
              setName('');
              setAddress('');
              onCreated(data.branch.id);
            },
            onError: (err) => notify('danger', errorText(err)),
          },
        );
      }}
    >
      <h3 id="new-branch-title">{t('admin.organizations.newBranch')}</h3>
      <div className="form-grid">
        <Field id="new-branch-name" label={t('admin.organizations.form.branchName')} required>
          <input id="new-branch-name" className="input" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </Field>
        <Field id="new-branch-address" label={t('admin.organizations.form.address')}>
          <input id="new-branch-address" className="input" value={address} onChange={(e) => setAddress(e.currentTarget.value)} />
        </Field>
      </div>
      <button type="submit" className="btn" disabled={create.isPending || !name.trim()} aria-busy={create.isPending}>
        {t('admin.organizations.addBranch')}
      </button>
    </form>
  );
}

type OtherBranch = { name: string; latitude: number | null; longitude: number | null };

function BranchEditor({ branchId, others }: { branchId: number; others: OtherBranch[] }) {
  const branch = useBranch(branchId);
  if (branch.isPending) return <Spinner />;
  if (branch.isError) return <LoadFailure error={branch.error} />;
  return <BranchForm branch={branch.data} others={others} />;
}

function BranchForm({ branch, others }: { branch: AdminBranchDetail; others: OtherBranch[] }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  // A link may open a tab (the go-live checklist's steps: ?tab=hours).
  const asked = useSearchParams()[0].get('tab');
  const askedTab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : null;
  const [tab, setTab] = useState<Tab>(askedTab ?? 'profile');
  // Another step's link on the same branch changes only ?tab=: follow it without losing what is typed.
  useEffect(() => {
    if (askedTab) setTab(askedTab);
  }, [askedTab]);
  const form = useZodForm(branchBody, branchFormValues(branch));
  const { errors } = form.formState;
  const save = useSaveBranch(branch.id);
  const [failure, setFailure] = useState<string | null>(null);
  const zhTW = branch.countryId === LOCALE_CONFIG['zh-TW'].countryId;
  const err = (k: keyof BranchInput) => (errors[k] as { message?: string } | undefined)?.message;
  const text = (k: 'name' | 'short_name' | 'address' | 'phone' | 'website_url' | 'booking_url' | 'latitude' | 'longitude', label: AdminKey, opts: { required?: boolean; type?: string } = {}) => (
    <Field id={`branch-${k}`} label={t(label)} error={err(k)} required={opts.required}>
      <input {...form.register(k)} {...describedBy(`branch-${k}`, err(k))} className="input" type={opts.type ?? 'text'} step={opts.type === 'number' ? 'any' : undefined} />
    </Field>
  );
  const onSubmit = form.handleSubmit(
    (values: BranchBody) => {
      setFailure(null);
      save.mutate(values, {
        onSuccess: ({ data, messages }) => {
          form.reset(branchFormValues(data.branch));
          notify('success', messages[0] ?? t('admin.organizations.saved'));
        },
        onError: (e) => {
          const m = errorText(e);
          setFailure(m);
          notify('danger', m);
        },
      });
    },
    // A field with an error may sit in another tab: open the first such tab.
    (errs) => {
      const first = Object.keys(errs)[0] ?? '';
      setTab(first === 'working_times' ? 'hours' : ['about', 'patient_guide'].includes(first) ? 'texts' : ['faqs', 'medical_facilities'].includes(first) ? 'lists' : first === 'images' ? 'banners' : 'profile');
    },
  );

  return (
    <form className="form branch-form" onSubmit={onSubmit} noValidate aria-label={branch.name}>
      <div className="tabs" role="tablist" aria-label={t('admin.organizations.branchTabs')}>
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" id={`tab-${k}`} aria-controls={`panel-${k}`} aria-selected={tab === k} className={`tab${tab === k ? ' tab-active' : ''}`} onClick={() => setTab(k)}>
            {t(TAB_LABELS[k])}
          </button>
        ))}
      </div>
      <section className="card form-section" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <Suspense fallback={<Spinner />}>
        {tab === 'profile' ? (
          <div className="form-grid">
            {text('name', 'admin.organizations.form.branchName', { required: true })}
            {text('short_name', 'admin.organizations.form.shortName')}
            {text('address', 'admin.organizations.form.address')}
            {text('phone', 'admin.organizations.form.phone', { type: 'tel' })}
            {text('latitude', 'admin.organizations.form.latitude', { type: 'number' })}
            {text('longitude', 'admin.organizations.form.longitude', { type: 'number' })}
            {text('website_url', 'admin.organizations.form.website', { type: 'url' })}
            {zhTW ? text('booking_url', 'admin.organizations.form.bookingUrl', { type: 'url' }) : null}
            <MapPin form={form} countryId={branch.countryId} others={others} />
          </div>
        ) : null}
        {tab === 'hours' ? (
          <>
            {WEEKDAYS.map((d) => (
              <DayHours key={d} day={d} label={t(DAY_LABELS[d])} control={form.control} register={form.register} />
            ))}
            <label className="checkbox">
              <input type="checkbox" {...form.register('emergency_hours')} /> {t('admin.organizations.form.emergency')}
            </label>
          </>
        ) : null}
        {tab === 'texts' ? (
          <>
            <Field id="branch-about" label={t('admin.organizations.form.about')} error={err('about')}>
              <Controller control={form.control} name="about" render={({ field }) => <RichTextEditor id="branch-about" label={t('admin.organizations.form.about')} value={String(field.value ?? '')} onChange={field.onChange} />} />
            </Field>
            <Field id="branch-guide" label={t('admin.organizations.form.patientGuide')} error={err('patient_guide')}>
              <Controller control={form.control} name="patient_guide" render={({ field }) => <RichTextEditor id="branch-guide" label={t('admin.organizations.form.patientGuide')} value={String(field.value ?? '')} onChange={field.onChange} />} />
            </Field>
          </>
        ) : null}
        {tab === 'lists' ? <Lists control={form.control} register={form.register} /> : null}
        {tab === 'specialties' || tab === 'insurances' || tab === 'payments' ? <BranchCatalogTab kind={tab} branchId={branch.id} control={form.control} /> : null}
        {tab === 'closures' ? <BranchClosures branchId={branch.id} /> : null}
        {tab === 'banners' ? <Controller control={form.control} name="images" render={({ field }) => <BannerPicker value={field.value ?? []} onChange={field.onChange} />} /> : null}
        {tab === 'indexing' ? (
          <fieldset disabled={!branch.canPublish} className="field">
            <legend className="field-label">{t('admin.organizations.tab.indexing')}</legend>
            {!branch.canPublish ? <p className="field-hint">{t('admin.organizations.publishOnly')}</p> : null}
            <label className="checkbox">
              <input type="checkbox" {...form.register('is_active')} /> {t('admin.organizations.form.branchActive')}
            </label>
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <label className="field">
                  <span className="field-label">{t('admin.organizations.form.indexStatus')}</span>
                  <select className="input" value={field.value == null ? '' : String(field.value)} onChange={(e) => field.onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
                    <option value="">{t('admin.organizations.index.notSet')}</option>
                    <option value="1">{t('admin.organizations.index.indexed')}</option>
                    <option value="0">{t('admin.organizations.index.notIndexed')}</option>
                  </select>
                </label>
              )}
            />
            <label className="checkbox">
              <input type="checkbox" {...form.register('exclude_from_index')} /> {t('admin.organizations.form.excludeFromIndex')}
            </label>
          </fieldset>
        ) : null}
        </Suspense>
      </section>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions form-actions-sticky">
        <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}

function DayHours({ day, label, control, register }: { day: Weekday; label: string; control: Control<BranchInput>; register: UseFormRegister<BranchInput> }) {
  const { t } = useT();
  const ranges = useFieldArray({ control, name: `working_times.${day}` as 'working_times.mon' });
  // The day's rule (the schema's own, src/lib) checked as the ranges are typed, in the admin's words.
  const values = (useWatch({ control, name: `working_times.${day}` as 'working_times.mon' }) ?? []) as TimeRange[];
  const issues = dayRangeIssues(values.filter((r) => /^\d\d:\d\d$/.test(r?.start ?? '') && /^\d\d:\d\d$/.test(r?.end ?? '')));
  return (
    <fieldset className="day-hours">
      <legend className="field-label">{label}</legend>
      {ranges.fields.length === 0 ? <span className="field-hint">{t('admin.organizations.closed')}</span> : null}
      {ranges.fields.map((f, i) => {
        const issue = issues.find((x) => x.index === i);
        const message = issue ? t(issue.message === ORGANIZATION_MESSAGES.rangeOverlap ? 'admin.organizations.error.rangeOverlap' : 'admin.organizations.error.rangeOrder') : undefined;
        return (
          <div key={f.id} className="range-row">
            <input type="time" className="input" aria-label={t('admin.organizations.opens', { day: label, number: i + 1 })} {...register(`working_times.${day}.${i}.start` as 'working_times.mon.0.start')} />
            <span aria-hidden="true">–</span>
            <input type="time" className="input" aria-label={t('admin.organizations.closes', { day: label, number: i + 1 })} aria-invalid={message ? true : undefined} {...register(`working_times.${day}.${i}.end` as 'working_times.mon.0.end')} />
            <button type="button" className="btn btn-small" onClick={() => ranges.remove(i)} aria-label={t('admin.organizations.removeRange', { day: label, number: i + 1 })}>
              ✕
            </button>
            {message ? (
              <span className="field-message" role="alert">
                {message}
              </span>
            ) : null}
          </div>
        );
      })}
      {ranges.fields.length < MAX_RANGES_PER_DAY ? (
        <button type="button" className="btn btn-small" onClick={() => ranges.append({ start: '08:00', end: '17:00' })}>
          {t('admin.organizations.addRange', { day: label })}
        </button>
      ) : null}
    </fieldset>
  );
}

function Lists({ control, register }: { control: Control<BranchInput>; register: UseFormRegister<BranchInput> }) {
  const { t } = useT();
  const faqs = useFieldArray({ control, name: 'faqs' });
  const facilities = useWatch({ control, name: 'medical_facilities' }) ?? [];
  return (
    <>
      <Controller
        control={control}
        name="medical_facilities"
        render={({ field }) => (
          <Field id="branch-facilities" label={t('admin.organizations.form.facilities')} hint={t('admin.organizations.form.facilitiesHint')}>
            <textarea
              id="branch-facilities"
              className="input"
              rows={5}
              defaultValue={facilities.join('\n')}
              onBlur={(e) => field.onChange(e.currentTarget.value.split('\n').map((l) => l.trim()).filter(Boolean))}
              aria-describedby="branch-facilities-hint"
            />
          </Field>
        )}
      />
      <h3>{t('admin.organizations.form.faqs')}</h3>
      {faqs.fields.map((f, i) => (
        <div key={f.id} className="faq-row card">
          <Field id={`faq-q-${i}`} label={t('admin.organizations.form.question', { number: i + 1 })}>
            <input id={`faq-q-${i}`} className="input" {...register(`faqs.${i}.question` as const)} />
          </Field>
          <Field id={`faq-a-${i}`} label={t('admin.organizations.form.answer', { number: i + 1 })}>
            <textarea id={`faq-a-${i}`} className="input" rows={3} {...register(`faqs.${i}.answer` as const)} />
          </Field>
          <button type="button" className="btn btn-small" onClick={() => faqs.remove(i)}>
            {t('admin.organizations.form.removeFaq', { number: i + 1 })}
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => faqs.append({ question: '', answer: '' })}>
        {t('admin.organizations.form.addFaq')}
      </button>
    </>
  );
}
