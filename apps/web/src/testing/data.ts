/** Test data shaped like the API's answers. */
import type {
  ApplyCouponResponse,
  CartItem,
  Category,
  Product,
  PublicUser,
  Review,
  ReviewSummary,
  SavedAddress,
} from '@repo/shared';
import { sumOverColours } from '@repo/shared/rules';
import { publicSettings as defaultPublicSettings } from './public-settings';

let seq = 0;
const hex = (n: number) => n.toString(16).padStart(24, '0');

export function makeCategory(name: string): Category {
  seq += 1;
  return { _id: hex(0xc000 + seq), name, slug: name.toLowerCase().replace(/\s+/g, '-') };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  seq += 1;
  const name = overrides.name ?? `Tee ${seq}`;
  const photos = [
    { width: 320, url: `/uploads/${seq}-320.webp` },
    { width: 640, url: `/uploads/${seq}-640.webp` },
  ];
  // One colour holding the sizes unless colours are given; One size unless sizes are given.
  const sizes = overrides.colours
    ? sumOverColours(overrides.colours)
    : (overrides.sizes ?? [{ size: 'One size' as const, quantity: overrides.quantity ?? 10 }]);
  const colours = overrides.colours ?? [
    {
      _id: hex(0xd000 + seq),
      name: 'Default',
      hex: '#9CA3AF',
      images: [{ _id: hex(0xe000 + seq), url: photos[1]!.url, alt: name, widths: photos }],
      sizes,
    },
  ];
  return {
    _id: hex(0xa000 + seq),
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    description: `A soft cotton tee: ${name}.`,
    price: 499,
    quantity: sizes.reduce((sum, s) => sum + s.quantity, 0),
    sizes,
    shipping: true,
    category: { _id: hex(0xc001), name: 'Graphic' },
    photo: colours[0]!.images[0]?.url ?? '',
    photos: colours[0]!.images[0]?.widths ?? [],
    rating: { average: 0, count: 0 },
    ...overrides,
    colours,
  };
}

export function makeProducts(count: number, overrides: Partial<Product> = {}): Product[] {
  return Array.from({ length: count }, () => makeProduct(overrides));
}

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const product = makeProduct(overrides);
  // A line is in the product's first size unless one is given ('size' in overrides: even none).
  const size = 'size' in overrides ? overrides.size : product.sizes[0]!.size;
  return { ...product, cartQuantity: overrides.cartQuantity ?? 1, size };
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: hex(0xb001),
    name: 'Asha Verma',
    email: 'asha@example.com',
    phone: '9876543210',
    address: '12 MG Road, Bengaluru 560001',
    role: 0,
    ...overrides,
  };
}

/** A product's review summary before any review. */
/** A published review of `product` (give it in the overrides), five stars, true to size. */
export function makeReview(overrides: Partial<Review> & Pick<Review, 'product'>): Review {
  seq += 1;
  return {
    _id: hex(seq),
    stars: 5,
    title: 'Fits like a dream',
    text: 'Soft cotton, true to size.',
    fit: 'true',
    size: 'L',
    photos: [],
    author: 'Asha K.',
    helpful: 0,
    votedHelpful: false,
    reply: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const noReviews: ReviewSummary = {
  average: 0,
  count: 0,
  histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
  fit: { small: 0, true: 0, large: 0 },
};

/**
 * `GET /settings/public` of a shop with the defaults (₹49 delivery below ₹499, ₹40 COD, the
 * shop's details not set yet).
 */
export const publicSettings = () => defaultPublicSettings();

/**
 * POST /coupons/apply's answer with nothing off (no offer, no code): the cart's subtotal as
 * the request's lines and `prices` (rupees by product id) make it.
 */
export function noDiscount(
  body: unknown,
  prices: Record<string, number> = {},
): ApplyCouponResponse {
  const { items } = body as { items: Array<{ _id: string; cartQuantity: number; size?: string }> };
  const subtotal = items.reduce((s, i) => s + (prices[i._id] ?? 0) * i.cartQuantity, 0);
  return {
    success: true,
    discount: 0,
    lines: items.map((i) => ({
      _id: i._id,
      ...(i.size ? { size: i.size } : {}),
      offer: 0,
      code: 0,
      discount: 0,
    })),
    message: '',
    code: null,
    offer: null,
    nudge: null,
    subtotal,
    total: subtotal,
  };
}

/** A saved address in Bengaluru (560001), the account's default. */
export function makeSavedAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    _id: 'a'.repeat(24),
    name: 'Asha Verma',
    phone: '9876543210',
    line1: '12 MG Road',
    line2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560001',
    isDefault: true,
    ...overrides,
  };
}

/** GET /delivery/estimate for 560001: served, COD offered (₹40), by Fri 4 Dec. */
export const deliveryEstimate = (extra: object = {}) => ({
  success: true,
  serviceable: true,
  cod: true,
  shippingFee: 0,
  codFee: 40,
  deliveryFrom: '2026-12-03',
  deliveryBy: '2026-12-04',
  pin: '560001',
  zone: 'Metro cities',
  freeDeliveryFrom: 499,
  ...extra,
});

/**
 * The admin product list as the API answers it (`GET /product/get-product`): `?ids=` just those
 * products in that order, `?q=` those with a word of their name starting so, else all.
 */
export function productListAnswer(products: ReadonlyArray<{ _id: string; name: string }>) {
  return ({ search }: { search: string }) => {
    const params = new URLSearchParams(search);
    const ids = params.get('ids')?.split(',');
    const q = params.get('q')?.trim().toLowerCase();
    const list = ids
      ? ids.flatMap((id) => products.filter((p) => p._id === id))
      : q
        ? products.filter((p) =>
            p.name
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(q)),
          )
        : [...products];
    return { success: true, AllProducts: list, total: list.length };
  };
}
