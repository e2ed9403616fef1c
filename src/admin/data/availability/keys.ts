/** Query keys of doctor availability (TanStack Query key factory, DESIGN §11). */
export const availabilityKeys = {
  all: ['availability'] as const,
  doctor: (id: number) => [...availabilityKeys.all, 'doctor', id] as const,
  mine: () => [...availabilityKeys.all, 'mine'] as const,
  service: (id: number) => [...availabilityKeys.all, 'service', id] as const,
};
