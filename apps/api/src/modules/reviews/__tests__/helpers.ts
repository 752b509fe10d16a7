/** Test helpers for reviews: products, and orders of them in a status, straight into the database. */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { createLogger } from '../../../lib/logger.js';
import { recordPaidOrder } from '../../orders/index.js';
import { Order } from '../../orders/order.model.js';
import { insertProducts, makeCategory } from '../../products/__tests__/fixtures.js';

export async function makeProducts(...names: string[]) {
  const category = await makeCategory(`Tees ${randomBytes(3).toString('hex')}`);
  return insertProducts(names.map((name) => ({ name, price: 599, category })));
}

/**
 * A paid order of `products` (in `size`) for the user, moved to `status`; a delivered one gets
 * its timeline's "delivered" at `deliveredAt` (default now).
 */
export async function orderOf(
  userId: string,
  products: Array<{ id: string; name: string }>,
  {
    status = 'delivered',
    size = 'M',
    deliveredAt = new Date(),
  }: { status?: string; size?: string; deliveredAt?: Date } = {},
) {
  const id = randomBytes(6).toString('hex');
  const deps = { logger: createLogger('silent'), now: () => new Date() };
  const { order } = await recordPaidOrder(deps, {
    user: userId,
    contact: { email: '', phone: '' },
    items: products.map((p) => ({
      product: new mongoose.Types.ObjectId(p.id),
      name: p.name,
      photo: '',
      price: 599,
      cartQuantity: 1,
      size,
    })),
    amountPaise: 59_900 * products.length,
    currency: 'INR',
    shippingAddress: '12 MG Road, Bengaluru 560001',
    provider: 'sandbox',
    paymentId: `pay_rev_${id}`,
    providerOrderId: `order_rev_${id}`,
  });
  await Order.updateOne(
    { _id: order._id },
    {
      $set: { status },
      ...(status === 'delivered'
        ? { $push: { history: { event: 'delivered', at: deliveredAt } } }
        : {}),
    },
  );
  return String(order._id);
}
