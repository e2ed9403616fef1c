/** The admin review calls (issue #39): list with summary, publish or hide, reply, the organization's hold of new reviews. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReviewListData, moderateReviewsData, replyData, reviewHoldData, type AdminReviewListQuery, type ModerateReviewsBody } from '../../../lib/admin-reviews';
import { call } from '../../api';
import { reviewKeys } from './keys';

export function useReviewList(filters: AdminReviewListQuery) {
  return useQuery({
    queryKey: reviewKeys.list(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/reviews', { query: { ...filters }, data: adminReviewListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Every change reloads the lists (tabs, counts and the summary move together). */
function useReviewMutation<V, R extends { messages: string[] }>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: reviewKeys.all }) });
}

export const useModerateReviews = () => useReviewMutation((body: ModerateReviewsBody) => call('/api/admin/reviews/moderation', { method: 'POST', body, data: moderateReviewsData }));

export const useReplyReview = () => useReviewMutation(({ id, body }: { id: number; body: string }) => call(`/api/admin/reviews/${id}/reply`, { method: 'PUT', body: { body }, data: replyData }));

export const useReviewHold = () =>
  useReviewMutation((v: { organizationId: number; holdNewReviews: boolean }) => call('/api/admin/reviews/hold', { method: 'PUT', body: v, data: reviewHoldData }));
