/** Query keys of admin users (TanStack Query key factory, DESIGN §11). */
import type { AdminUserListQuery } from '../../../lib/admin-users';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: Partial<AdminUserListQuery>) => [...userKeys.lists(), filters] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};
