/** The admin service calls (functions/admin-services.ts): list, read model, a branch's categories, save, status, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminServiceListData, adminServiceReadModel, serviceCategoriesData, type AdminServiceListQuery } from '../../../lib/admin-services';
import { call } from '../../api';
import { serviceKeys } from './keys';

export function useServiceList(filters: AdminServiceListQuery) {
  return useQuery({
    queryKey: serviceKeys.list(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/services', { query: { ...filters }, data: adminServiceListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useService(id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: serviceKeys.detail(id),
    queryFn: async ({ signal }) => (await call(`/api/admin/services/${id}`, { data: z.object({ service: adminServiceReadModel }), signal })).data.service,
    retry: false,
  });
}

export function useServiceCategories(branchId: number | null) {
  return useQuery({
    enabled: branchId != null,
    queryKey: serviceKeys.categories(branchId),
    queryFn: async ({ signal }) => (await call('/api/admin/service-categories', { query: { branchId: branchId! }, data: serviceCategoriesData, signal })).data.categories,
    staleTime: 10 * 60_000,
  });
}

/** Every service call reloads the lists and the service it changed. */
function useServiceMutation<V, R extends { messages: string[] }>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: serviceKeys.all }) });
}

export const useServiceStatus = () =>
  useServiceMutation(({ id, status }: { id: number; status: 0 | 1 }) => call(`/api/admin/services/${id}/status`, { method: 'PUT', body: { status }, data: z.object({ id: z.number(), status: z.number() }) }));

export const useDeleteService = () => useServiceMutation((id: number) => call(`/api/admin/services/${id}`, { method: 'DELETE', data: z.object({ id: z.number() }) }));

/** Create (POST) or update (POST with _method=PUT) from the multipart body `serviceFormPayload` builds. */
export const useSaveService = (id: number | undefined) =>
  useServiceMutation((fd: FormData) => {
    if (id != null) fd.set('_method', 'PUT');
    return call(id != null ? `/api/admin/services/${id}` : '/api/admin/services', { method: 'POST', body: fd, data: z.object({ service: adminServiceReadModel }) });
  });
