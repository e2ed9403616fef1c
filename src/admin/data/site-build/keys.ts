/** Query keys of the public site's rebuild status (TanStack Query key factory, DESIGN §11). */
export const siteBuildKeys = {
  all: ['site-build'] as const,
};
