/** Query keys of branch closures (TanStack Query key factory, DESIGN §11). */
export const closureKeys = {
  all: ['closures'] as const,
  branch: (id: number) => [...closureKeys.all, 'branch', id] as const,
};
