/**
 * The one route map of the admin (DESIGN §11). Lazy routes use the function form: a screen chunk that fails to
 * load then rejects the route's loading, and the route's ErrorBoundary shows the fallback (the object form left
 * the screen blank).
 * Every screen is a lazy route whose `handle` declares the roles
 * allowed (from src/lib/admin-routes.ts, which reads the sidebar table), its title key and whether the top bar's
 * hospital/branch scoping applies. The guard (shell/guard.tsx) and the menu read the same table.
 * Adding a screen: see src/admin/README.md.
 */
import { Navigate, type RouteObject } from 'react-router';
import { routeRoles, homePath } from '../lib/admin-routes';
import { useMe } from './data/me/queries';
import { Spinner } from './kit/Spinner';
import { Layout } from './shell/Layout';
import { NotFoundPage, RouteError } from './shell/pages';
import type { RouteHandle } from './shell/guard';

const screen = (path: string, h: Omit<RouteHandle, 'roles'> = {}) => ({ handle: { roles: routeRoles(path), ...h } satisfies RouteHandle, ErrorBoundary: RouteError });

/** Screens this app has; the sidebar lists a role's screens in SPEC order, /admin opens the first one built. */
const BUILT = ['/admin/users', '/admin/profile/view', '/admin/settings'];

/** /admin: the first screen of the role's menu that the app has. */
function Home() {
  const me = useMe();
  if (!me.data) return <Spinner />;
  return <Navigate to={homePath(me.data.role, BUILT)} replace />;
}

export const routes: RouteObject[] = [
  { path: '/admin/login', lazy: async () => ({ Component: (await import('./routes/login/LoginScreen')).default }) },
  {
    path: '/admin',
    Component: Layout,
    children: [
      { index: true, Component: Home },
      { path: 'doctors', ...screen('/admin/doctors', { title: 'admin.menu.doctors', scoped: true }), lazy: async () => ({ Component: (await import('./routes/doctors/doctor-list/DoctorListScreen')).default }) },
      { path: 'doctors/add', ...screen('/admin/doctors/add', { title: 'admin.doctors.form.titleAdd' }), lazy: async () => ({ Component: (await import('./routes/doctors/doctor-form/DoctorFormScreen')).default }) },
      { path: 'doctors/:doctorId/edit', ...screen('/admin/doctors/:doctorId/edit', { title: 'admin.doctors.form.titleEdit' }), lazy: async () => ({ Component: (await import('./routes/doctors/doctor-form/DoctorFormScreen')).default }) },
      { path: 'doctors/:doctorId', ...screen('/admin/doctors/:doctorId', { title: 'admin.doctors.detail.title' }), lazy: async () => ({ Component: (await import('./routes/doctors/doctor-detail/DoctorDetailScreen')).default }) },
      { path: 'users', ...screen('/admin/users', { title: 'admin.menu.users', scoped: true }), lazy: async () => ({ Component: (await import('./routes/users/user-list/UserListScreen')).default }) },
      { path: 'users/new-user', ...screen('/admin/users/new-user', { title: 'admin.users.newUser' }), lazy: async () => ({ Component: (await import('./routes/users/user-form/UserFormScreen')).default }) },
      { path: 'users/:userId', ...screen('/admin/users/:userId', { title: 'admin.users.editUser' }), lazy: async () => ({ Component: (await import('./routes/users/user-form/UserFormScreen')).default }) },
      { path: 'profile/view', ...screen('/admin/profile/view', { title: 'admin.doctors.form.titleProfile' }), lazy: async () => ({ Component: (await import('./routes/profile/ProfileScreen')).default }) },
      { path: 'settings', ...screen('/admin/settings', { title: 'admin.menu.settings' }), lazy: async () => ({ Component: (await import('./routes/settings/SettingsScreen')).default }) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
