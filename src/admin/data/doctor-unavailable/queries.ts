/**
 * "Doctor unavailable" calls (functions/admin-doctor-unavailable.ts): the preview of a span and the one-step change.
 * The change reloads every appointments list and the doctor's availability (its day-off exceptions and slots).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unavailablePreviewData, unavailableResult, type UnavailableBody } from '../../../lib/doctor-unavailable';
import { call } from '../../api';
import { appointmentKeys } from '../appointments/keys';
import { availabilityKeys } from '../availability/keys';

export const doctorUnavailableKeys = {
  all: ['doctor-unavailable'] as const,
  preview: (doctorId: number, from: string, to: string) => [...doctorUnavailableKeys.all, 'preview', doctorId, from, to] as const,
};

export function useUnavailablePreview(doctorId: number, from: string, to: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: doctorUnavailableKeys.preview(doctorId, from, to),
    queryFn: async ({ signal }) => (await call(`/api/admin/doctors/${doctorId}/unavailable`, { query: { from, to }, data: unavailablePreviewData, signal })).data,
    retry: false,
    staleTime: 0,
  });
}

export function useMarkUnavailable(doctorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: UnavailableBody) => {
      const r = await call(`/api/admin/doctors/${doctorId}/unavailable`, { method: 'POST', body, data: unavailableResult });
      return { result: r.data, messages: r.messages };
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: appointmentKeys.all });
      void qc.invalidateQueries({ queryKey: doctorUnavailableKeys.all });
      void qc.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}
