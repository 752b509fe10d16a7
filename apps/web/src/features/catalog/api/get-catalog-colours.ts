import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogColoursResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** The colours the catalog's products come in: the home page's colour filter. */
export const getCatalogColours = () => api.get<CatalogColoursResponse>('/product/colours');

export const catalogColoursQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products.colours, queryFn: getCatalogColours });

export function useCatalogColours(config: QueryConfig<typeof catalogColoursQueryOptions> = {}) {
  return useQuery({ ...catalogColoursQueryOptions(), ...config });
}
