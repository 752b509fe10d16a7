/**
 * The shop's business constants (page size, price filters, sizes, colours, storage keys), in one
 * place for the API and the web app; those of orders, contact details, the size guide and the
 * forms (OTP and password lengths, photo limits, product facts) in files of their own
 * (`@repo/shared/constants/orders`, `/contact`, `/size-guide`, `/forms`), for the reason
 * rules/index.ts gives.
 */

export const PAGE_SIZE = 12;
/** Search answers at most this many products. */
export const SEARCH_LIMIT = 48;
/** Similar products on the detail page. */
export const RELATED_LIMIT = 8;

/** The shop's name when SHOP_NAME (API) / VITE_SHOP_NAME (web build) is not set. */
export const DEFAULT_SHOP_NAME = 'T-Shirt Shop';

export const CURRENCY = 'INR';
export const CURRENCY_SYMBOL = '₹';
export const DELIVERY_CHARGE = 0;
/** A price filter: an inclusive [min, max] pair in rupees. */
export type PriceRange = readonly [number, number];

/**
 * The price filters: five ranges made contiguous, so every price is in exactly one (the first
 * design's 100–400, 500–700, … left ₹401–499 in none and ₹700 in two). Each is an inclusive [min,
 * max] pair, its max a paisa below the next one's min (prices are whole paise); labels name whole
 * rupees and write amounts as everywhere else (formatRupees: "₹1,000"). The last has no upper
 * bound: the largest safe integer stands for it. The web app's filters and the API's filter both
 * read this list.
 */
export const PRICE_RANGES: ReadonlyArray<{ id: string; label: string; range: PriceRange }> = [
  { id: 'under-500', label: 'Under ₹500', range: [0, 499.99] },
  { id: '500-700', label: '₹500 to ₹699', range: [500, 699.99] },
  { id: '700-1000', label: '₹700 to ₹999', range: [700, 999.99] },
  { id: '1000-1500', label: '₹1,000 to ₹1,499', range: [1000, 1499.99] },
  { id: '1500-up', label: '₹1,500 and above', range: [1500, Number.MAX_SAFE_INTEGER] },
];

export const ROLES = { customer: 0, admin: 1 } as const;

export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  theme: 'light',
} as const;

/** Browser storage keys (docs/behaviour/storefront-and-seo.md#in-the-browsers-storage). */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'authToken',
  cart: 'cart',
  darkTheme: 'dark-theme',
  searchResults: 'search-results',
} as const;

/** Widths the photo pipeline produces; the web app builds its srcset from them. */
export const PHOTO_WIDTHS = [320, 640, 960] as const;

/**
 * How wide product photos show (the `sizes` of their srcset): a catalog card and the product
 * page. The web app renders them; the API's page preloads name the same ones. The card's
 * matches the grid: 2 columns on phones, 3 on tablets, 4 on desktops.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';
export const DETAIL_IMAGE_SIZES = '(min-width: 1280px) 608px, (min-width: 768px) 50vw, 100vw';

/** T-shirt sizes, smallest first: the order every screen and list shows them in. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
export type Size = (typeof SIZES)[number];
/** The single size of a product created without sizes (it holds the product's quantity). */
export const ONE_SIZE = 'One size';
/** Every size a product line can be in: the T-shirt sizes, then One size. */
export const PRODUCT_SIZES = [...SIZES, ONE_SIZE] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];
/** A size with this many or fewer left is low: "Only N left in M", highlighted for the admin. */
export const LOW_STOCK = 5;

/**
 * Colours: every product comes in at least one, each with its own photos and stock per size.
 * A product saved before colours existed becomes one colour, named after what its photo shows
 * when that is known, else this.
 */
export const DEFAULT_COLOUR = { name: 'Default', hex: '#9CA3AF' } as const;
/** A colour's name: what the shopper reads ("Bottle Green"), at most this long. */
export const COLOUR_NAME_MAX = 40;
/** Cards show this many swatches, then "+N". */
export const CARD_SWATCHES = 4;
