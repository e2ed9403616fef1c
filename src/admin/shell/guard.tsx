/**
 * The route guard (SPEC §2, §6): reads the roles the matched route declares (`handle: { roles }`) and the
 * signed-in member; a spinner while user info loads or has no id, the screen for an allowed role, otherwise the
 * permission notice page. The server checks the same through the function's roles and row-level security.
 */
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import type { StaffRole } from '../../lib/admin-menu';
import { routeGuard } from '../../lib/admin-rules';
import { useMe } from '../data/me/queries';
import { Spinner } from '../kit/Spinner';
import { PermissionPage } from './pages';

export interface RouteHandle {
  roles?: readonly StaffRole[];
  /** Key of the screen's title (top bar and page title). */
  title?: string;
  /** The screen shows the top bar's 'Today' date picker. */
  datePicker?: boolean;
  /** The screen scopes its data by the top bar's hospital and branch. */
  scoped?: boolean;
}

/** The handle of the deepest matched route that declares one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle as RouteHandle | undefined;
    if (h && (h.roles || h.title)) return h;
  }
  return {};
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const me = useMe();
  const { roles } = useRouteHandle();
  if (!roles) return <>{children}</>;
  const decision = routeGuard({ loading: me.isPending, user: me.data ?? null, allowed: roles });
  if (decision === 'loading') return <Spinner />;
  if (decision === 'redirect') return <PermissionPage />;
  return <>{children}</>;
}
