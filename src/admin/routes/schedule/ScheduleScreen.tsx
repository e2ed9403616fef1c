/**
 * /admin/schedule (SPEC §2 doctor menu, §6): the doctor role's own schedule, read-only. Its hospital manages the
 * hours (SPEC §6: the doctor sees no Edit Schedule button); the doctor sees its weekly hours, exceptions, the
 * booked slots kept outside them and the generated days of the booking window, per kind.
 */
import { useState } from 'react';
import { useMySchedule } from '../../data/availability/queries';
import { useT } from '../../i18n';
import { Spinner } from '../../kit/Spinner';
import { KindTabs } from '../doctors/doctor-availability/DoctorAvailabilityScreen';
import { ConflictList, HoursSummary, UpcomingDays } from '../doctors/doctor-availability/ScheduleSummary';
import { AVAILABILITY_KINDS, type AvailabilityKind } from '../../../lib/doctor-availability';
import { LoadFailure } from '../../kit/LoadFailure';

export default function ScheduleScreen() {
  const { t } = useT();
  const q = useMySchedule();
  const [tab, setTab] = useState<AvailabilityKind>('outpatient');
  if (q.isPending) return <Spinner />;
  if (q.isError)
    return <LoadFailure error={q.error} />;
  const data = q.data;
  return (
    <section className="screen availability" aria-labelledby="schedule-heading">
      <header className="availability-head">
        <h2 id="schedule-heading">{t('admin.availability.scheduleTitle')}</h2>
        <p className="field-hint">
          {data.doctor.hospitalName} · {t('admin.availability.zoneNote', { zone: data.doctor.timeZone })}
        </p>
      </header>
      <p className="alert alert-info" role="note">
        {t('admin.availability.readOnly')}
      </p>
      <KindTabs active={tab} onChange={setTab} idPrefix="schedule" />
      {AVAILABILITY_KINDS.map((kind) => {
        const state = data[kind];
        return (
          <div key={kind} role="tabpanel" id={`schedule-panel-${kind}`} aria-labelledby={`schedule-tab-${kind}`} hidden={tab !== kind} className="availability-panel">
            {!state.enabled ? (
              <p className="alert alert-info" role="note">
                {t('admin.availability.telemedicineOff')}
              </p>
            ) : state.managed ? (
              <HoursSummary state={state} headingId={`schedule-${kind}-hours`} />
            ) : null}
            <ConflictList conflicts={state.conflicts} headingId={`schedule-${kind}-conflicts`} />
            <UpcomingDays days={state.days} headingId={`schedule-${kind}-days`} />
          </div>
        );
      })}
    </section>
  );
}
