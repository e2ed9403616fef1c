/**
 * /admin/doctors/{doctorId} (SPEC §2, §3 doctor read model): the doctor's profile as staff manage it, with the
 * repeating sections shown only when they have entries (doctor-profile.ts rules), its services with their price
 * lines, status, slots and the link to the public page.
 */
import { withRouteId } from '../../../kit/RouteId';
import { Link, useParams } from 'react-router';
import { profileEntries, profileFaqs } from '../../../../lib/doctor-profile';
import { doctorRoutes } from '../../../../lib/admin-rules';
import { priceView } from '../../../../lib/prices';
import { dataHistoryHref } from '../../../../lib/data-history';
import { isPlatformAdmin } from '../../../../lib/roles';
import { marketCurrency } from '../../../../lib/admin-market';
import { useDoctor } from '../../../data/doctors/queries';
import { useMe } from '../../../data/me/queries';
import { useT, type AdminKey } from '../../../i18n';
import { Spinner } from '../../../kit/Spinner';
import { provideForText, publicDoctorHref } from '../doctor-list/columns';
import { FaqList, ProfileEntryList } from '../ProfileEntryList';
import { LoadFailure } from '../../../kit/LoadFailure';

const SECTIONS = [
  ['experience', 'admin.doctors.detail.experience'],
  ['education', 'admin.doctors.detail.education'],
  ['awards', 'admin.doctors.detail.awards'],
  ['publication', 'admin.doctors.detail.publication'],
  ['memberships', 'admin.doctors.detail.memberships'],
] as const satisfies readonly (readonly [string, AdminKey])[];

function DoctorDetailScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const id = Number(useParams().doctorId);
  const q = useDoctor(id);
  const me = useMe().data;
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return <LoadFailure error={q.error} />;
  const d = q.data;
  // The doctor's market currency, not the screen language's (issue #38 item 8).
  const currency = marketCurrency(d.countryId, locale);
  const faqs = profileFaqs(d.faqs);
  const item = (label: AdminKey, value: string | number | null | undefined) => (
    <div>
      <dt>{t(label)}</dt>
      <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="doctor-heading" className="screen doctor-detail">
      <p>
        <Link to="/admin/doctors">← {t('admin.doctors.detail.back')}</Link>
      </p>
      <div className="doctor-detail-head">
        {d.avatar ? <img src={d.avatar} alt="" width={80} height={80} /> : <span className="avatar avatar-initials" aria-hidden="true">{d.name.slice(0, 1)}</span>}
        <div>
          <h2 id="doctor-heading">{d.name}</h2>
          <span className="badges">
            <span className={`badge ${d.status === 1 ? 'badge-green' : 'badge-red'}`}>{t(d.status === 1 ? 'admin.doctors.detail.active' : 'admin.doctors.detail.inactive')}</span>
            {d.validOutpatient ? <span className="badge badge-green">{t('admin.doctors.badge.outpatient')}</span> : null}
            {d.validTelemedicine ? <span className="badge badge-blue">{t('admin.doctors.badge.telemedicine')}</span> : null}
          </span>
        </div>
        <Link className="btn" to={doctorRoutes(d.id).edit}>
          {t('admin.doctors.edit')}
        </Link>
        {/* SPEC §6: no Edit Schedule for the doctor role (which has no doctor screens; /admin/schedule is its read-only view). */}
        {me?.role !== 'doctor' ? (
          <Link className="btn" to={doctorRoutes(d.id).availability}>
            {t('admin.availability.editSchedule')}
          </Link>
        ) : null}
        <a className="btn" href={publicDoctorHref(locale, d.slug)} target="_blank" rel="noopener">
          {t('admin.doctors.viewPage')}
        </a>
        {/* issue 40: the record's data history, platform admins only (the only role that may read it). */}
        {me && isPlatformAdmin(me.role) ? (
          <Link className="btn" to={dataHistoryHref('doctors', d.id)}>
            {t('admin.history.viewHistory')}
          </Link>
        ) : null}
      </div>
      <div className="doctor-detail-section">
        <dl className="doctor-detail-grid">
          {item('admin.doctors.detail.hospital', d.hospital.name)}
          {item('admin.doctors.detail.branch', d.branch.name)}
          {item('admin.doctors.col.provideFor', provideForText(tr, d.provideCare))}
          {item('admin.doctors.detail.specialties', d.specialties.map((s) => s.name).join(', '))}
          {item('admin.doctors.detail.expertise', d.expertise.map((e) => e.name).join(', '))}
          {item('admin.doctors.detail.languages', d.languages.join(', '))}
          {item('admin.doctors.detail.email', d.email)}
          {item('admin.doctors.detail.phone', d.phone)}
          {item('admin.doctors.detail.slots', d.numberOfSlots)}
        </dl>
      </div>
      {d.glance || d.description ? (
        <div className="doctor-detail-section">
          {d.glance ? (
            <>
              <h3>{t('admin.doctors.detail.glance')}</h3>
              <p>{d.glance}</p>
            </>
          ) : null}
          {d.description ? (
            <>
              <h3>{t('admin.doctors.detail.description')}</h3>
              <p style={{ whiteSpace: 'pre-line' }}>{d.description}</p>
            </>
          ) : null}
        </div>
      ) : null}
      {d.services.length ? (
        <div className="doctor-detail-section">
          <h3>{t('admin.doctors.detail.services')}</h3>
          <ul>
            {d.services.map((s) => (
              <li key={s.id}>
                {s.name} — {priceView(locale, { price: s.price, priceTo: s.price_to, priceType: s.price_type, currency, showPriceOverride: true }).text}
                {s.description ? <div className="cell-caption">{s.description}</div> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {SECTIONS.map(([key, label]) => (
        <ProfileEntryList key={key} className="doctor-detail-section" title={t(label)} entries={profileEntries(d[key], key === 'experience' ? d.legacyExperiences : undefined)} />
      ))}
      <FaqList className="doctor-detail-section" title={t('admin.doctors.detail.faqs')} faqs={faqs} />
    </section>
  );
}

export default withRouteId('doctorId', DoctorDetailScreen);
