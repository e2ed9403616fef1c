/**
 * /admin/services/{serviceId}/availability (issue #37 item 2), for managers in scope: a service's weekly hours,
 * patients per slot, slot length, buffer time and date exceptions, with the doctors' availability form and
 * summaries (one implementation: the same rules, the same generation, owner kind 'service'). Days the branch is
 * closed get no slot (the Closures tab of the organization page).
 */
import { withRouteId } from '../../../kit/RouteId';
import { Link, useParams } from 'react-router';
import { organizationPagePath } from '../../../../lib/admin-organizations';
import { useServiceAvailability } from '../../../data/availability/queries';
import { useT } from '../../../i18n';
import { Spinner } from '../../../kit/Spinner';
import { LoadFailure } from '../../../kit/LoadFailure';
import { AvailabilityForm } from '../../doctors/doctor-availability/AvailabilityForm';
import { ConflictList, UpcomingDays } from '../../doctors/doctor-availability/ScheduleSummary';
import { SERVICE_LIST_PATH } from '../../../../lib/admin-services';
import { ServiceTabs } from './ServiceTabs';

function ServiceAvailabilityScreen() {
  const { t } = useT();
  const serviceId = Number(useParams().serviceId);
  const q = useServiceAvailability(serviceId);
  if (q.isPending) return <Spinner />;
  if (q.isError) return <LoadFailure error={q.error} />;
  const data = q.data;
  return (
    <section className="screen availability" aria-labelledby="service-availability-heading">
      <header className="availability-head">
        <h2 id="service-availability-heading">{t('admin.serviceAvailability.heading', { name: data.service.name })}</h2>
        <p className="field-hint">
          {data.service.hospitalName} · {t('admin.availability.zoneNote', { zone: data.service.timeZone })}
        </p>
        <p>
          <Link to={organizationPagePath(data.service.organizationId, data.service.hospitalId)}>{t('admin.serviceAvailability.closuresLink')}</Link>
        </p>
      </header>
      <ServiceTabs serviceId={serviceId} />
      {data.service.status !== 1 ? (
        <p className="alert alert-info" role="note">
          {t('admin.serviceAvailability.inactive')}
        </p>
      ) : null}
      <div className="availability-panel">
        <AvailabilityForm
          kind="service"
          label={t('admin.serviceAvailability.title')}
          state={data.availability}
          today={data.today}
          windowDays={data.windowDays}
          owner={{ type: 'service', id: serviceId }}
          cancelTo={SERVICE_LIST_PATH}
        />
        <ConflictList conflicts={data.availability.conflicts} headingId="service-conflicts-heading" />
        <UpcomingDays days={data.availability.days} headingId="service-days-heading" />
      </div>
    </section>
  );
}

export default withRouteId('serviceId', ServiceAvailabilityScreen);
