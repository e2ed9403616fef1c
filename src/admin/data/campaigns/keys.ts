/** Query keys of admin campaigns (TanStack Query key factory, DESIGN §11). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (filters: { page: number; countryId?: number; keyword?: string }) => [...campaignKeys.all, 'list', filters] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  phones: (id: number, page: number) => [...campaignKeys.all, 'phones', id, page] as const,
  doctors: (id: number, keyword: string) => [...campaignKeys.all, 'doctors', id, keyword] as const,
};
