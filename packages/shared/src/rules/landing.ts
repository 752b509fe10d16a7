/**
 * The pages shoppers land on most: the home page, a product page (and search results). The web
 * app's router serves them, the API renders them (the route's chunks, the first answers inlined,
 * the markup) and the app fills its first render from the same answers; all three read the URL
 * with these rules.
 */

/**
 * The pages that show the shop's own details (Contact, Terms, Shipping and Delivery, Returns,
 * the Privacy Policy's support address): they read the public settings (`GET /settings/public`),
 * which the server inlines when it renders them.
 */
export const SHOP_DETAILS_PAGES: readonly string[] = [
  '/contact',
  '/terms',
  '/shipping',
  '/returns',
  '/privacy',
];

/** The product page's route, as react-router writes it. */
export const PRODUCT_DETAIL_ROUTE = '/product-detail/:slug';

const PRODUCT_DETAIL = /^\/product-detail\/([^/]+)$/;

/** A landing page; a product page whose slug is not valid URL encoding has slug null. */
export type LandingPage = { page: 'home' } | { page: 'product'; slug: string | null };

/** Which landing page a path is, or undefined for every other page. */
export function landingPageOf(pathname: string): LandingPage | undefined {
  if (pathname === '/') return { page: 'home' };
  const match = PRODUCT_DETAIL.exec(pathname);
  if (!match) return undefined;
  try {
    return { page: 'product', slug: decodeURIComponent(match[1]!) };
  } catch {
    return { page: 'product', slug: null };
  }
}

/** The product page's path for a slug (the inverse of landingPageOf). */
export function productDetailPath(slug: string): string {
  return PRODUCT_DETAIL_ROUTE.replace(':slug', () => encodeURIComponent(slug));
}

/**
 * The keyword a search results URL (`/Search?q=…`) shows, or undefined for another URL (the
 * router matches the path regardless of case).
 */
export function searchKeywordOf(pathname: string, search: URLSearchParams): string | undefined {
  return pathname.toLowerCase() === '/search' ? (search.get('q') ?? undefined) : undefined;
}
