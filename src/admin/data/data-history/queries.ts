/** The data history call (GET /api/admin/data-history): one keyset page of entries for the filters. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { historyPageSchema, type HistoryQuery } from '../../../lib/data-history';
import { call } from '../../api';
import { dataHistoryKeys } from './keys';

export function useDataHistory(filters: HistoryQuery) {
  return useQuery({
    queryKey: dataHistoryKeys.page(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/data-history', { query: { ...filters }, data: historyPageSchema, signal })).data,
    placeholderData: keepPreviousData,
  });
}
