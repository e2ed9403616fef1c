/** When the public site was last rebuilt and how many directory changes wait (GET /api/admin/site-build). */
import { useQuery } from '@tanstack/react-query';
import { siteBuildStatusSchema } from '../../../lib/site-rebuild';
import { call } from '../../api';
import { siteBuildKeys } from './keys';

/**
 * Refreshed every minute, the scheduler's own cadence; every 5 s while a local rebuild runs or changes wait for
 * one (issue 37: under `npm start` an edit is published within a minute or two).
 */
export function useSiteBuild() {
  return useQuery({
    queryKey: siteBuildKeys.all,
    queryFn: async ({ signal }) => (await call('/api/admin/site-build', { data: siteBuildStatusSchema, signal })).data,
    refetchInterval: (query) => {
      const d = query.state.data;
      if (d?.lastBuild?.status === 'building') return 5_000;
      return d && d.pendingChanges > 0 ? 10_000 : 60_000;
    },
  });
}
