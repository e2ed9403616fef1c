/** The admin organization calls (functions/admin-organizations.ts): list, create, organization, branches, branch save. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminBranchDetail, adminOrganizationDetail, adminOrganizationListData, adminVaccinesData, type AdminOrganizationListQuery, type VaccinePriceItem, type BranchBody, type NewOrganizationBody, type OrganizationBody } from '../../../lib/admin-organizations';
import { call } from '../../api';
import { scopeKeys } from '../scope/keys';
import { meKeys } from '../me/keys';
import { organizationKeys } from './keys';

export function useOrganizationList(filters: AdminOrganizationListQuery) {
  return useQuery({
    queryKey: organizationKeys.list(filters),
    queryFn: async ({ signal }) => (await call('/api/admin/directory/organizations', { query: { ...filters }, data: adminOrganizationListData, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: number) {
  return useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: async ({ signal }) => (await call(`/api/admin/directory/organizations/${id}`, { data: z.object({ organization: adminOrganizationDetail }), signal })).data.organization,
    retry: false,
  });
}

export function useBranch(id: number | null) {
  return useQuery({
    enabled: id != null,
    queryKey: organizationKeys.branch(id ?? 0),
    queryFn: async ({ signal }) => (await call(`/api/admin/directory/branches/${id}`, { data: z.object({ branch: adminBranchDetail }), signal })).data.branch,
    retry: false,
  });
}

/** Every write reloads the organizations and the top bar's choices (a new organization or branch appears there). */
function useOrganizationMutation<V, R extends { messages: string[] }>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: organizationKeys.all });
      await qc.invalidateQueries({ queryKey: scopeKeys.all });
      await qc.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useCreateOrganization = () =>
  useOrganizationMutation((body: NewOrganizationBody) => call('/api/admin/directory/organizations', { method: 'POST', body, data: z.object({ organization: adminOrganizationDetail }) }));

export const useUpdateOrganization = (id: number) =>
  useOrganizationMutation((body: OrganizationBody) => call(`/api/admin/directory/organizations/${id}`, { method: 'PUT', body, data: z.object({ organization: adminOrganizationDetail }) }));

export const useCreateBranch = (organizationId: number) =>
  useOrganizationMutation((body: { name: string; address: string }) =>
    call(`/api/admin/directory/organizations/${organizationId}/branches`, { method: 'POST', body, data: z.object({ branch: adminBranchDetail }) }),
  );

export const useSaveBranch = (id: number) =>
  useOrganizationMutation((body: BranchBody) => call(`/api/admin/directory/branches/${id}`, { method: 'PUT', body, data: z.object({ branch: adminBranchDetail }) }));

/** The vaccine × branch grid of an organization (/admin/vaccination). */
export function useVaccineGrid(hospitalId: number | null) {
  return useQuery({
    enabled: hospitalId != null,
    queryKey: [...organizationKeys.all, 'vaccines', hospitalId] as const,
    queryFn: async ({ signal }) => (await call('/api/admin/directory/vaccines', { query: { hospitalId: hospitalId! }, data: adminVaccinesData, signal })).data,
  });
}

export const useSaveVaccinePrices = () =>
  useOrganizationMutation((items: VaccinePriceItem[]) => call('/api/admin/directory/vaccine-details', { method: 'PUT', body: { items }, data: z.object({ saved: z.number() }) }));
