/** Query keys of admin organizations and branches (TanStack Query key factory, DESIGN §11). */
import type { AdminOrganizationListQuery } from '../../../lib/admin-organizations';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: (filters: Partial<AdminOrganizationListQuery>) => [...organizationKeys.all, 'list', filters] as const,
  detail: (id: number) => [...organizationKeys.all, 'detail', id] as const,
  branch: (id: number) => [...organizationKeys.all, 'branch', id] as const,
};
