/** Query keys of the admin overview (TanStack Query key factory, DESIGN §11). */
import type { AdminOverviewQuery } from '../../../lib/admin-overview';

export const overviewKeys = {
  all: ['overview'] as const,
  range: (query: AdminOverviewQuery) => [...overviewKeys.all, query] as const,
};
