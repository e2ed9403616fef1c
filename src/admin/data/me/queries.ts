import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminMeSchema } from '../../../lib/admin-me';
import type { AdminProfileInput } from '../../../lib/admin-profile-input';
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

// zod/mini: this module is on the shell's first load (useMe).
const uploadSchema = z.object({ url: z.string(), path: z.string() });

/** An avatar image through POST /api/admin/uploads (checked and stored server-side); answers its path and URL. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('kind', 'avatar');
      form.append('file', file);
      return (await call('/api/admin/uploads', { method: 'POST', body: form, data: uploadSchema })).data;
    },
  });
}

/** The member's own name and avatar (PUT /api/admin/me); the shell shows the answer at once. */
export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminProfileInput) => (await call('/api/admin/me', { method: 'PUT', body: input, data: adminMeSchema })).data,
    onSuccess: (me) => qc.setQueryData(meKeys.profile(), me),
  });
}
