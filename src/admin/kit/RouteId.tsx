/**
 * A screen whose address names a record by id (/admin/doctors/:doctorId…): an id that is not a positive whole
 * number is the not-found page, before any call ('/admin/doctors/abc' showed "id: must be a number", and
 * '/admin/doctors/0/edit' an empty new-doctor form under "Edit doctor"; issue #38 item 11). A route without the
 * parameter (the add form) renders the screen.
 */
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { routeId } from '../../lib/admin-routes';
import { NotFoundPage } from '../shell/pages';

export function withRouteId(param: string, Screen: ComponentType): ComponentType {
  function RouteIdGuard() {
    const value = useParams()[param];
    return value !== undefined && routeId(value) == null ? <NotFoundPage /> : <Screen />;
  }
  RouteIdGuard.displayName = `WithRouteId(${Screen.displayName ?? Screen.name})`;
  return RouteIdGuard;
}
