/** The admin doctor calls of SPEC §7: list, specialties filter, read model, form choices, create and update, update status, toggle telemedicine, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminDoctorListData, adminSpecialtiesData, doctorFormOptionsData, type AdminDoctorListQuery } from '../../../lib/admin-doctors';
import { doctorReadModel } from '../../../lib/admin-doctor-model';
import { call } from '../../api';
import { doctorKeys } from './keys';

export function useDoctorList(filters: AdminDoctorListQuery) {
  return useQuery({
    queryKey: doctorKeys.list(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/doctors', { query: { ...filters }, data: adminDoctorListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSpecialties(countryId: number | undefined) {
  return useQuery({
    queryKey: doctorKeys.specialties(countryId),
    queryFn: async ({ signal }) => (await call('/api/admin/specialties', { query: { countryId }, data: adminSpecialtiesData, signal })).data.specialties,
    staleTime: 10 * 60_000,
  });
}

export function useDoctor(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: doctorKeys.detail(id),
    queryFn: async ({ signal }) => (await call(`/api/admin/doctors/${id}`, { data: z.object({ doctor: doctorReadModel }), signal })).data.doctor,
    retry: false,
  });
}

/** Every doctor call reloads the lists and the doctor it changed. */
function useDoctorMutation<V, R extends { messages: string[] }>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: doctorKeys.all }) });
}

export const useDoctorStatus = () =>
  useDoctorMutation(({ id, status }: { id: number; status: 0 | 1 }) => call(`/api/admin/doctors/${id}/status`, { method: 'PUT', body: { status }, data: z.object({ id: z.number(), status: z.number() }) }));

export const useDoctorTelemedicine = () =>
  useDoctorMutation(({ id, status }: { id: number; status: 0 | 1 }) =>
    call('/api/admin/doctor-telemedicine', { query: { doctorId: id, status }, data: z.object({ id: z.number(), validTelemedicine: z.boolean() }) }),
  );

export const useDeleteDoctor = () => useDoctorMutation((id: number) => call(`/api/admin/doctors/${id}`, { method: 'DELETE', data: z.object({ id: z.number() }) }));

export function useDoctorFormOptions(countryId: number | undefined) {
  return useQuery({
    queryKey: doctorKeys.formOptions(countryId),
    queryFn: async ({ signal }) => (await call('/api/admin/doctor-form-options', { query: { countryId }, data: doctorFormOptionsData, signal })).data,
    staleTime: 10 * 60_000,
  });
}

/** Create (POST) or update (POST with _method=PUT, SPEC §7) from the multipart body `doctorFormPayload` builds. */
export const useSaveDoctor = (id: number | undefined) =>
  useDoctorMutation((fd: FormData) => {
    if (id != null) fd.set('_method', 'PUT');
    return call(id != null ? `/api/admin/doctors/${id}` : '/api/admin/doctors', { method: 'POST', body: fd, data: z.object({ doctor: doctorReadModel }) });
  });
