/**
 * The repeating parts of the doctor form (useFieldArray): services (price type, price, a maximum price only for a
 * range; removing a saved service records its id for services_delete_ids), the entry sections (experience,
 * education, awards, publication, memberships: a text and a year) and the FAQs (question and answer).
 */
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister, type UseFormGetValues, type UseFormSetValue, useWatch } from 'react-hook-form';
import { NEW_SERVICE, type DoctorFormInput, type EntrySection } from '../../../../lib/admin-doctors';
import { PRICE_TYPES } from '../../../../lib/prices';
import { useT, type AdminKey } from '../../../i18n';
import { describedBy, Field, NumberInput } from '../../../kit/form';

type Form = { control: Control<DoctorFormInput>; register: UseFormRegister<DoctorFormInput>; errors: FieldErrors<DoctorFormInput> };

const PRICE_TYPE_LABELS: Record<(typeof PRICE_TYPES)[number], AdminKey> = {
  fixed: 'admin.doctors.form.priceType.fixed',
  starting: 'admin.doctors.form.priceType.starting',
  range: 'admin.doctors.form.priceType.range',
};

function ServiceRow({ index, form, onRemove }: { index: number; form: Form; onRemove: () => void }) {
  const { t } = useT();
  const type = useWatch({ control: form.control, name: `services.${index}.price_type` });
  const e = form.errors.services?.[index];
  const id = (f: string) => `service-${index}-${f}`;
  return (
    <fieldset className="repeat-item">
      <legend>{t('admin.doctors.form.serviceItem', { number: index + 1 })}</legend>
      <div className="grid-2">
        <Field id={id('name')} label={t('admin.doctors.form.serviceName')} error={e?.name?.message} required>
          <input {...form.register(`services.${index}.name`)} {...describedBy(id('name'), e?.name?.message)} className="input" autoComplete="off" />
        </Field>
        <Field id={id('type')} label={t('admin.doctors.form.priceType')}>
          <select {...form.register(`services.${index}.price_type`)} id={id('type')} className="input">
            {PRICE_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(PRICE_TYPE_LABELS[p])}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('price')} label={t('admin.doctors.form.price')} error={e?.price?.message} required>
          <NumberInput {...form.register(`services.${index}.price`)} {...describedBy(id('price'), e?.price?.message)} min={0} />
        </Field>
        {type === 'range' ? (
          <Field id={id('price-to')} label={t('admin.doctors.form.priceTo')} error={e?.price_to?.message} required>
            <NumberInput {...form.register(`services.${index}.price_to`)} {...describedBy(id('price-to'), e?.price_to?.message)} min={0} />
          </Field>
        ) : null}
      </div>
      <Field id={id('description')} label={t('admin.doctors.form.serviceDescription')} error={e?.description?.message}>
        <textarea {...form.register(`services.${index}.description`)} {...describedBy(id('description'), e?.description?.message)} className="input" rows={2} />
      </Field>
      <button type="button" className="btn btn-small" onClick={onRemove}>
        {t('admin.doctors.form.removeItem', { item: t('admin.doctors.form.serviceItem', { number: index + 1 }) })}
      </button>
    </fieldset>
  );
}

/** Services: a removed saved service goes to services_delete_ids (sent comma-joined). */
export function ServicesSection({ form, getValues, setValue }: { form: Form; getValues: UseFormGetValues<DoctorFormInput>; setValue: UseFormSetValue<DoctorFormInput> }) {
  const { t } = useT();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'services', keyName: 'key' });
  const onRemove = (index: number) => {
    const savedId = getValues(`services.${index}.id`);
    if (savedId != null && savedId !== '') setValue('services_delete_ids', [...getValues('services_delete_ids'), Number(savedId)]);
    remove(index);
  };
  return (
    <section className="card form-section" aria-labelledby="doctor-services-heading">
      <h3 id="doctor-services-heading">{t('admin.doctors.detail.services')}</h3>
      {fields.length === 0 ? <p className="field-hint">{t('admin.doctors.form.nothingYet')}</p> : null}
      {fields.map((f, i) => (
        <ServiceRow key={f.key} index={i} form={form} onRemove={() => onRemove(i)} />
      ))}
      <button type="button" className="btn" onClick={() => append({ ...NEW_SERVICE })}>
        + {t('admin.doctors.form.addService')}
      </button>
    </section>
  );
}

const ENTRY_LABELS: Record<EntrySection, { title: AdminKey; add: AdminKey }> = {
  experience: { title: 'admin.doctors.detail.experience', add: 'admin.doctors.form.addExperience' },
  education: { title: 'admin.doctors.detail.education', add: 'admin.doctors.form.addEducation' },
  awards: { title: 'admin.doctors.detail.awards', add: 'admin.doctors.form.addAward' },
  publication: { title: 'admin.doctors.detail.publication', add: 'admin.doctors.form.addPublication' },
  memberships: { title: 'admin.doctors.detail.memberships', add: 'admin.doctors.form.addMembership' },
};

/** One entry section: each entry a text and an optional year. */
export function EntriesSection({ name, form }: { name: EntrySection; form: Form }) {
  const { t } = useT();
  const { fields, append, remove } = useFieldArray({ control: form.control, name, keyName: 'key' });
  const labels = ENTRY_LABELS[name];
  const title = t(labels.title);
  return (
    <section className="card form-section" aria-labelledby={`doctor-${name}-heading`}>
      <h3 id={`doctor-${name}-heading`}>{title}</h3>
      {fields.length === 0 ? <p className="field-hint">{t('admin.doctors.form.nothingYet')}</p> : null}
      {fields.map((f, i) => {
        const e = form.errors[name]?.[i];
        const id = (k: string) => `${name}-${i}-${k}`;
        const item = t('admin.doctors.form.entryItem', { section: title, number: i + 1 });
        return (
          <fieldset className="repeat-item repeat-entry" key={f.key}>
            <legend className="sr-only">{item}</legend>
            <Field id={id('content')} label={t('admin.doctors.form.entryContent')} error={e?.content?.message}>
              <input {...form.register(`${name}.${i}.content`)} {...describedBy(id('content'), e?.content?.message)} className="input" autoComplete="off" />
            </Field>
            <Field id={id('year')} label={t('admin.doctors.form.entryYear')} error={e?.year?.message}>
              <input {...form.register(`${name}.${i}.year`)} {...describedBy(id('year'), e?.year?.message)} className="input input-year" inputMode="numeric" maxLength={4} autoComplete="off" />
            </Field>
            <button type="button" className="btn btn-small repeat-remove" onClick={() => remove(i)} aria-label={t('admin.doctors.form.removeItem', { item })}>
              ×
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn" onClick={() => append({ content: '', year: '' })}>
        + {t(labels.add)}
      </button>
    </section>
  );
}

export function FaqsSection({ form }: { form: Form }) {
  const { t } = useT();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'faqs', keyName: 'key' });
  return (
    <section className="card form-section" aria-labelledby="doctor-faqs-heading">
      <h3 id="doctor-faqs-heading">{t('admin.doctors.detail.faqs')}</h3>
      {fields.length === 0 ? <p className="field-hint">{t('admin.doctors.form.nothingYet')}</p> : null}
      {fields.map((f, i) => {
        const e = form.errors.faqs?.[i];
        const id = (k: string) => `faqs-${i}-${k}`;
        const item = t('admin.doctors.form.entryItem', { section: t('admin.doctors.detail.faqs'), number: i + 1 });
        return (
          <fieldset className="repeat-item" key={f.key}>
            <legend>{item}</legend>
            <Field id={id('question')} label={t('admin.doctors.form.faqQuestion')} error={e?.question?.message}>
              <input {...form.register(`faqs.${i}.question`)} {...describedBy(id('question'), e?.question?.message)} className="input" autoComplete="off" />
            </Field>
            <Field id={id('answer')} label={t('admin.doctors.form.faqAnswer')} error={e?.answer?.message}>
              <textarea {...form.register(`faqs.${i}.answer`)} {...describedBy(id('answer'), e?.answer?.message)} className="input" rows={2} />
            </Field>
            <button type="button" className="btn btn-small" onClick={() => remove(i)}>
              {t('admin.doctors.form.removeItem', { item })}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn" onClick={() => append({ question: '', answer: '' })}>
        + {t('admin.doctors.form.addFaq')}
      </button>
    </section>
  );
}
