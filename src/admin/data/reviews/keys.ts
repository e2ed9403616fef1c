/** Query keys of admin reviews (TanStack Query key factory, DESIGN §11). */
import type { AdminReviewListQuery } from '../../../lib/admin-reviews';

export const reviewKeys = {
  all: ['reviews'] as const,
  lists: () => [...reviewKeys.all, 'list'] as const,
  list: (filters: AdminReviewListQuery) => [...reviewKeys.lists(), filters] as const,
};
