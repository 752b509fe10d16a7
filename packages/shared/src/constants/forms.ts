/**
 * What the forms check and say, which no storefront list or product card needs: the product
 * form's facts and photo limits, colours per product, the account forms' codes and passwords,
 * the admin's lists and side panel. Apart from index.ts, whose constants the web app's first
 * page loads whole (rules/index.ts says why).
 */

/** A product's country of origin when the admin names none (the shop prints in India). */
export const DEFAULT_COUNTRY_OF_ORIGIN = 'India';
/** How a T-shirt is cut (the product page says "Regular fit"). */
export const PRODUCT_FITS = ['Regular', 'Relaxed', 'Oversized', 'Slim'] as const;
export type ProductFit = (typeof PRODUCT_FITS)[number];
/** A fabric's weight in grams per square metre: the range a T-shirt's fabric can be. */
export const GSM_RANGE = { min: 80, max: 400 } as const;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_REDIRECT_MS = 2000;
/** The admin users list: users per page by default and at most (`?page=&limit=`). */
export const ADMIN_USERS_DEFAULT_LIMIT = 50;
export const ADMIN_USERS_MAX_LIMIT = 200;

export const SIDE_PANEL = { min: 180, max: 400, default: 280 } as const;

/** Product photos: one image, at most this many bytes. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Photos decode to at most this many pixels (refuses decompression bombs; checked on both sides). */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** At most this many colours per product, and photos per colour. */
export const MAX_COLOURS = 12;
export const MAX_IMAGES_PER_COLOUR = 8;
/** A photo's alt text is at most this long. */
export const ALT_TEXT_MAX = 200;
