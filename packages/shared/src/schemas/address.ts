/**
 * A customer's saved addresses `{ _id, name, phone, line1, line2, city, state, pin, isDefault }`:
 * state from India's states and union territories, a 6-digit PIN whose first digits agree with
 * the state, the phone an Indian mobile.
 */
import { z } from 'zod';
import { PIN_MESSAGE } from '../constants/contact.js';
import { INDIAN_STATE_NAMES } from '../constants/india.js';
import { normalizePin, pinAgreesWithState, pinStateMessage } from '../rules/delivery.js';
import { objectId, optionalText, requiredText } from './common.js';
import { phone } from './user.js';

/** A PIN code as typed ("560 001"), kept as its six digits. */
export const pinCode = z
  .string({ error: PIN_MESSAGE })
  .trim()
  .refine((v) => normalizePin(v) !== null, PIN_MESSAGE)
  .transform((v) => normalizePin(v)!);

export const indianState = z.enum(INDIAN_STATE_NAMES, {
  error: 'Choose a state or union territory',
});

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES = 20;

export const addressFields = {
  /** Who receives the parcel. */
  name: requiredText('Name', 80),
  phone,
  line1: requiredText('House and street', 120),
  line2: optionalText('The second line', 120).default(''),
  city: requiredText('City', 60),
  state: indianState,
  pin: pinCode,
};

/** Add or edit a saved address; `isDefault: true` makes it the default. */
export const addressBody = z
  .object({ ...addressFields, isDefault: z.boolean().optional() })
  .superRefine((a, ctx) => {
    if (!pinAgreesWithState(a.pin, a.state))
      ctx.addIssue({ code: 'custom', path: ['pin'], message: pinStateMessage(a.pin, a.state) });
  });
export type AddressBody = z.input<typeof addressBody>;

/**
 * A saved address as every call answers it. An address read from a one-line address (made at
 * sign-up) may lack its city, or its state when its PIN is no state's.
 */
export const savedAddress = z
  .object({
    _id: objectId,
    name: z.string(),
    phone: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    pin: z.string(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Address' });
export type SavedAddress = z.infer<typeof savedAddress>;

export const addressIdParams = z.object({ addressId: objectId });

export const addressesResponse = z.object({
  success: z.boolean(),
  addresses: z.array(savedAddress),
});
export type AddressesResponse = z.infer<typeof addressesResponse>;

/** After a change: the address changed (none after a delete) and the whole book, default first. */
export const addressMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  address: savedAddress.optional(),
  addresses: z.array(savedAddress),
});
export type AddressMutationResponse = z.infer<typeof addressMutationResponse>;

/** `GET /api/delivery/estimate?pin=560001`: the PIN, and optionally the state and the T-shirts' value in rupees. */
export const deliveryEstimateQuery = z.object({
  pin: pinCode,
  state: indianState.optional(),
  subtotal: z.coerce
    .number({ error: 'The subtotal must be an amount in rupees' })
    .min(0, 'The subtotal cannot be negative')
    .max(10_000_000, 'The subtotal is too large')
    .optional(),
});
export type DeliveryEstimateQuery = z.input<typeof deliveryEstimateQuery>;

/**
 * Whether the shop delivers to a PIN, what delivery and COD cost (rupees) and when it arrives
 * (India's dates, YYYY-MM-DD; null where not served). `cod` also weighs the order's value when
 * `subtotal` is sent, and the customer's own COD standing when signed in; `codMessage` says why
 * COD is not offered, `message` why the PIN is not served.
 */
export const deliveryEstimateResponse = z
  .object({
    success: z.boolean(),
    serviceable: z.boolean(),
    cod: z.boolean(),
    shippingFee: z.number(),
    codFee: z.number(),
    deliveryFrom: z.string().nullable(),
    deliveryBy: z.string().nullable(),
    pin: z.string(),
    zone: z.string().nullable(),
    /** Orders whose T-shirts come to at least this (rupees) ship free. */
    freeDeliveryFrom: z.number(),
    message: z.string().optional(),
    codMessage: z.string().optional(),
  })
  .meta({ id: 'DeliveryEstimate' });
export type DeliveryEstimateResponse = z.infer<typeof deliveryEstimateResponse>;
