/** The overview call: bookings and revenue per day of a range, scoped by the top bar. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminOverviewData, type AdminOverviewQuery } from '../../../lib/admin-overview';
import { call } from '../../api';
import { overviewKeys } from './keys';

export function useOverview(query: AdminOverviewQuery, enabled: boolean) {
  return useQuery({
    queryKey: overviewKeys.range(query),
    queryFn: async ({ signal }) => (await call('/api/admin/overview', { query: { ...query }, data: adminOverviewData, signal })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
