/** Query keys of admin appointments and patients (TanStack Query key factory, DESIGN §11). */
import type { AppointmentListQuery, PatientListQuery } from '../../../lib/admin-appointments';

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (filters: Partial<AppointmentListQuery>) => [...appointmentKeys.all, 'list', filters] as const,
  detail: (id: number) => [...appointmentKeys.all, 'detail', id] as const,
  slots: (id: number, date: string) => [...appointmentKeys.all, 'slots', id, date] as const,
};

export const patientKeys = {
  all: ['patients'] as const,
  list: (filters: Partial<PatientListQuery>) => [...patientKeys.all, 'list', filters] as const,
  detail: (id: string) => [...patientKeys.all, 'detail', id] as const,
};
