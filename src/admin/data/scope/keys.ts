/** Query keys of the top bar's hospital and branch lists. */
export const scopeKeys = {
  all: ['scope'] as const,
  organizations: () => [...scopeKeys.all, 'organizations'] as const,
  branches: (hospitalId: number) => [...scopeKeys.all, 'branches', hospitalId] as const,
};
