/** The service edit screen's two pages as tabs: its details (the form) and its availability (issue #37). */
import { NavLink } from 'react-router';
import { useT } from '../../../i18n';

export function serviceAvailabilityPath(serviceId: number): string {
  return `/admin/services/${serviceId}/availability`;
}

export function ServiceTabs({ serviceId }: { serviceId: number }) {
  const { t } = useT();
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab-active' : 'tab');
  return (
    <nav className="tabs" aria-label={t('admin.serviceAvailability.tabs')}>
      <NavLink to={`/admin/services/${serviceId}/edit`} className={cls} end>
        {t('admin.serviceAvailability.details')}
      </NavLink>
      <NavLink to={serviceAvailabilityPath(serviceId)} className={cls} end>
        {t('admin.serviceAvailability.title')}
      </NavLink>
    </nav>
  );
}
