/** The admin campaign calls (issue #39): list, read, create and edit, numbers and their import, doctors, the check tool. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  campaignDoctorsData,
  campaignListData,
  campaignPhonesData,
  campaignView,
  phoneCheckData,
  phoneImportData,
  type CampaignForm,
} from '../../../lib/admin-campaigns';
import { call } from '../../api';
import { campaignKeys } from './keys';

export function useCampaignList(filters: { page: number; countryId?: number; keyword?: string }) {
  return useQuery({
    queryKey: campaignKeys.list(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/campaigns', { query: { ...filters }, data: campaignListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: number | undefined) {
  return useQuery({
    enabled: id != null,
    queryKey: campaignKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await call(`/api/admin/campaigns/${id}`, { data: z.object({ campaign: campaignView }), signal })).data.campaign,
    retry: false,
  });
}

export function useCampaignPhones(id: number, page: number) {
  return useQuery({
    queryKey: campaignKeys.phones(id, page),
    queryFn: async ({ signal }) => (await call(`/api/admin/campaigns/${id}/phones`, { query: { page }, data: campaignPhonesData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCampaignDoctors(id: number, keyword: string) {
  return useQuery({
    queryKey: campaignKeys.doctors(id, keyword),
    queryFn: async ({ signal }) => (await call(`/api/admin/campaigns/${id}/doctors`, { query: { keyword: keyword || undefined }, data: campaignDoctorsData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Every change reloads the campaign's lists and counts. */
function useCampaignMutation<V, R extends { messages: string[] }>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.all }) });
}

export const useSaveCampaign = (id: number | undefined) =>
  useCampaignMutation((body: CampaignForm) => call(id != null ? `/api/admin/campaigns/${id}` : '/api/admin/campaigns', { method: id != null ? 'PUT' : 'POST', body, data: z.object({ campaign: campaignView }) }));

export const useImportPhones = (id: number) =>
  useCampaignMutation((body: { file_name: string; records: { line: number; data: { phone: string; expired_date: string } }[] }) =>
    call(`/api/admin/campaigns/${id}/phones/import`, { method: 'POST', body, data: phoneImportData }),
  );

export const usePhoneExpiry = (id: number) =>
  useCampaignMutation((v: { phoneId: number; expiredDate: string }) =>
    call(`/api/admin/campaigns/${id}/phones/${v.phoneId}`, { method: 'PUT', body: { expiredDate: v.expiredDate }, data: z.object({ id: z.number(), expiredDate: z.string() }) }),
  );

export const useCampaignDoctor = (id: number) =>
  useCampaignMutation((v: { doctorId: number; inCampaign: boolean }) =>
    call(`/api/admin/campaigns/${id}/doctors/${v.doctorId}`, { method: 'PUT', body: { inCampaign: v.inCampaign }, data: z.object({ id: z.number(), inCampaign: z.boolean() }) }),
  );

/** A check changes nothing: a mutation only because the number travels in the body. */
export const useCheckPhone = (id: number) => useMutation({ mutationFn: (phone: string) => call(`/api/admin/campaigns/${id}/check`, { method: 'POST', body: { phone }, data: phoneCheckData }) });
