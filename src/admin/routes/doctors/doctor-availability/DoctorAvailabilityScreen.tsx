/**
 * /admin/doctors/{doctorId}/availability (SPEC §2; issue #29 item 4), for managers: a tab per kind (outpatient,
 * telemedicine) with its weekly hours, slot length, patients per slot, buffer time and date exceptions; a save
 * regenerates the slots of the booking window and lists the booked slots it kept outside the hours; below, the
 * generated days as patients see them. The doctor list's Active switch sends an inactive doctor without slots here.
 */
import { withRouteId } from '../../../kit/RouteId';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { AVAILABILITY_KINDS, type AvailabilityKind } from '../../../../lib/doctor-availability';
import { doctorRoutes } from '../../../../lib/admin-rules';
import { useAvailability } from '../../../data/availability/queries';
import { useT, type AdminKey } from '../../../i18n';
import { Spinner } from '../../../kit/Spinner';
import { AvailabilityForm } from './AvailabilityForm';
import { ConflictList, UpcomingDays } from './ScheduleSummary';
import { LoadFailure } from '../../../kit/LoadFailure';
import { DoctorUnavailableButton } from '../../appointments/doctor-unavailable/DoctorUnavailableButton';

export const KIND_LABELS: Record<AvailabilityKind, AdminKey> = {
  outpatient: 'admin.availability.tab.outpatient',
  telemedicine: 'admin.availability.tab.telemedicine',
};

/** Tabs of the two kinds (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function KindTabs({ active, onChange, idPrefix }: { active: AvailabilityKind; onChange: (k: AvailabilityKind) => void; idPrefix: string }) {
  const { t } = useT();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    const i = AVAILABILITY_KINDS.indexOf(active);
    const next = e.key === 'ArrowRight' ? (i + 1) % 2 : e.key === 'ArrowLeft' ? (i + 1) % 2 : e.key === 'Home' ? 0 : e.key === 'End' ? 1 : null;
    if (next === null) return;
    e.preventDefault();
    onChange(AVAILABILITY_KINDS[next]);
    refs.current[AVAILABILITY_KINDS[next]]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={t('admin.availability.tabs')} onKeyDown={onKeyDown}>
      {AVAILABILITY_KINDS.map((k) => (
        <button
          key={k}
          ref={(el) => {
            refs.current[k] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${k}`}
          aria-selected={active === k}
          aria-controls={`${idPrefix}-panel-${k}`}
          tabIndex={active === k ? 0 : -1}
          className={active === k ? 'tab tab-active' : 'tab'}
          onClick={() => onChange(k)}
        >
          {t(KIND_LABELS[k])}
        </button>
      ))}
    </div>
  );
}

function DoctorAvailabilityScreen() {
  const { t } = useT();
  const doctorId = Number(useParams().doctorId);
  const q = useAvailability(doctorId);
  const [tab, setTab] = useState<AvailabilityKind>('outpatient');
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return <LoadFailure error={q.error} />;
  const data = q.data;
  const back = doctorRoutes(doctorId).detail;
  return (
    <section className="screen availability" aria-labelledby="availability-heading">
      <p>
        <Link to={back}>← {t('admin.availability.back')}</Link>
      </p>
      <header className="availability-head">
        <h2 id="availability-heading">{t('admin.availability.heading', { name: data.doctor.name })}</h2>
        <p className="field-hint">
          {data.doctor.hospitalName} · {t('admin.availability.zoneNote', { zone: data.doctor.timeZone })}
        </p>
        <DoctorUnavailableButton doctorId={doctorId} doctorName={data.doctor.name} />
      </header>
      {data.doctor.status !== 1 ? (
        <p className="alert alert-info" role="note">
          {t('admin.availability.inactive')}
        </p>
      ) : null}
      <KindTabs active={tab} onChange={setTab} idPrefix="availability" />
      {AVAILABILITY_KINDS.map((kind) => {
        const state = data[kind];
        return (
          // Both panels stay mounted: switching tabs keeps what was typed in the other.
          <div key={kind} role="tabpanel" id={`availability-panel-${kind}`} aria-labelledby={`availability-tab-${kind}`} hidden={tab !== kind} className="availability-panel">
            {state.enabled ? (
              <AvailabilityForm kind={kind} label={t(KIND_LABELS[kind])} state={state} today={data.today} windowDays={data.windowDays} owner={{ type: 'doctor', id: doctorId }} cancelTo={back} />
            ) : (
              <p className="alert alert-info" role="note">
                {t('admin.availability.telemedicineOff')}
              </p>
            )}
            <ConflictList conflicts={state.conflicts} headingId={`${kind}-conflicts-heading`} />
            <UpcomingDays days={state.days} headingId={`${kind}-days-heading`} />
          </div>
        );
      })}
    </section>
  );
}

export default withRouteId('doctorId', DoctorAvailabilityScreen);
