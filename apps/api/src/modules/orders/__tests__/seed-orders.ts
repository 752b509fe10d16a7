/** Test helper: paid orders straight into the database, with a chosen date and status. */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { createLogger } from '../../../lib/logger.js';
import { recordPaidOrder } from '../index.js';
import { Order } from '../order.model.js';

export async function seedOrder(
  fields: {
    user?: string | null;
    amountPaise?: number;
    status?: string;
    createdAt?: Date;
    name?: string;
  } = {},
) {
  const id = randomBytes(6).toString('hex');
  const deps = { logger: createLogger('silent'), now: () => new Date() };
  const { order } = await recordPaidOrder(deps, {
    user: fields.user ?? null,
    contact: { email: 'payer@example.com', phone: '' },
    items: [
      {
        product: new mongoose.Types.ObjectId(),
        name: fields.name ?? 'Seeded Tee',
        photo: '/p.webp',
        price: (fields.amountPaise ?? 50_000) / 100,
        cartQuantity: 1,
      },
    ],
    amountPaise: fields.amountPaise ?? 50_000,
    currency: 'INR',
    shippingAddress: '7 Seed Street, Pune 411001',
    provider: 'sandbox',
    paymentId: `pay_seed_${id}`,
    providerOrderId: `order_seed_${id}`,
  });
  const set: Record<string, unknown> = {};
  if (fields.createdAt) set.createdAt = fields.createdAt;
  if (fields.status) set.status = fields.status;
  // The raw collection: Mongoose keeps createdAt immutable.
  if (Object.keys(set).length) await Order.collection.updateOne({ _id: order._id }, { $set: set });
  return String(order._id);
}
