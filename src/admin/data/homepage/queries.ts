/** The homepage calls (functions/admin-homepage.ts): blocks of a kind, one block, save, switch, order, pickers, keys. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminBlockSchema,
  articleSearchReady,
  articleSearchSchema,
  ARTICLE_SEARCH_PER_PAGE,
  blockListSchema,
  pickerAnswerSchema,
  popularKeyListSchema,
  popularKeySchema,
  type BlockInput,
  type OrderInput,
  type PickerKind,
} from '../../../lib/admin-homepage';
import type { HomepageBlockKind } from '../../../lib/homepage';
import { call } from '../../api';
import { homepageKeys } from './keys';

export function useBlocks(countryId: number, kind: HomepageBlockKind, enabled = true) {
  return useQuery({
    queryKey: homepageKeys.blocks(countryId, kind),
    queryFn: async ({ signal }) => (await call('/api/admin/homepage/blocks', { query: { countryId, kind }, data: blockListSchema, signal })).data.items,
    enabled,
  });
}

export function useBlock(id: number | undefined) {
  return useQuery({
    queryKey: homepageKeys.block(id ?? 0),
    queryFn: async ({ signal }) => (await call(`/api/admin/homepage/blocks/${id}`, { data: adminBlockSchema, signal })).data,
    enabled: !!id,
  });
}

export function useSaveBlock(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockInput) => call(id ? `/api/admin/homepage/blocks/${id}` : '/api/admin/homepage/blocks', { method: id ? 'PUT' : 'POST', body: input, data: adminBlockSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homepageKeys.all }),
  });
}

export function useBlockActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; isActive: boolean }) => call(`/api/admin/homepage/blocks/${v.id}/active`, { method: 'PUT', body: { isActive: v.isActive }, data: adminBlockSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homepageKeys.all }),
  });
}

export function useDeleteBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(`/api/admin/homepage/blocks/${id}`, { method: 'DELETE', data: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homepageKeys.all }),
  });
}

export function useSaveOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderInput) => call('/api/admin/homepage/order', { method: 'PUT', body: input, data: z.object({ ids: z.array(z.number()) }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homepageKeys.all }),
  });
}

export function usePicker(countryId: number, kind: PickerKind, keyword: string) {
  return useQuery({
    queryKey: homepageKeys.picker(countryId, kind, keyword),
    queryFn: async ({ signal }) => (await call('/api/admin/homepage/picker', { query: { countryId, kind, keyword }, data: pickerAnswerSchema, signal })).data.items,
    placeholderData: keepPreviousData,
  });
}

/** SPEC §7 article search: keyword, page, perPage 30; asked only once the keyword is long enough (SPEC §5). */
export function useArticleSearch(countryId: number, keyword: string, page: number) {
  return useQuery({
    queryKey: homepageKeys.articles(countryId, keyword, page),
    queryFn: async ({ signal }) => (await call('/api/admin/articles/search', { query: { countryId, keyword, page, perPage: ARTICLE_SEARCH_PER_PAGE }, data: articleSearchSchema, signal })).data,
    enabled: articleSearchReady(keyword),
    placeholderData: keepPreviousData,
  });
}

export function usePopularKeys(countryId: number, enabled = true) {
  return useQuery({
    queryKey: homepageKeys.keys(countryId),
    queryFn: async ({ signal }) => (await call('/api/admin/homepage/keys', { query: { countryId }, data: popularKeyListSchema, signal })).data.items,
    enabled,
  });
}

export function useSaveKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; countryId?: number; keyword?: string; url?: string | null; isActive?: boolean }) =>
      v.id
        ? call(`/api/admin/homepage/keys/${v.id}`, { method: 'PUT', body: { keyword: v.keyword, url: v.url, isActive: v.isActive }, data: popularKeySchema })
        : call('/api/admin/homepage/keys', { method: 'POST', body: { countryId: v.countryId, keyword: v.keyword, url: v.url }, data: popularKeySchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homepageKeys.all }),
  });
}

export function useDeleteKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(`/api/admin/homepage/keys/${id}`, { method: 'DELETE', data: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homepageKeys.all }),
  });
}

const uploadSchema = z.object({ url: z.string(), path: z.string() });
/** A banner image through POST /api/admin/uploads (kind banner: under 200 KB, checked server-side). */
export function useUploadBanner() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('kind', 'banner');
      form.append('file', file);
      return (await call('/api/admin/uploads', { method: 'POST', body: form, data: uploadSchema })).data;
    },
  });
}
