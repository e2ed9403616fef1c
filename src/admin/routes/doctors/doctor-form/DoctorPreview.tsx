/**
 * The local preview of the doctor form (SPEC §4): the public doctor card and profile built from the values typed,
 * with status ACTIVE, without saving. The card's availability, price and sections follow the public page's rules
 * (doctor-card.ts, doctor-profile.ts); the outpatient and telemedicine flags are the saved doctor's (a new doctor
 * has no slots yet, so it shows 'Not available' as the public card would).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { DOCTOR_PREVIEW_STATUS, ENTRY_SECTIONS, type DoctorFormInput } from '../../../../lib/admin-doctors';
import type { DoctorReadModel } from '../../../../lib/admin-doctor-model';
import { doctorAvailability, isProvideCare, type AvailabilityTag } from '../../../../lib/doctor-card';
import { doctorServiceLines, profileEntries, profileFaqs } from '../../../../lib/doctor-profile';
import { useT, type AdminKey } from '../../../i18n';
import { marketCurrency } from '../../../../lib/admin-market';
import { provideForText } from '../doctor-list/columns';
import { FaqList, ProfileEntryList } from '../ProfileEntryList';

const TAGS: Record<AvailabilityTag, { label: AdminKey; badge: string }> = {
  notAvailable: { label: 'admin.doctors.form.notAvailable', badge: 'badge-red' },
  booking: { label: 'admin.doctors.badge.outpatient', badge: 'badge-green' },
  telemedicine: { label: 'admin.doctors.badge.telemedicine', badge: 'badge-blue' },
};
const SECTION_TITLES: Record<(typeof ENTRY_SECTIONS)[number], AdminKey> = {
  experience: 'admin.doctors.detail.experience',
  education: 'admin.doctors.detail.education',
  awards: 'admin.doctors.detail.awards',
  publication: 'admin.doctors.detail.publication',
  memberships: 'admin.doctors.detail.memberships',
};

export function DoctorPreview({
  values,
  onClose,
  source,
  specialtyNames,
  avatarUrl,
  countryId: currentCountryId,
}: {
  values: DoctorFormInput | null;
  onClose: () => void;
  source: DoctorReadModel | null;
  specialtyNames: string[];
  avatarUrl: string | null;
  /** The market of a new doctor (the organization's, or the platform admin's). */
  countryId: number;
}) {
  const tr = useT();
  const { t, locale } = tr;
  const v = values;
  const availability = doctorAvailability({ status: DOCTOR_PREVIEW_STATUS, validOutpatient: source?.validOutpatient, validTelemedicine: source?.validTelemedicine });
  const services = v
    ? doctorServiceLines(
        locale,
        v.services.filter((s) => s.name.trim()).map((s, i) => ({ id: i, name: s.name, description: typeof s.description === 'string' ? s.description : null, price_type: s.price_type, price: Number(s.price) || 0, price_to: s.price_type === 'range' && s.price_to !== '' && s.price_to != null ? Number(s.price_to) : null })),
        { partnerGroup: source?.partnerGroup ?? false, priceOverride: false, currency: marketCurrency(source?.countryId ?? currentCountryId, locale) },
      )
    : [];
  const faqs = v ? profileFaqs(v.faqs) : [];
  return (
    <Dialog.Root open={!!v} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide doctor-preview">
          <Dialog.Title className="dialog-title">{t('admin.doctors.form.previewTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.doctors.form.previewNote')}</Dialog.Description>
          {v ? (
            <div className="preview-body">
              <article className="preview-card" aria-label={v.name || t('admin.doctors.form.name')}>
                {avatarUrl ? <img src={avatarUrl} alt="" width={72} height={72} className="avatar-preview" /> : <span className="avatar avatar-initials avatar-preview" aria-hidden="true">{v.name.slice(0, 1) || '?'}</span>}
                <div>
                  <h3 className="preview-name">{v.name || '—'}</h3>
                  {specialtyNames.length ? <p className="cell-caption">{specialtyNames.join(', ')}</p> : null}
                  {isProvideCare(v.provide_care) ? <p className="cell-caption">{t('admin.doctors.col.provideFor')}: {provideForText(tr, v.provide_care)}</p> : null}
                  <span className="badges">
                    {availability.tags.map((tag) => (
                      <span key={tag} className={`badge ${TAGS[tag].badge}`}>
                        {t(TAGS[tag].label)}
                      </span>
                    ))}
                  </span>
                </div>
              </article>
              {v.glance.trim() ? <p>{v.glance}</p> : null}
              {v.description.trim() && v.description.trim() !== v.glance.trim() ? (
                <>
                  <h3>{t('admin.doctors.detail.description')}</h3>
                  <p style={{ whiteSpace: 'pre-line' }}>{v.description}</p>
                </>
              ) : null}
              {v.expertise.length ? (
                <>
                  <h3>{t('admin.doctors.detail.expertise')}</h3>
                  <p>{v.expertise.map((e) => e.label).join(', ')}</p>
                </>
              ) : null}
              {v.languages.length ? (
                <>
                  <h3>{t('admin.doctors.detail.languages')}</h3>
                  <p>{v.languages.join(', ')}</p>
                </>
              ) : null}
              {ENTRY_SECTIONS.map((s) => (
                <ProfileEntryList key={s} title={t(SECTION_TITLES[s])} entries={profileEntries(v[s].map((e) => ({ content: e.content, year: e.year })))} />
              ))}
              {services.length ? (
                <>
                  <h3>{t('admin.doctors.detail.services')}</h3>
                  <ul>
                    {services.map((s) => (
                      <li key={s.id}>
                        {s.name}
                        {s.priceText ? ` — ${s.priceText}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <FaqList title={t('admin.doctors.detail.faqs')} faqs={faqs} />
            </div>
          ) : null}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-primary">
                {t('admin.common.close')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
