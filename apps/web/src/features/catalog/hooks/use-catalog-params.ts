/**
 * The home page's filters and page live in the URL
 * (?category=id1,id2&price=500-700&size=M&colour=bottle-green&page=2),
 * so a reload, the back button or a shared link keep them. Changing a filter goes back to
 * page 1. Values that cannot be right (a category id that is not an id, an unknown
 * price or size, a page below 1) are dropped as the URL is read; `correct` replaces the URL
 * when the page learns more (a category that no longer exists, a page past the last).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRICE_RANGES, type Size } from '@repo/shared/constants';
import { parseCatalogParams, type CatalogParams } from '@repo/shared/rules';

// The one reading of the URL, shared with the API, which renders the same page from it.
export { parseCatalogParams, type CatalogParams };

export function toSearchParams({
  checked,
  priceId,
  size,
  colour,
  page,
}: CatalogParams): URLSearchParams {
  const params = new URLSearchParams();
  if (checked.length) params.set('category', checked.join(','));
  if (priceId) params.set('price', priceId);
  if (size) params.set('size', size);
  if (colour) params.set('colour', colour);
  if (page > 1) params.set('page', String(page));
  return params;
}

const KEYS = ['category', 'price', 'size', 'colour', 'page'];

/** The URL with the catalog's own keys as `params` say (other keys, say utm_source, kept). */
function withCatalogParams(url: URLSearchParams, params: CatalogParams): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const key of KEYS) next.delete(key);
  for (const [key, value] of toSearchParams(params)) next.set(key, value);
  return next;
}

export function useCatalogParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = useMemo(() => parseCatalogParams(searchParams), [searchParams]);
  const priceRange = PRICE_RANGES.find((r) => r.id === current.priceId)?.range;

  // The router applies a new URL in a transition: a second change before that renders (two
  // ticks in a row, or taps kept from before the app took the page over) builds on the first.
  const pending = useRef<{ on: URLSearchParams; params: CatalogParams }>(undefined);
  const latest = useCallback(
    () => (pending.current?.on === searchParams ? pending.current.params : current),
    [current, searchParams],
  );
  const update = useCallback(
    (next: Partial<CatalogParams>, options?: { replace: boolean }) => {
      const params = { ...latest(), ...next };
      pending.current = { on: searchParams, params };
      setSearchParams(withCatalogParams(searchParams, params), options);
    },
    [latest, searchParams, setSearchParams],
  );

  // Values dropped as the URL was read leave it too (?page=0, ?price=cheap, ?category=x).
  const canonical = withCatalogParams(searchParams, current).toString();
  useEffect(() => {
    if (canonical !== searchParams.toString())
      setSearchParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, searchParams, setSearchParams]);

  return {
    ...current,
    priceRange,
    isFiltered:
      current.checked.length > 0 ||
      priceRange !== undefined ||
      current.size !== undefined ||
      current.colour !== undefined,
    toggleCategory: (id: string, on: boolean) => {
      const checked = latest().checked.filter((c) => c !== id);
      update({ checked: on ? [...checked, id] : checked, page: 1 });
    },
    setPrice: (priceId: string | undefined) => update({ priceId, page: 1 }),
    setSize: (size: Size | undefined) => update({ size, page: 1 }),
    /** A colour's key, or undefined for any colour. */
    setColour: (colour: string | undefined) => update({ colour, page: 1 }),
    setPage: (page: number) => update({ page }),
    /** Fixes the URL in place (no new history entry): the back button skips the wrong one. */
    correct: (next: Partial<CatalogParams>) => update(next, { replace: true }),
    reset: () =>
      update({ checked: [], priceId: undefined, size: undefined, colour: undefined, page: 1 }),
  };
}
