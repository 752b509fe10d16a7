/**
 * insertDocument (the paying paths' inserts) stores what Mongoose's `create` stores: for each
 * model it serves, the same fields through both, then the two stored documents compared.
 */
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { insertDocument } from '../lib/insert-document.js';
import { MailJob } from '../lib/mailer/mail-job.model.js';
import { SandboxPayment } from '../lib/payment-gateway/sandbox.model.js';
import { Order } from '../modules/orders/order.model.js';
import { Checkout } from '../modules/payments/checkout.model.js';
import { setupTestApp } from '../test/harness.js';

await setupTestApp();

const productId = new mongoose.Types.ObjectId();
const userId = new mongoose.Types.ObjectId();
// As the callers give them: ids as strings, optional fields left out for their defaults.
const line = { product: String(productId), name: 'Tee', price: 499, cartQuantity: 2 };
let n = 0;
const cases = {
  order: [
    Order,
    () => ({
      _id: new mongoose.Types.ObjectId(),
      number: `N${++n}`,
      user: String(userId),
      items: [{ ...line, photo: '/p.webp', size: 'M', stock: 'pending' }],
      amount: 998,
      amountPaise: 99800,
      currency: 'INR',
      shippingAddress: '12 MG Road, Pune 411001',
      provider: 'sandbox',
      paymentId: `pay_${n}`,
      providerOrderId: `order_${n}`,
    }),
  ],
  checkout: [
    Checkout,
    () => ({
      provider: 'sandbox',
      providerOrderId: `order_c${++n}`,
      receipt: `rcpt_${n}`,
      user: null,
      items: [line],
      amount: 998,
      amountPaise: 99800,
      currency: 'INR',
      shippingAddress: '12 MG Road, Pune 411001',
    }),
  ],
  'sandbox payment': [
    SandboxPayment,
    () => ({ _id: `pay_sandbox_${++n}`, orderId: 'order_x', amount: 99800, status: 'captured' }),
  ],
  'mail job': [
    MailJob,
    () => ({ subject: 'Hello', sealed: 'abc', attempts: 1, nextAttemptAt: new Date(0) }),
  ],
} as const;

/** A stored document with its own id and times replaced, to compare two inserts. */
function comparable(doc: Record<string, unknown> | null) {
  expect(doc).not.toBeNull();
  const { _id, createdAt, updatedAt, ...rest } = doc!;
  return {
    ...rest,
    id: typeof _id === 'string' ? 'string' : (_id as object).constructor.name,
    createdAt: createdAt === undefined ? 'none' : (createdAt as object).constructor.name,
    updatedAt: updatedAt === undefined ? 'none' : (updatedAt as object).constructor.name,
  };
}

describe('insertDocument', () => {
  it.each(Object.entries(cases))('stores a %s as Model.create does', async (_, [model, fields]) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case's own model
    const created = await (model as mongoose.Model<any>).create(fields());
    const inserted = await insertDocument(model, fields());
    const viaCreate = await model.collection.findOne({ _id: created._id });
    const viaInsert = await model.collection.findOne({ _id: inserted._id as never });
    const a = comparable(viaCreate);
    const b = comparable(viaInsert);
    // Only the per-document values differ (a case's own numbers and ids).
    for (const key of ['number', 'paymentId', 'providerOrderId', 'receipt']) {
      if (key in a) {
        expect(key in b).toBe(true);
        delete (a as Record<string, unknown>)[key];
        delete (b as Record<string, unknown>)[key];
      }
    }
    expect(b).toEqual(a);
    expect(Object.keys(viaInsert!).sort()).toEqual(Object.keys(viaCreate!).sort());
    // What it returns is what it stored.
    expect(comparable(inserted as Record<string, unknown>)).toEqual(comparable(viaInsert));
  });

  it('refuses what the schema refuses and stores nothing', async () => {
    const before = await Order.countDocuments();
    await expect(
      insertDocument(Order, { ...cases.order[1](), items: [{ ...line, cartQuantity: 0 }] }),
    ).rejects.toThrow(/cartQuantity/);
    await expect(insertDocument(Order, { ...cases.order[1](), status: 'lost' })).rejects.toThrow(
      /status/,
    );
    await expect(insertDocument(Checkout, { provider: 'sandbox' })).rejects.toThrow(/required/);
    expect(await Order.countDocuments()).toBe(before);
  });

  it('keeps the unique indexes: a second insert of the same payment is a duplicate key', async () => {
    const fields = cases.order[1]();
    await insertDocument(Order, fields);
    await expect(
      insertDocument(Order, { ...fields, _id: new mongoose.Types.ObjectId(), number: 'other' }),
    ).rejects.toMatchObject({ code: 11000 });
  });
});
