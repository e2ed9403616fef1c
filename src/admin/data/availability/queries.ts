/** Doctor availability calls (issue #29 item 4): a doctor's hours and generated days, the save, the doctor's own schedule. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityData, serviceAvailabilityData, type AvailabilityKind, type KindAvailability } from '../../../lib/doctor-availability';
import { call } from '../../api';
import { doctorKeys } from '../doctors/keys';
import { serviceKeys } from '../services/keys';
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

/** A service's hours and generated days (the doctors' availability, owner kind 'service'). */
export function useServiceAvailability(serviceId: number) {
  return useQuery({
    queryKey: availabilityKeys.service(serviceId),
    queryFn: async ({ signal }) => (await call(`/api/admin/services/${serviceId}/availability`, { data: serviceAvailabilityData, signal })).data,
    retry: false,
  });
}

/** Whose availability a form saves: a doctor (per kind) or a service. */
export type AvailabilityOwner = { type: 'doctor'; id: number } | { type: 'service'; id: number };
export type OwnerKind = AvailabilityKind | 'service';

/**
 * Saves one kind and regenerates its slots; the answer is the new availability (cached as is) with the slots
 * added and removed; the owner's lists reload (slot counts).
 */
export function useSaveAvailability(owner: AvailabilityOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, values }: { kind: OwnerKind; values: KindAvailability }) => {
      if (owner.type === 'service') {
        const r = await call(`/api/admin/services/${owner.id}/availability`, { method: 'PUT', body: values, data: serviceAvailabilityData });
        qc.setQueryData(availabilityKeys.service(owner.id), r.data);
        return { changes: r.data.changes, messages: r.messages };
      }
      const r = await call(`/api/admin/doctors/${owner.id}/availability`, { method: 'PUT', body: { [kind]: values }, data: availabilityData });
      qc.setQueryData(availabilityKeys.doctor(owner.id), r.data);
      return { changes: kind === 'service' ? undefined : r.data.changes?.[kind], messages: r.messages };
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: owner.type === 'service' ? serviceKeys.all : doctorKeys.all }),
  });
}
