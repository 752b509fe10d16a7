/** Business constants of SPEC §9, in one place for the API and the web app. */

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
/** The struck-through "was" price is the price times this, rounded (display only). */
export const STRUCK_PRICE_FACTOR = 1.2;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_REDIRECT_MS = 2000;
/** The admin users list: users per page by default and at most (`?page=&limit=`). */
export const ADMIN_USERS_DEFAULT_LIMIT = 50;
export const ADMIN_USERS_MAX_LIMIT = 200;

export const SIDE_PANEL = { min: 180, max: 400, default: 280 } as const;

/** A price filter: an inclusive [min, max] pair in rupees. */
export type PriceRange = readonly [number, number];

/** "Above 1500" has no upper bound; the largest safe integer stands for it. */
export const PRICE_RANGES: ReadonlyArray<{ id: string; label: string; range: PriceRange }> = [
  { id: '100-400', label: '₹100 to ₹400', range: [100, 400] },
  { id: '500-700', label: '₹500 to ₹700', range: [500, 700] },
  { id: '700-1000', label: '₹700 to ₹1000', range: [700, 1000] },
  { id: '1000-1500', label: '₹1000 to ₹1500', range: [1000, 1500] },
  { id: '1500-up', label: 'Above ₹1500', range: [1500, Number.MAX_SAFE_INTEGER] },
];

/** What the phone and address rules ask for (shared/rules), shown beside the fields. */
export const PHONE_MESSAGE = 'Enter a 10-digit mobile number, optionally starting with +91';
export const ADDRESS_MESSAGE = 'Enter your full address with its 6-digit PIN code';
/** The hints under the phone and address fields (register, profile). */
export const PHONE_HINT = '10-digit mobile number, e.g. 98765 43210 or +91 98765 43210.';
export const ADDRESS_HINT = 'House, street, city and the 6-digit PIN code.';

/** Why a checkout cannot start: no address to ship to (create-order refuses it with this). */
export const SHIPPING_ADDRESS_NEEDED =
  'Please add a shipping address with its 6-digit PIN code to your profile before checking out.';

export const ROLES = { customer: 0, admin: 1 } as const;

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A cancelled paid order's refund: started, done by the provider, or refused (the admin acts). */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Refunds of card payments usually reach the shopper's account within this (Razorpay's normal speed). */
export const REFUND_ARRIVAL = '5–7 working days';

/** What an order's timeline records: paid, each status it moved to, and the refund's outcome. */
export const ORDER_EVENTS = [
  'paid',
  ...ORDER_STATUSES,
  'refund_processed',
  'refund_failed',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
/** Who cancelled or changed an order. */
export const ORDER_ACTORS = ['customer', 'admin'] as const;

/** SPEC §4: pending yellow, shipped blue, delivered green, anything else grey. */
export const ORDER_STATUS_COLORS: Record<string, 'yellow' | 'blue' | 'green' | 'grey'> = {
  pending: 'yellow',
  shipped: 'blue',
  delivered: 'green',
};
export function orderStatusColor(status: string): 'yellow' | 'blue' | 'green' | 'grey' {
  return ORDER_STATUS_COLORS[status] ?? 'grey';
}

export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  theme: 'light',
} as const;

/** Browser storage keys (SPEC §3). */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'authToken',
  cart: 'cart',
  darkTheme: 'dark-theme',
  searchResults: 'search-results',
} as const;

/** Product photos: one image, at most this many bytes. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Photos decode to at most this many pixels (refuses decompression bombs; checked on both sides). */
export const MAX_PHOTO_PIXELS = 50_000_000;
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
 * The size guide: the garment measured flat, chest (armpit to armpit, doubled) and length
 * (shoulder to hem), in centimetres; inches are derived (rules: cmToInches).
 */
export const SIZE_GUIDE: ReadonlyArray<{ size: Size; chestCm: number; lengthCm: number }> = [
  { size: 'XS', chestCm: 86, lengthCm: 66 },
  { size: 'S', chestCm: 91, lengthCm: 69 },
  { size: 'M', chestCm: 97, lengthCm: 72 },
  { size: 'L', chestCm: 102, lengthCm: 74 },
  { size: 'XL', chestCm: 107, lengthCm: 76 },
  { size: 'XXL', chestCm: 112, lengthCm: 78 },
  { size: '3XL', chestCm: 117, lengthCm: 80 },
];
