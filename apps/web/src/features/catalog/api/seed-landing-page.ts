/**
 * The catalog queries of the page a visitor lands on (home, a product page, search results; the
 * public settings of the launch pages and of a product page, for its seller),
 * filled from the answers a server-rendered page was rendered with (`#initial-data`) before the
 * first render, on the server and in the browser alike, so both first renders are the same
 * (entry-server.tsx, main.tsx). A page the browser renders itself takes the inlined answers as
 * its queries ask for them (lib/api-client.ts).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  catalogFilterOf,
  landingPageOf,
  parseCatalogParams,
  searchKeywordOf,
  SHOP_DETAILS_PAGES,
} from '@repo/shared/rules';
import { answeredFrom } from '@/lib/api-client';
import { categoriesQueryOptions } from '@/lib/api/get-categories';
import { publicSettingsQueryOptions } from '@/lib/api/public-settings';
import { catalogColoursQueryOptions } from './get-catalog-colours';
import { filteredProductsQueryOptions } from './get-filtered-products';
import { productQueryOptions } from '@/lib/api/get-product';
import { productCountQueryOptions } from './get-product-count';
import { productListQueryOptions } from './get-product-list';
import { searchQueryOptions } from './search-products';

/** A landing query's options: its key and its fetcher (which takes no context). */
type LandingQuery = { queryKey: QueryKey; queryFn?: unknown };

/** The queries the page at `url` asks for first, with the keys its screens use. */
function landingQueries(url: URL): LandingQuery[] {
  const landing = landingPageOf(url.pathname);
  if (landing?.page === 'home') {
    const params = parseCatalogParams(url.searchParams);
    const filter = catalogFilterOf(params);
    return [
      categoriesQueryOptions(),
      catalogColoursQueryOptions(),
      // The same keys the home page asks for (see useCatalogParams and home.tsx).
      ...(filter
        ? [filteredProductsQueryOptions(filter)]
        : [productListQueryOptions(params.page), productCountQueryOptions()]),
    ];
  }
  // A slug that is not valid URL encoding: the page itself says the product was not found.
  // A product page names its seller (and what payment the shop takes) from the public settings.
  if (landing?.page === 'product')
    return landing.slug === null
      ? []
      : [productQueryOptions(landing.slug), publicSettingsQueryOptions()];
  // The launch pages show the shop's details from its public settings.
  if (SHOP_DETAILS_PAGES.includes(url.pathname)) return [publicSettingsQueryOptions()];
  const keyword = searchKeywordOf(url.pathname, url.searchParams);
  return keyword === undefined ? [] : [searchQueryOptions(keyword)];
}

/**
 * Fills `queryClient` with the landing queries `answers` hold (taking each it uses); a query
 * they lack stays unasked, so it shows loading in both first renders and is fetched after.
 */
export async function seedLandingPage(
  queryClient: QueryClient,
  url: URL,
  answers: Record<string, unknown>,
): Promise<void> {
  const queries = landingQueries(url);
  const fetched = answeredFrom(answers, () =>
    queries.map((query) => (query.queryFn as () => Promise<unknown>)()),
  );
  await Promise.all(
    fetched.map((answer, i) =>
      answer.then(
        (data) => queryClient.setQueryData(queries[i]!.queryKey, data),
        () => {}, // not in the page: asked for after the first render
      ),
    ),
  );
}
