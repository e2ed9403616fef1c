/** Query keys of the signed-in staff member (TanStack Query key factory). */
export const meKeys = {
  all: ['me'] as const,
  profile: () => [...meKeys.all, 'profile'] as const,
};
