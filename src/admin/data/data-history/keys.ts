/** Query keys of the data history (TanStack Query key factory, DESIGN §11). */
import type { HistoryQuery } from '../../../lib/data-history';

export const dataHistoryKeys = {
  all: ['data-history'] as const,
  page: (filters: HistoryQuery) => [...dataHistoryKeys.all, 'page', filters] as const,
};
