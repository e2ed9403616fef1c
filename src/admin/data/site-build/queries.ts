/** When the public site was last rebuilt and how many directory changes wait (GET /api/admin/site-build). */
import { useQuery } from '@tanstack/react-query';
import { siteBuildStatusSchema } from '../../../lib/site-rebuild';
import { call } from '../../api';
import { siteBuildKeys } from './keys';

/** Refreshed every minute, the scheduler's own cadence. */
export function useSiteBuild() {
  return useQuery({
    queryKey: siteBuildKeys.all,
    queryFn: async ({ signal }) => (await call('/api/admin/site-build', { data: siteBuildStatusSchema, signal })).data,
    refetchInterval: 60_000,
  });
}
