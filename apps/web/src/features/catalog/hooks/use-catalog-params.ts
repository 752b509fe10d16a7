/**
 * The home page's filters and page live in the URL (?category=id1,id2&price=500-700&size=M&page=2),
 * so a reload, the back button or a shared link keep them. Changing a filter goes back to
 * page 1 (SPEC §4).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRICE_RANGES, SIZES, type Size } from '@repo/shared/constants';

export interface CatalogParams {
  checked: string[];
  /** The chosen price range's id (PRICE_RANGES), if any. */
  priceId: string | undefined;
  /** Only products with stock left in this size. */
  size: Size | undefined;
  page: number;
}

export function parseCatalogParams(params: URLSearchParams): CatalogParams {
  const checked = (params.get('category') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const priceId = PRICE_RANGES.find((r) => r.id === params.get('price'))?.id;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = SIZES.find((s) => s === params.get('size'));
  return {
    checked: [...new Set(checked)],
    priceId,
    size,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

export function toSearchParams({ checked, priceId, size, page }: CatalogParams): URLSearchParams {
  const params = new URLSearchParams();
  if (checked.length) params.set('category', checked.join(','));
  if (priceId) params.set('price', priceId);
  if (size) params.set('size', size);
  if (page > 1) params.set('page', String(page));
  return params;
}

export function useCatalogParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = useMemo(() => parseCatalogParams(searchParams), [searchParams]);
  const priceRange = PRICE_RANGES.find((r) => r.id === current.priceId)?.range;

  const update = useCallback(
    (next: Partial<CatalogParams>) => setSearchParams(toSearchParams({ ...current, ...next })),
    [current, setSearchParams],
  );

  return {
    ...current,
    priceRange,
    isFiltered:
      current.checked.length > 0 || priceRange !== undefined || current.size !== undefined,
    toggleCategory: (id: string, on: boolean) =>
      update({
        checked: on ? [...current.checked, id] : current.checked.filter((c) => c !== id),
        page: 1,
      }),
    setPrice: (priceId: string | undefined) => update({ priceId, page: 1 }),
    setSize: (size: Size | undefined) => update({ size, page: 1 }),
    setPage: (page: number) => update({ page }),
    reset: () => update({ checked: [], priceId: undefined, size: undefined, page: 1 }),
  };
}
