/**
 * PUT /api/orders/update-status/{orderId} and stock: cancelling gives the taken units back
 * once, reopening takes them again (or refuses with 409), other changes leave stock alone.
 * Orders are paid through the sandbox, so their stock is taken the way a shopper's is.
 * Reopening is only possible while the money was not returned, so the reopening tests make
 * the provider refuse the refund (refunds themselves are tested in refunds.test.ts).
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import {
  makeProduct,
  recordingMailer,
  sandboxCheckout,
  stockOf,
} from '../../payments/__tests__/helpers.js';
import { Product } from '../../products/product.model.js';
import { ProviderRefusedError } from '../../../lib/payment-gateway/index.js';
import {
  finishStockTakes,
  newStockClaim,
  recordPaidOrder,
  takeStock,
  type StockClaim,
} from '../index.js';
import { STOCK_CLAIM_MS } from '../order-stock.js';
import { Order } from '../order.model.js';

/** While true the provider refuses refunds, leaving cancelled orders free to reopen. */
let refuseRefunds = false;
const t = await setupTestApp({
  overrides: (base) => ({
    mailer: recordingMailer(),
    payments: {
      ...base.payments,
      refundPayment: (input) =>
        refuseRefunds
          ? Promise.reject(new ProviderRefusedError('Refunds are refused in this test'))
          : base.payments.refundPayment(input),
    },
  }),
});
const admin = await t.createAdmin();
const shopper = await t.createUser({ name: 'Asha', email: 'asha@example.com' });

type Line = [product: { _id: unknown; price: number }, quantity: number];

/** create-order → sandbox pay → verify: a paid order whose stock was taken. */
function paidOrder(lines: Line[]): Promise<string> {
  return sandboxCheckout(
    t,
    shopper,
    lines.map(([p, q]) => ({ _id: String(p._id), cartQuantity: q })),
    {
      amount: lines.reduce((sum, [p, q]) => sum + p.price * q, 0),
      shippingAddress: '7 Seed Street, Pune 411001',
    },
  );
}

/** The admin's change; a move back carries its reason, as the admin's page asks for one. */
const setStatus = (orderId: string, status: string) =>
  t
    .request()
    .put(`/api/orders/update-status/${orderId}`)
    .set('Authorization', admin.auth)
    .send({ status, reason: 'Corrected by the admin' });
const statusOf = async (orderId: string) => (await Order.findById(orderId).lean())!.status;

describe('cancelling an order', () => {
  it('gives its units back to stock, once however often it is cancelled', async () => {
    const tee = await makeProduct({ name: 'Sunset Tee', quantity: 5 });
    const polo = await makeProduct({ name: 'Plain Polo', quantity: 3 });
    const orderId = await paidOrder([
      [tee, 2],
      [polo, 1],
    ]);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([3, 2]);

    const res = await setStatus(orderId, 'cancelled').expect(200);
    expect(res.body).toMatchObject({ success: true, order: { _id: orderId, status: 'cancelled' } });
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([5, 3]);

    await setStatus(orderId, 'cancelled').expect(200);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([5, 3]);
  });

  it('restocks once when admins cancel the same order at the same time', async () => {
    const tee = await makeProduct({ quantity: 4 });
    const orderId = await paidOrder([[tee, 3]]);
    expect(await stockOf(tee._id)).toBe(1);

    const answers = await Promise.all([1, 2, 3, 4].map(() => setStatus(orderId, 'cancelled')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await stockOf(tee._id)).toBe(4);
    expect(await statusOf(orderId)).toBe('cancelled');
  });

  it('gives back only what was taken: an item whose stock had run out stays as it is', async () => {
    const tee = await makeProduct({ quantity: 5 });
    const rare = await makeProduct({ quantity: 1 });
    // The last unit of `rare` is sold elsewhere between checkout and payment.
    const orderId = await sandboxCheckout(
      t,
      shopper,
      [
        { _id: String(tee._id), cartQuantity: 1 },
        { _id: String(rare._id), cartQuantity: 1 },
      ],
      {
        amount: tee.price + rare.price,
        beforePay: () =>
          Product.updateOne(
            { _id: rare._id },
            { $set: { quantity: 0, 'sizes.0.quantity': 0, 'colours.0.sizes.0.quantity': 0 } },
          ),
      },
    );
    expect((await Order.findById(orderId).lean())!.items.map((i) => i.stock)).toEqual([
      'taken',
      'short',
    ]);

    refuseRefunds = true; // so that it can be reopened
    try {
      await setStatus(orderId, 'cancelled').expect(200);
    } finally {
      refuseRefunds = false;
    }
    expect([await stockOf(tee._id), await stockOf(rare._id)]).toEqual([5, 0]);
    await setStatus(orderId, 'pending').expect(200);
    expect([await stockOf(tee._id), await stockOf(rare._id)]).toEqual([4, 0]);
  });

  it('is a no-op for products deleted since the order', async () => {
    const tee = await makeProduct({ quantity: 2 });
    const gone = await makeProduct({ quantity: 2 });
    const orderId = await paidOrder([
      [tee, 1],
      [gone, 1],
    ]);
    await Product.deleteOne({ _id: gone._id });
    await setStatus(orderId, 'cancelled').expect(200);
    expect(await stockOf(tee._id)).toBe(2);
    expect(await Product.exists({ _id: gone._id })).toBeNull();
  });
});

describe('reopening a cancelled order whose refund failed', () => {
  beforeAll(() => {
    refuseRefunds = true;
  });
  afterAll(() => {
    refuseRefunds = false;
  });

  it('takes the units from stock again', async () => {
    const tee = await makeProduct({ quantity: 5 });
    const orderId = await paidOrder([[tee, 2]]);
    await setStatus(orderId, 'cancelled').expect(200);
    expect(await stockOf(tee._id)).toBe(5);

    const res = await setStatus(orderId, 'shipped').expect(200);
    expect(res.body.order.status).toBe('shipped');
    expect(await stockOf(tee._id)).toBe(3);
    // Cancel and reopen again: still one order's worth.
    await setStatus(orderId, 'cancelled').expect(200);
    await setStatus(orderId, 'pending').expect(200);
    expect(await stockOf(tee._id)).toBe(3);
  });

  it('takes the units once when admins reopen it at the same time', async () => {
    const tee = await makeProduct({ quantity: 6 });
    const orderId = await paidOrder([[tee, 2]]);
    await setStatus(orderId, 'cancelled').expect(200);
    const answers = await Promise.all(
      ['pending', 'shipped', 'delivered'].map((s) => setStatus(orderId, s)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stockOf(tee._id)).toBe(4);
    expect(await statusOf(orderId)).not.toBe('cancelled');
  });

  it('refuses with 409 naming the product when stock is short, and changes nothing', async () => {
    const tee = await makeProduct({ name: 'Sunset Tee', quantity: 4 });
    const polo = await makeProduct({ name: 'Plain Polo', quantity: 3 });
    const orderId = await paidOrder([
      [tee, 1],
      [polo, 3],
    ]);
    await setStatus(orderId, 'cancelled').expect(200);
    // Others buy the polos in the meantime.
    await Product.updateOne(
      { _id: polo._id },
      { $set: { quantity: 2, 'sizes.0.quantity': 2, 'colours.0.sizes.0.quantity': 2 } },
    );

    const res = await setStatus(orderId, 'pending').expect(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Only 2 left of Plain Polo: not enough to reopen this order',
      productId: String(polo._id),
      available: 2,
    });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([4, 2]);
  });

  it('refuses with 409 when a product of the order no longer exists', async () => {
    const tee = await makeProduct({ name: 'Sunset Tee', quantity: 4 });
    const gone = await makeProduct({ name: 'Retired Tee', quantity: 4 });
    const orderId = await paidOrder([
      [tee, 1],
      [gone, 1],
    ]);
    await setStatus(orderId, 'cancelled').expect(200);
    await Product.deleteOne({ _id: gone._id });

    const res = await setStatus(orderId, 'delivered').expect(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Retired Tee is out of stock: not enough to reopen this order',
      available: 0,
    });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await stockOf(tee._id)).toBe(4);
  });
});

describe('other status changes', () => {
  it('leave stock alone (pending → shipped → delivered → pending)', async () => {
    const tee = await makeProduct({ quantity: 5 });
    const orderId = await paidOrder([[tee, 2]]);
    for (const status of ['shipped', 'delivered', 'pending']) {
      const res = await setStatus(orderId, status).expect(200);
      expect(res.body.order.status).toBe(status);
      expect(await stockOf(tee._id)).toBe(3);
    }
  });
});

describe('an order cancelled before its stock was taken', () => {
  it('keeps the stock when the payment is completed later (a retry after a crash), and reopening takes it', async () => {
    const tee = await makeProduct({ quantity: 5 });
    // Recorded, but the process stopped before taking stock.
    const { order } = await recordPaidOrder(t.deps, {
      user: shopper.id,
      items: [{ product: tee._id, name: tee.name, photo: '', price: tee.price, cartQuantity: 2 }],
      amountPaise: tee.price * 200,
      currency: 'INR',
      shippingAddress: '',
      provider: 'sandbox',
      paymentId: `pay_${new mongoose.Types.ObjectId()}`,
      providerOrderId: `order_${new mongoose.Types.ObjectId()}`,
    });
    const orderId = String(order._id);
    await setStatus(orderId, 'cancelled').expect(200);
    expect(await stockOf(tee._id)).toBe(5);

    await takeStock(t.deps, orderId);
    expect(await stockOf(tee._id)).toBe(5);
    expect((await Order.findById(orderId).lean())!.items[0]!.stock).toBe('taken');

    await setStatus(orderId, 'pending').expect(200);
    expect(await stockOf(tee._id)).toBe(3);
  });
});

describe('taking a paid order from stock', () => {
  /**
   * A paid order recorded but not yet taken from stock (as after a crash); with `stockClaim`,
   * inserted with its items claimed, as the payment's completion records it.
   */
  async function recordedOrder(
    lines: Array<[{ _id: unknown; name: string; price: number }, number]>,
    stockClaim?: StockClaim,
  ) {
    const { order } = await recordPaidOrder(t.deps, {
      user: shopper.id,
      items: lines.map(([p, q]) => ({
        product: String(p._id),
        name: p.name,
        photo: '',
        price: p.price,
        cartQuantity: q,
      })),
      amountPaise: lines.reduce((sum, [p, q]) => sum + p.price * q * 100, 0),
      currency: 'INR',
      shippingAddress: '7 Seed Street, Pune 411001',
      provider: 'sandbox',
      paymentId: `pay_${new mongoose.Types.ObjectId()}`,
      providerOrderId: `order_${new mongoose.Types.ObjectId()}`,
      stockClaim,
    });
    return String(order._id);
  }

  it('takes the items there is stock for, flags the order for the one short, and takes nothing twice', async () => {
    const tee = await makeProduct({ name: 'Monsoon Tee', quantity: 4 });
    const polo = await makeProduct({ name: 'Last Polo', quantity: 1 });
    const orderId = await recordedOrder([
      [tee, 3],
      [polo, 2],
    ]);

    // Three callers at once (verify, the webhook, reconciliation): one takes each item.
    const results = await Promise.all([1, 2, 3].map(() => takeStock(t.deps, orderId)));
    expect(results.flatMap((r) => r.short)).toEqual(['Last Polo']);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([1, 1]);
    const order = (await Order.findById(orderId).lean())!;
    expect(order.items.map((i) => i.stock)).toEqual(['taken', 'short']);
    expect(order.stockShortage).toBe(true);

    expect(await takeStock(t.deps, orderId)).toEqual({ short: [] });
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([1, 1]);
  });

  /** What a process leaves when it dies after claiming the order's items (and maybe taking some). */
  async function leftHalfTaken(orderId: string, claimedAt: Date | null, takenFirst: boolean) {
    const order = (await Order.findById(orderId).lean())!;
    const item = order.items[0]!;
    if (takenFirst)
      // takeOnce's write: the units and the item's key in one update of the product.
      await Product.updateOne(
        { _id: item.product, 'sizes.size': item.size as never },
        {
          $inc: { 'sizes.$.quantity': -item.cartQuantity, quantity: -item.cartQuantity },
          $push: { stockTakes: `${orderId}:0` },
        },
      );
    await Order.updateOne(
      { _id: orderId },
      {
        $set: {
          'items.$[].stock': 'taking',
          ...(claimedAt ? { stockClaim: 'dead-process', stockClaimedAt: claimedAt } : {}),
        },
      },
    );
  }
  const itemsOf = async (orderId: string) =>
    (await Order.findById(orderId).lean())!.items.map((i) => i.stock);

  it('finishes an order a process left half-way through taking its stock, taking nothing twice', async () => {
    const now = Date.now();
    const old = new Date(now - STOCK_CLAIM_MS);
    const tee = await makeProduct({ name: 'Taken Tee', quantity: 4 });
    const polo = await makeProduct({ name: 'Untaken Polo', quantity: 4 });
    const taken = await recordedOrder([[tee, 1]]);
    const untaken = await recordedOrder([[polo, 1]]);
    await leftHalfTaken(taken, old, true); // it died after taking the unit
    await leftHalfTaken(untaken, old, false); // it died before
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([3, 4]);

    expect(await finishStockTakes(t.deps, { now: () => now })).toBe(2);
    expect([await itemsOf(taken), await itemsOf(untaken)]).toEqual([['taken'], ['taken']]);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([3, 3]);
    // The keys are forgotten once the orders say what happened.
    const keys = await Product.find(
      { _id: { $in: [tee._id, polo._id] } },
      { stockTakes: 1 },
    ).lean();
    expect(keys.flatMap((p) => p.stockTakes ?? [])).toEqual([]);
    expect(await finishStockTakes(t.deps, { now: () => now })).toBe(0);
  });

  it('finishes an order whose process stopped right after inserting it with its items claimed', async () => {
    const now = Date.now();
    const tee = await makeProduct({ quantity: 4 });
    const polo = await makeProduct({ quantity: 4 });
    const orderId = await recordedOrder(
      [
        [tee, 1],
        [polo, 2],
      ],
      newStockClaim(() => now),
    );
    expect(await itemsOf(orderId)).toEqual(['taking', 'taking']);
    // Another caller (the webhook, a retry) leaves the claim to its holder while it is young.
    expect(await takeStock(t.deps, orderId, { now: () => now })).toEqual({ short: [] });
    expect(await finishStockTakes(t.deps, { now: () => now + STOCK_CLAIM_MS - 1 })).toBe(0);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([4, 4]);
    expect(await finishStockTakes(t.deps, { now: () => now + STOCK_CLAIM_MS })).toBe(1);
    expect(await itemsOf(orderId)).toEqual(['taken', 'taken']);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([3, 2]);
  });

  it('takes an order inserted with its claim once, however often its holder and others ask', async () => {
    const tee = await makeProduct({ quantity: 4 });
    const polo = await makeProduct({ name: 'Two Left Polo', quantity: 2 });
    const claim = newStockClaim();
    const orderId = await recordedOrder(
      [
        [tee, 1],
        [polo, 1],
        [polo, 2],
      ],
      claim,
    );
    const items = (await Order.findById(orderId).lean())!.items;
    const [held, ...others] = await Promise.all([
      takeStock(t.deps, orderId, { claimed: { ...claim, items } }),
      takeStock(t.deps, orderId),
      takeStock(t.deps, orderId),
    ]);
    // The holder took the tee and the first polo line; the second had only 1 left for 2.
    expect(held).toEqual({ short: ['Two Left Polo'] });
    expect(others).toEqual([{ short: [] }, { short: [] }]);
    expect(await itemsOf(orderId)).toEqual(['taken', 'taken', 'short']);
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([3, 1]);
    expect(await takeStock(t.deps, orderId)).toEqual({ short: [] });
    expect([await stockOf(tee._id), await stockOf(polo._id)]).toEqual([3, 1]);
    const keys = await Product.find(
      { _id: { $in: [tee._id, polo._id] } },
      { stockTakes: 1 },
    ).lean();
    expect(keys.flatMap((p) => p.stockTakes ?? [])).toEqual([]);
  });

  it('leaves a claim younger than STOCK_CLAIM_MS to the process that holds it', async () => {
    const now = Date.now();
    const tee = await makeProduct({ quantity: 4 });
    const orderId = await recordedOrder([[tee, 1]]);
    await leftHalfTaken(orderId, new Date(now - STOCK_CLAIM_MS + 1), false);
    expect(await finishStockTakes(t.deps, { now: () => now })).toBe(0);
    expect(await itemsOf(orderId)).toEqual(['taking']);
    expect(await finishStockTakes(t.deps, { now: () => now + 1 })).toBe(1);
    expect(await itemsOf(orderId)).toEqual(['taken']);
    expect(await stockOf(tee._id)).toBe(3);
  });

  it('finishes an order recorded but never taken, and one claimed before claims were dated', async () => {
    const tee = await makeProduct({ quantity: 4 });
    const recorded = await recordedOrder([[tee, 1]]);
    const undated = await recordedOrder([[tee, 1]]);
    await leftHalfTaken(undated, null, false);
    const later = Date.now() + STOCK_CLAIM_MS;
    expect(await finishStockTakes(t.deps, { now: () => later })).toBe(2);
    expect([await itemsOf(recorded), await itemsOf(undated)]).toEqual([['taken'], ['taken']]);
    expect(await stockOf(tee._id)).toBe(2);
  });

  it('gives back what a take-over finds taken when the order was cancelled meanwhile', async () => {
    const now = Date.now();
    const tee = await makeProduct({ quantity: 4 });
    const orderId = await recordedOrder([[tee, 2]]);
    await leftHalfTaken(orderId, new Date(now - STOCK_CLAIM_MS), true);
    await setStatus(orderId, 'cancelled').expect(200); // 'taking' units are not given back here
    expect(await stockOf(tee._id)).toBe(2);
    await finishStockTakes(t.deps, { now: () => now });
    expect(await stockOf(tee._id)).toBe(4);
  });

  it('stops a take that runs past half its claim: the take-over finishes it once', async () => {
    const tee = await makeProduct({ quantity: 4 });
    const orderId = await recordedOrder([[tee, 1]]);
    let clock = Date.now();
    // A process that stalls right after claiming: its next step finds itself late.
    const late = takeStock(t.deps, orderId, {
      now: () => {
        const at = clock;
        clock += STOCK_CLAIM_MS / 2 + 1;
        return at;
      },
    });
    expect(await late).toEqual({ short: [] });
    expect(await itemsOf(orderId)).toEqual(['taking']);
    expect(await stockOf(tee._id)).toBe(4);
    expect(await finishStockTakes(t.deps, { now: () => clock + STOCK_CLAIM_MS })).toBe(1);
    expect(await itemsOf(orderId)).toEqual(['taken']);
    expect(await stockOf(tee._id)).toBe(3);
  });
});
