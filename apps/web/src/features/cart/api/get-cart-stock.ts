/** Today's stock of the cart's products (GET /product/stock): the cart's limits and warnings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductStockJson, StockResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCartStock = (ids: string[]) =>
  api.get<StockResponse>(`/product/stock?ids=${ids.map(encodeURIComponent).join(',')}`);

export const cartStockQueryOptions = (ids: string[]) =>
  queryOptions({
    queryKey: queryKeys.products.stock(ids),
    queryFn: () => getCartStock(ids),
    enabled: ids.length > 0,
    staleTime: 0,
  });

/** Stock by product id; a product missing from the answer was deleted (null). */
export function useCartStock(ids: string[]): Map<string, ProductStockJson | null> | undefined {
  const sorted = [...new Set(ids)].sort();
  const { data } = useQuery(cartStockQueryOptions(sorted));
  if (!data) return undefined;
  const found = new Map(data.products.map((p) => [p._id, p]));
  return new Map(sorted.map((id) => [id, found.get(id) ?? null]));
}
