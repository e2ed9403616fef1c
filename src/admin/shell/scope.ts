/**
 * Top-bar scoping (SPEC §4): the hospital and branch in the URL (hospital_id, branch_id), corrected by the role's
 * rules (src/lib/admin-rules.ts adminScope) with the URL replaced, and the last choice saved under one local key
 * (restored when a scoped screen opens without one).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { adminScope, type AdminScope } from '../../lib/admin-rules';
import { scopeBranchesSchema, scopeOrganizationsSchema } from '../../lib/admin-scope';
import type { AdminMe } from '../../lib/admin-me';
import { call } from '../api';
import { scopeKeys } from '../data/scope/keys';
import { ADMIN_SCOPE_KEY } from '../session';

const num = (v: string | null | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);

interface Saved {
  hospitalId: number | null;
  branchId: number | null;
}

function readSaved(): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(ADMIN_SCOPE_KEY) ?? 'null') as Saved | null;
    return v && typeof v === 'object' ? { hospitalId: v.hospitalId ?? null, branchId: v.branchId ?? null } : null;
  } catch {
    return null;
  }
}

export interface ScopeState extends AdminScope {
  setHospital: (id: number | null) => void;
  setBranch: (id: number | null) => void;
}

export function useScope(me: AdminMe | undefined, enabled: boolean): ScopeState | null {
  const [params, setParams] = useSearchParams();
  const hasQuery = params.has('hospital_id') || params.has('branch_id');
  const saved = useMemo(() => (hasQuery ? null : readSaved()), [hasQuery]);
  const requested = { hospitalId: num(params.get('hospital_id')) ?? saved?.hospitalId ?? null, branchId: num(params.get('branch_id')) ?? saved?.branchId ?? null };
  const scope = me
    ? adminScope({ role: me.role, hospitalId: me.hospital?.id ?? null, branchId: me.branch?.id ?? null, branchIds: me.branches.map((b) => b.id) }, requested)
    : null;
  const urlHospital = num(params.get('hospital_id'));
  const urlBranch = num(params.get('branch_id'));

  useEffect(() => {
    if (!enabled || !scope) return;
    if (urlHospital !== scope.hospitalId || urlBranch !== scope.branchId) {
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          if (scope.hospitalId != null) n.set('hospital_id', String(scope.hospitalId));
          else n.delete('hospital_id');
          if (scope.branchId != null) n.set('branch_id', String(scope.branchId));
          else n.delete('branch_id');
          return n;
        },
        { replace: true },
      );
    }
    localStorage.setItem(ADMIN_SCOPE_KEY, JSON.stringify({ hospitalId: scope.hospitalId, branchId: scope.branchId }));
  }, [enabled, scope?.hospitalId, scope?.branchId, urlHospital, urlBranch]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!enabled || !scope) return null;
  const set = (hospitalId: number | null, branchId: number | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.delete('page');
      if (hospitalId != null) n.set('hospital_id', String(hospitalId));
      else n.delete('hospital_id');
      if (branchId != null) n.set('branch_id', String(branchId));
      else n.delete('branch_id');
      return n;
    });
  return { ...scope, setHospital: (id) => set(id, null), setBranch: (id) => set(scope.hospitalId, id) };
}

export function useOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: scopeKeys.organizations(),
    queryFn: async ({ signal }) => (await call('/api/admin/organizations', { data: scopeOrganizationsSchema, signal })).data.hospitals,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useBranches(hospitalId: number | null) {
  return useQuery({
    queryKey: scopeKeys.branches(hospitalId ?? 0),
    queryFn: async ({ signal }) => (await call('/api/admin/branches', { query: { hospitalId }, data: scopeBranchesSchema, signal })).data.branches,
    enabled: hospitalId != null,
    staleTime: 5 * 60_000,
  });
}
