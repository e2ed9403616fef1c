/**
 * Calls of the directory's set-up screens (issue 37): the go-live checklist of an organization, the market
 * catalogues of a branch's lists, and the vaccine details. Keys live under organizationKeys.all, so every
 * organization, branch or vaccine save reloads them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { GO_LIVE_STEPS, goLiveFacts } from '../../../lib/admin-go-live';
import { branchCatalogOptions } from '../../../lib/admin-branch-catalogs';
import { adminVaccineCatalogData, adminVaccineDetail, type NewVaccineBody, type VaccineBody } from '../../../lib/admin-vaccines';
import { adminOrganizationDetail } from '../../../lib/admin-organizations';
import { call } from '../../api';
import { organizationKeys } from '../organizations/keys';

export const goLiveKeys = {
  goLive: (organizationId: number) => [...organizationKeys.all, 'go-live', organizationId] as const,
  catalogs: (branchId: number) => [...organizationKeys.all, 'catalogs', branchId] as const,
  vaccines: (countryId: number) => [...organizationKeys.all, 'vaccine-catalog', countryId] as const,
};

const goLiveData = z.object({ facts: goLiveFacts, steps: z.array(z.object({ key: z.enum(GO_LIVE_STEPS), done: z.boolean(), href: z.string().nullable() })), live: z.boolean() });

export function useGoLive(organizationId: number) {
  return useQuery({
    queryKey: goLiveKeys.goLive(organizationId),
    queryFn: async ({ signal }) => (await call(`/api/admin/directory/organizations/${organizationId}/go-live`, { data: goLiveData, signal })).data,
    // Doctors and their availability are saved on other screens: read again whenever the page is shown.
    staleTime: 0,
    retry: false,
  });
}

export function useBranchCatalogs(branchId: number) {
  return useQuery({
    queryKey: goLiveKeys.catalogs(branchId),
    queryFn: async ({ signal }) => (await call(`/api/admin/directory/branches/${branchId}/catalogs`, { data: branchCatalogOptions, signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useVaccineCatalog(countryId: number) {
  return useQuery({
    queryKey: goLiveKeys.vaccines(countryId),
    queryFn: async ({ signal }) => (await call('/api/admin/directory/vaccine-catalog', { query: { countryId }, data: adminVaccineCatalogData, signal })).data,
  });
}

export function useSaveVaccine(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VaccineBody | NewVaccineBody) =>
      call(id == null ? '/api/admin/directory/vaccine-catalog' : `/api/admin/directory/vaccine-catalog/${id}`, { method: id == null ? 'POST' : 'PUT', body, data: z.object({ vaccine: adminVaccineDetail }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

/** The organization's market, for a screen that may have no organization chosen (same cache as useOrganization). */
export function useOrganizationMarket(organizationId: number | null) {
  return useQuery({
    enabled: organizationId != null,
    queryKey: organizationKeys.detail(organizationId ?? 0),
    queryFn: async ({ signal }) => (await call(`/api/admin/directory/organizations/${organizationId}`, { data: z.object({ organization: adminOrganizationDetail }), signal })).data.organization,
    retry: false,
    select: (o) => o.countryId,
  });
}
