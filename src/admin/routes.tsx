/**
 * The one route map of the admin (DESIGN §11). Lazy routes use the function form through lazyScreen.
 * Every screen is a lazy route whose `handle` declares the roles
 * allowed (from src/lib/admin-routes.ts, which reads the sidebar table), its title key and whether the top bar's
 * hospital/branch scoping applies. The guard (shell/guard.tsx) and the menu read the same table.
 * Adding a screen: see src/admin/README.md.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { routeRoles, homePath, builtPaths } from '../lib/admin-routes';
import { useMe } from './data/me/queries';
import { Spinner } from './kit/Spinner';
import { Layout } from './shell/Layout';
import { NotFoundPage, RouteError } from './shell/pages';
import type { RouteHandle } from './shell/guard';

/**
 * A screen's lazy module. A chunk that fails to load (a deploy replaced it, the network dropped) becomes a screen
 * that throws, so the route's ErrorBoundary shows the fallback and reports it as critical: a rejected lazy()
 * left the main area blank in the router version we use (e2e: 'a screen that fails shows the error fallback').
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}

const screen = (path: string, h: Omit<RouteHandle, 'roles'> = {}) => ({ handle: { roles: routeRoles(path), ...h } satisfies RouteHandle, ErrorBoundary: RouteError });

/**
 * Screens this app has, read from the route table below (a hand-kept list forgot the doctors screen, so branch
 * managers landed on Users though Doctors is first in their menu); /admin opens the first one of the role's menu.
 */
export const builtAdminPaths = () => builtPaths(routes.find((r) => r.path === '/admin')?.children ?? []);

const OverviewScreen = lazy(() => import('./routes/overview/OverviewScreen'));
const OVERVIEW_ROLES = routeRoles('/admin/');

/** /admin: the overview for the roles whose menu has it, else the first screen of the role's menu that the app has. */
function Home() {
  const me = useMe();
  if (!me.data) return <Spinner />;
  if (!OVERVIEW_ROLES.includes(me.data.role)) return <Navigate to={homePath(me.data.role, builtAdminPaths())} replace />;
  return (
    <Suspense fallback={<Spinner />}>
      <OverviewScreen />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  { path: '/admin/login', ErrorBoundary: RouteError, lazy: lazyScreen(() => import('./routes/login/LoginScreen')) },
  {
    path: '/admin',
    Component: Layout,
    children: [
      // No roles in the handle: Home itself sends the roles without an overview on (the guard would refuse them).
      { index: true, Component: Home, handle: { title: 'admin.menu.overview', scoped: true } satisfies RouteHandle, ErrorBoundary: RouteError },
      { path: 'doctors', ...screen('/admin/doctors', { title: 'admin.menu.doctors', scoped: true }), lazy: lazyScreen(() => import('./routes/doctors/doctor-list/DoctorListScreen')) },
      { path: 'doctors/add', ...screen('/admin/doctors/add', { title: 'admin.doctors.form.titleAdd' }), lazy: lazyScreen(() => import('./routes/doctors/doctor-form/DoctorFormScreen')) },
      { path: 'doctors/:doctorId/edit', ...screen('/admin/doctors/:doctorId/edit', { title: 'admin.doctors.form.titleEdit' }), lazy: lazyScreen(() => import('./routes/doctors/doctor-form/DoctorFormScreen')) },
      { path: 'doctors/:doctorId/availability', ...screen('/admin/doctors/:doctorId/availability', { title: 'admin.availability.title' }), lazy: lazyScreen(() => import('./routes/doctors/doctor-availability/DoctorAvailabilityScreen')) },
      { path: 'doctors/:doctorId', ...screen('/admin/doctors/:doctorId', { title: 'admin.doctors.detail.title' }), lazy: lazyScreen(() => import('./routes/doctors/doctor-detail/DoctorDetailScreen')) },
      { path: 'organization', ...screen('/admin/organization', { title: 'admin.menu.organization' }), lazy: lazyScreen(() => import('./routes/organizations/organization-list/OrganizationListScreen')) },
      { path: 'organization/:organizationId', ...screen('/admin/organization/:organizationId', { title: 'admin.menu.organization' }), lazy: lazyScreen(() => import('./routes/organizations/organization-page/OrganizationScreen')) },
      { path: 'vaccination', ...screen('/admin/vaccination', { title: 'admin.menu.vaccination', scoped: true }), lazy: lazyScreen(() => import('./routes/vaccinations/VaccinationScreen')) },
      { path: 'services', ...screen('/admin/services', { title: 'admin.menu.services', scoped: true }), lazy: lazyScreen(() => import('./routes/services/service-list/ServiceListScreen')) },
      { path: 'services/new-service', ...screen('/admin/services/new-service', { title: 'admin.services.form.titleAdd' }), lazy: lazyScreen(() => import('./routes/services/service-form/ServiceFormScreen')) },
      { path: 'services/:serviceId/edit', ...screen('/admin/services/:serviceId/edit', { title: 'admin.services.form.titleEdit' }), lazy: lazyScreen(() => import('./routes/services/service-form/ServiceFormScreen')) },
      { path: 'services/:serviceId/availability', ...screen('/admin/services/:serviceId/availability', { title: 'admin.serviceAvailability.title' }), lazy: lazyScreen(() => import('./routes/services/service-availability/ServiceAvailabilityScreen')) },
      { path: 'schedule', ...screen('/admin/schedule', { title: 'admin.menu.schedule' }), lazy: lazyScreen(() => import('./routes/schedule/ScheduleScreen')) },
      { path: 'users', ...screen('/admin/users', { title: 'admin.menu.users', scoped: true }), lazy: lazyScreen(() => import('./routes/users/user-list/UserListScreen')) },
      { path: 'users/new-user', ...screen('/admin/users/new-user', { title: 'admin.users.newUser' }), lazy: lazyScreen(() => import('./routes/users/user-form/UserFormScreen')) },
      { path: 'users/:userId', ...screen('/admin/users/:userId', { title: 'admin.users.editUser' }), lazy: lazyScreen(() => import('./routes/users/user-form/UserFormScreen')) },
      { path: 'profile/view', ...screen('/admin/profile/view', { title: 'admin.doctors.form.titleProfile' }), lazy: lazyScreen(() => import('./routes/profile/ProfileScreen')) },
      { path: 'settings', ...screen('/admin/settings', { title: 'admin.menu.settings' }), lazy: lazyScreen(() => import('./routes/settings/SettingsScreen')) },
      { path: 'reviews', ...screen('/admin/reviews', { title: 'admin.menu.reviews', scoped: true }), lazy: lazyScreen(() => import('./routes/reviews/ReviewListScreen')) },
      { path: 'campaign', ...screen('/admin/campaign', { title: 'admin.menu.campaign' }), lazy: lazyScreen(() => import('./routes/campaigns/CampaignListScreen')) },
      { path: 'campaign/new-campaign', ...screen('/admin/campaign/new-campaign', { title: 'admin.campaigns.new' }), lazy: lazyScreen(() => import('./routes/campaigns/CampaignFormScreen')) },
      { path: 'campaign/:campaignId', ...screen('/admin/campaign/:campaignId', { title: 'admin.campaigns.page' }), lazy: lazyScreen(() => import('./routes/campaigns/CampaignScreen')) },
      { path: 'campaign/:campaignId/edit', ...screen('/admin/campaign/:campaignId/edit', { title: 'admin.campaigns.edit' }), lazy: lazyScreen(() => import('./routes/campaigns/CampaignFormScreen')) },
      // Appointments and patients (issue 35): the appointments screen drives the top bar's 'Today' date picker.
      { path: 'appointments', ...screen('/admin/appointments', { title: 'admin.menu.appointments', scoped: true, datePicker: true }), lazy: lazyScreen(() => import('./routes/appointments/appointment-list/AppointmentListScreen')) },
      { path: 'patients', ...screen('/admin/patients', { title: 'admin.menu.patients', scoped: true }), lazy: lazyScreen(() => import('./routes/patients/patient-list/PatientListScreen')) },
      // issue 40: admin site content
      { path: 'data-history', ...screen('/admin/data-history', { title: 'admin.menu.data-history' }), lazy: lazyScreen(() => import('./routes/data-history/DataHistoryScreen')) },
      { path: 'website-nav', ...screen('/admin/website-nav', { title: 'admin.menu.website-nav' }), lazy: lazyScreen(() => import('./routes/website-nav/WebsiteNavScreen')) },
      { path: 'integrations', ...screen('/admin/integrations', { title: 'admin.menu.integrations', scoped: true }), lazy: lazyScreen(() => import('./routes/integrations/IntegrationsScreen')) },
      { path: 'homepage/:segment', ...screen('/admin/homepage/:segment', { title: 'admin.menu.homepage' }), lazy: lazyScreen(() => import('./routes/homepage/HomepageListScreen')) },
      { path: 'homepage/:segment/:item', ...screen('/admin/homepage/:segment/:item', { title: 'admin.menu.homepage' }), lazy: lazyScreen(() => import('./routes/homepage/HomepageBlockFormScreen')) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
