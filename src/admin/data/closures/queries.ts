/** Branch closure calls (issue #37): the list, add, remove, apply a year's public holidays. Each answer is the new list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { closuresData } from '../../../lib/hospital-closures';
import { call } from '../../api';
import { availabilityKeys } from '../availability/keys';
import { closureKeys } from './keys';

export function useClosures(branchId: number) {
  return useQuery({
    queryKey: closureKeys.branch(branchId),
    queryFn: async ({ signal }) => (await call(`/api/admin/directory/branches/${branchId}/closures`, { data: closuresData, signal })).data,
    retry: false,
  });
}

type Change = { type: 'add'; starts: string; ends: string; reason: string } | { type: 'remove'; id: number } | { type: 'holidays'; year: number };

/** One change; the slots of doctors and services change with it, so their availability reloads. */
export function useChangeClosures(branchId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: Change) =>
      c.type === 'add'
        ? call(`/api/admin/directory/branches/${branchId}/closures`, { method: 'POST', body: { starts: c.starts, ends: c.ends, reason: c.reason }, data: closuresData })
        : c.type === 'remove'
          ? call(`/api/admin/directory/closures/${c.id}`, { method: 'DELETE', data: closuresData })
          : call(`/api/admin/directory/branches/${branchId}/closures/holidays`, { method: 'POST', body: { year: c.year }, data: closuresData }),
    onSuccess: ({ data }) => {
      qc.setQueryData(closureKeys.branch(branchId), data);
      void qc.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}
