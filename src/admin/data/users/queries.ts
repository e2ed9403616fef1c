/** The users calls of SPEC §7 (list with accept version 2.0.0, delete, reset password) and the user form's calls. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserDetailSchema, adminUserListSchema, type AdminUserInput, type AdminUserListQuery } from '../../../lib/admin-users';
import { call } from '../../api';
import { userKeys } from './keys';

export function useUserList(filters: AdminUserListQuery) {
  return useQuery({
    queryKey: userKeys.list(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/users', { query: { ...filters }, version: '2.0.0', data: adminUserListSchema, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => (await call(`/api/admin/users/${encodeURIComponent(id!)}`, { data: adminUserDetailSchema, signal })).data,
    enabled: !!id,
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE', data: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (id: string) => call(`/api/admin/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST', data: z.null() }) });
}

export function useSaveUser(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserInput) =>
      call(id ? `/api/admin/users/${encodeURIComponent(id)}` : '/api/admin/users', { method: id ? 'PUT' : 'POST', body: input, data: adminUserDetailSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
