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
      { path: 'schedule', ...screen('/admin/schedule', { title: 'admin.menu.schedule' }), lazy: lazyScreen(() => import('./routes/schedule/ScheduleScreen')) },
      { path: 'users', ...screen('/admin/users', { title: 'admin.menu.users', scoped: true }), lazy: lazyScreen(() => import('./routes/users/user-list/UserListScreen')) },
      { path: 'users/new-user', ...screen('/admin/users/new-user', { title: 'admin.users.newUser' }), lazy: lazyScreen(() => import('./routes/users/user-form/UserFormScreen')) },
      { path: 'users/:userId', ...screen('/admin/users/:userId', { title: 'admin.users.editUser' }), lazy: lazyScreen(() => import('./routes/users/user-form/UserFormScreen')) },
      { path: 'profile/view', ...screen('/admin/profile/view', { title: 'admin.doctors.form.titleProfile' }), lazy: lazyScreen(() => import('./routes/profile/ProfileScreen')) },
      { path: 'settings', ...screen('/admin/settings', { title: 'admin.menu.settings' }), lazy: lazyScreen(() => import('./routes/settings/SettingsScreen')) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
