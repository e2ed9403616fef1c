/** Doctor availability calls (issue #29 item 4): a doctor's hours and generated days, the save, the doctor's own schedule. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityData, type AvailabilityKind, type KindAvailability } from '../../../lib/doctor-availability';
import { call } from '../../api';
import { doctorKeys } from '../doctors/keys';
import { availabilityKeys } from './keys';

export function useAvailability(doctorId: number) {
  return useQuery({
    queryKey: availabilityKeys.doctor(doctorId),
    queryFn: async ({ signal }) => (await call(`/api/admin/doctors/${doctorId}/availability`, { data: availabilityData, signal })).data,
    retry: false,
  });
}

/** The doctor role's own schedule (/admin/schedule), read-only. */
export function useMySchedule() {
  return useQuery({
    queryKey: availabilityKeys.mine(),
    queryFn: async ({ signal }) => (await call('/api/admin/schedule', { data: availabilityData, signal })).data,
    retry: false,
  });
}

/** Saves one kind and regenerates its slots; the answer is the new availability (cached as is), the doctor lists reload (slot counts). */
export function useSaveAvailability(doctorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, values }: { kind: AvailabilityKind; values: KindAvailability }) =>
      call(`/api/admin/doctors/${doctorId}/availability`, { method: 'PUT', body: { [kind]: values }, data: availabilityData }),
    onSuccess: ({ data }) => {
      qc.setQueryData(availabilityKeys.doctor(doctorId), data);
      void qc.invalidateQueries({ queryKey: doctorKeys.all });
    },
  });
}
