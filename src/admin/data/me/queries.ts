import { useQuery } from '@tanstack/react-query';
import { adminMeSchema } from '../../../lib/admin-me';
import { call } from '../../api';
import { meKeys } from './keys';

/** The signed-in staff member (role, hospital, branches); every guard and the shell read it. */
export function useMe() {
  return useQuery({
    queryKey: meKeys.profile(),
    queryFn: async ({ signal }) => (await call('/api/admin/me', { data: adminMeSchema, signal })).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
