/** Query keys of admin doctors (TanStack Query key factory, DESIGN §11). */
import type { AdminDoctorListQuery } from '../../../lib/admin-doctors';

export const doctorKeys = {
  all: ['doctors'] as const,
  lists: () => [...doctorKeys.all, 'list'] as const,
  list: (filters: Partial<AdminDoctorListQuery>) => [...doctorKeys.lists(), filters] as const,
  details: () => [...doctorKeys.all, 'detail'] as const,
  detail: (id: number) => [...doctorKeys.details(), id] as const,
  specialties: (countryId: number | undefined) => [...doctorKeys.all, 'specialties', countryId ?? null] as const,
  formOptions: (countryId: number | undefined) => [...doctorKeys.all, 'form-options', countryId ?? null] as const,
};
