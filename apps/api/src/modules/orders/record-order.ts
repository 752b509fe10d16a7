/**
 * Recording a paid order, exactly once, and numbering orders recorded before numbers were
 * stored.
 */
import { Types } from 'mongoose';
import {
  colourKey,
  isShippingAddress,
  ONE_SIZE,
  orderNumber,
  orderTax,
  paiseToRupees,
  stateOfAddress,
  toPaise,
  type PaymentMethod,
  type PaymentStatus,
} from '@repo/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import type { AppDeps } from '../../lib/types.js';
import { currentPhotos } from '../products/index.js';
import { Order, type LeanOrder, type StoredDiscount } from './order.model.js';
import type { StockClaim } from './order-stock.js';

type Id = Types.ObjectId | string;

export interface PaidOrderInput {
  user: Id | null;
  contact?: { email?: string | undefined; phone?: string | undefined } | undefined;
  items: ReadonlyArray<{
    product: Id;
    name: string;
    photo: string;
    price: number;
    cartQuantity: number;
    size?: string | null | undefined;
    colour?: string | null | undefined;
  }>;
  /** The whole amount paid or due, fees included. */
  amountPaise: number;
  /** Of which the delivery and COD fees (none when left out). */
  shippingFeePaise?: number | undefined;
  codFeePaise?: number | undefined;
  /** The latest day it should arrive, as estimated at checkout (YYYY-MM-DD). */
  deliveryBy?: string | null | undefined;
  currency: string;
  /** Paid online unless said (a COD order: due). */
  payment?: { method: PaymentMethod; status: PaymentStatus } | undefined;
  shippingAddress: string;
  provider: string;
  paymentId: string;
  providerOrderId: string;
  /** The GSTIN a business buyer gave at checkout ("" for none). */
  buyerGstin?: string | undefined;
  /** What a code and the offer took off, `lines[i]` off `items[i]` (none: list prices). */
  discount?: DiscountInput | null | undefined;
  /**
   * The caller's claim on the items' stock (order-stock.ts, newStockClaim): the order is
   * inserted with its items 'taking' under it, and the caller that inserted it hands the claim
   * to takeStock. A process that stops before taking leaves a claim that is taken over once
   * STOCK_CLAIM_MS old, as one left 'pending' is. Without it the items are 'pending'.
   */
  stockClaim?: StockClaim | undefined;
}

/** The discount as the checkout recorded it (its ids as ObjectIds or strings). */
type DiscountInput = Omit<StoredDiscount, 'couponId' | 'offerId'> & {
  couponId: Id | null;
  offerId: Id | null;
};

/**
 * The order's GST from its lines (unit price × quantity, in paise) and its charges (the delivery
 * fee, the COD fee) with the rules of `at`: every paisa paid is on exactly one line or charge, so
 * the invoice adds up to the amount. Null (and logged) if it cannot be worked out or the parts do
 * not add up to the amount: the order stands, and the admin sees it has no invoice.
 */
function taxOf(input: PaidOrderInput, at: Date, logger: AppDeps['logger']) {
  try {
    // Each line is taxed on what it was paid: its price less its share of the discount.
    const off = input.discount?.lines ?? [];
    const lines = input.items.map((i, k) => ({
      paidPaise: toPaise(i.price) * i.cartQuantity - (off[k]?.amountPaise ?? 0),
      quantity: i.cartQuantity,
    }));
    const charges = [
      { kind: 'delivery', paidPaise: input.shippingFeePaise ?? 0 },
      { kind: 'cod', paidPaise: input.codFeePaise ?? 0 },
    ];
    const parts = [...lines, ...charges].reduce((s, l) => s + l.paidPaise, 0);
    if (parts !== input.amountPaise)
      throw new RangeError(`the lines and fees come to ${parts} paise, not ${input.amountPaise}`);
    const tax = orderTax({ at, lines, charges });
    return {
      rulesFrom: tax.rulesFrom,
      lines: tax.lines,
      charges: tax.charges,
      placeOfSupply: stateOfAddress(input.shippingAddress) ?? '',
    };
  } catch (err) {
    logger.error(
      { err, paymentId: input.paymentId },
      'the GST of a paid order could not be worked out',
    );
    return null;
  }
}

/**
 * Inserts the order; the unique indexes on paymentId and providerOrderId decide any race.
 * The loser (a second verify, the webhook after a verify, a retry) gets the existing order.
 *
 * Each item takes the photo of its colour as its product shows it now: a photo replaced while
 * the shopper was paying has had its files deleted (only photos orders show are kept, see
 * ordersShowPhoto), so the order takes the current one. For a product (or a colour) deleted
 * meanwhile the checkout's photo stays.
 */
export async function recordPaidOrder(
  deps: Pick<AppDeps, 'logger' | 'now'>,
  input: PaidOrderInput,
): Promise<{ order: LeanOrder; created: boolean }> {
  try {
    const photos = await currentPhotos(input.items.map((i) => String(i.product)));
    const photoNow = (i: PaidOrderInput['items'][number]) => {
      const product = photos.get(String(i.product));
      if (!product) return undefined;
      return i.colour ? product.byColour.get(colourKey(i.colour)) : product.main;
    };
    const _id = new Types.ObjectId();
    // The app's clock (deps.now): a return's window counts from it for orders delivered before
    // deliveries were dated.
    const paidAt = deps.now();
    const order = await insertDocument<LeanOrder>(Order, {
      _id,
      number: orderNumber(String(_id)),
      user: input.user,
      contact: { email: input.contact?.email ?? '', phone: input.contact?.phone ?? '' },
      items: input.items.map((i) => ({
        ...i,
        itemId: new Types.ObjectId().toHexString(),
        size: i.size ?? ONE_SIZE,
        ...(i.colour ? { colour: i.colour } : {}),
        photo: photoNow(i) ?? i.photo,
        stock: input.stockClaim ? 'taking' : 'pending',
      })),
      amount: paiseToRupees(input.amountPaise),
      amountPaise: input.amountPaise,
      shippingFeePaise: input.shippingFeePaise ?? 0,
      codFeePaise: input.codFeePaise ?? 0,
      deliveryBy: input.deliveryBy ?? null,
      currency: input.currency,
      payment: input.payment ?? { method: 'online', status: 'paid' },
      shippingAddress: input.shippingAddress,
      addressNeeded: !isShippingAddress(input.shippingAddress),
      provider: input.provider,
      paymentId: input.paymentId,
      providerOrderId: input.providerOrderId,
      tax: taxOf(input, paidAt, deps.logger),
      buyerGstin: input.buyerGstin ?? '',
      discount: input.discount ?? null,
      ...(input.stockClaim
        ? {
            stockClaim: input.stockClaim.token,
            stockClaimedAt: new Date(input.stockClaim.at),
          }
        : {}),
      createdAt: paidAt,
    });
    return { order, created: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const existing = await Order.findOne({
      $or: [{ providerOrderId: input.providerOrderId }, { paymentId: input.paymentId }],
    }).lean<LeanOrder>();
    if (!existing) throw err;
    return { order: existing, created: false };
  }
}

/**
 * Gives orders recorded before numbers were stored their number, so the admin can find them
 * (start-up; a few hundred at a time; nothing to do once every order has one).
 */
export async function backfillOrderNumbers(): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await Order.find({ number: null }, { _id: 1 }).limit(500).lean();
    if (!batch.length) return done;
    await Order.bulkWrite(
      batch.map((o) => ({
        updateOne: {
          filter: { _id: o._id },
          update: { $set: { number: orderNumber(String(o._id)) } },
        },
      })),
    );
    done += batch.length;
  }
}
