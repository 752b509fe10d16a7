/**
 * Recording a paid order, exactly once, and numbering orders recorded before numbers were
 * stored.
 */
import { Types } from 'mongoose';
import {
  isShippingAddress,
  ONE_SIZE,
  orderNumber,
  paiseToRupees,
  type PaymentMethod,
  type PaymentStatus,
} from '@repo/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import { currentPhotoUrls } from '../products/index.js';
import { Order, type LeanOrder } from './order.model.js';

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
}

/**
 * Inserts the order; the unique indexes on paymentId and providerOrderId decide any race.
 * The loser (a second verify, the webhook after a verify, a retry) gets the existing order.
 *
 * Each item takes its photo as its product shows it now: a photo replaced while the shopper was paying
 * has had its files deleted (only photos orders show are kept, see ordersShowPhoto), so the
 * order takes the current one. For a product deleted meanwhile the checkout's photo stays.
 */
export async function recordPaidOrder(
  input: PaidOrderInput,
): Promise<{ order: LeanOrder; created: boolean }> {
  try {
    const photos = await currentPhotoUrls(input.items.map((i) => String(i.product)));
    const _id = new Types.ObjectId();
    const order = await insertDocument<LeanOrder>(Order, {
      _id,
      number: orderNumber(String(_id)),
      user: input.user,
      contact: { email: input.contact?.email ?? '', phone: input.contact?.phone ?? '' },
      items: input.items.map((i) => ({
        ...i,
        size: i.size ?? ONE_SIZE,
        photo: photos.get(String(i.product)) ?? i.photo,
        stock: 'pending',
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
