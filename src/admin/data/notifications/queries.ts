/** The bell's calls: the list (polled every 30 s while the tab is visible) and marking read. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { markReadSchema, notificationListSchema, NOTIFICATIONS_POLL_MS } from '../../../lib/admin-notifications';
import { call } from '../../api';
import { notificationKeys } from './keys';

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => (await call('/api/admin/notifications', { query: { page: pageParam }, data: notificationListSchema, signal })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground is false) and
    // refetches when it is shown again.
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: 1,
  });
}

function useMark(path: (id?: number) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => call(path(id), { method: 'POST', data: markReadSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () => useMark((id) => `/api/admin/notifications/${id}/read`);
export const useMarkAllRead = () => useMark(() => '/api/admin/notifications/read-all');
