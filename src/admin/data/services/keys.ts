/** Query keys of admin services (TanStack Query key factory, DESIGN §11). */
import type { AdminServiceListQuery } from '../../../lib/admin-services';

export const serviceKeys = {
  all: ['services'] as const,
  lists: () => [...serviceKeys.all, 'list'] as const,
  list: (filters: Partial<AdminServiceListQuery>) => [...serviceKeys.lists(), filters] as const,
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
  categories: (branchId: number | null) => [...serviceKeys.all, 'categories', branchId] as const,
};
