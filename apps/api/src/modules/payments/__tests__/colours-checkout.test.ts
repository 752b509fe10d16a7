/**
 * Colours through checkout: create-order prices and checks each line's colour and size (400
 * for an unknown colour or none of several, 409 naming product, colour and size), the paid
 * order carries the colour with that colour's photo and takes the stock of that colour and size
 * only (also when shoppers race across colours), cancelling puts it back there, and the lists
 * and the mail show "Black · M".
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { Checkout } from '../checkout.model.js';
import { colourStockOf, makeProduct, recordingMailer, sandboxCheckout } from './helpers.js';

const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ mailer }) });
const admin = await t.createAdmin();

type Item = { _id: string; cartQuantity: number; size?: string; colour?: string };
/** A guest's checkout: the address to ship to comes with the cart. */
const createOrder = (items: Item[], amount: number) =>
  t
    .request()
    .post('/api/payment/create-order')
    .send({ amount, items, shippingAddress: '1 Race Road, Pune 411001' });

/** Sakura Drift Tee in Black (M 2, L 3) and Bottle Green (M 4), ₹600. */
const sakura = () =>
  makeProduct({
    name: 'Sakura Drift Tee',
    price: 600,
    colours: [
      {
        name: 'Black',
        sizes: [
          { size: 'M', quantity: 2 },
          { size: 'L', quantity: 3 },
        ],
      },
      { name: 'Bottle Green', sizes: [{ size: 'M', quantity: 4 }] },
    ],
  });

describe('create-order with colours', () => {
  it('names the product, the colour and the size when too few are left (409)', async () => {
    const tee = await sakura();
    const id = String(tee._id);
    const short = await createOrder(
      [{ _id: id, cartQuantity: 3, size: 'M', colour: 'Black' }],
      1800,
    ).expect(409);
    expect(short.body).toMatchObject({
      success: false,
      message: 'Only 2 left of Sakura Drift Tee in Black, M',
      productId: id,
      colour: 'Black',
      size: 'M',
      available: 2,
    });
    // Lines of one colour and size are added up before they are checked; the other colour's
    // stock does not count.
    const merged = await createOrder(
      [
        { _id: id, cartQuantity: 2, size: 'M', colour: 'Black' },
        { _id: id, cartQuantity: 1, size: 'M', colour: 'black' },
        { _id: id, cartQuantity: 4, size: 'M', colour: 'Bottle Green' },
      ],
      600 * 7,
    ).expect(409);
    expect(merged.body.message).toBe('Only 2 left of Sakura Drift Tee in Black, M');

    await Order.db
      .collection('products')
      .updateOne(
        { _id: tee._id },
        { $set: { 'colours.1.sizes.0.quantity': 0, 'sizes.1.quantity': 2, quantity: 5 } },
      );
    const sold = await createOrder(
      [{ _id: id, cartQuantity: 1, size: 'M', colour: 'Bottle Green' }],
      600,
    ).expect(409);
    expect(sold.body.message).toBe('Sakura Drift Tee in Bottle Green, M is out of stock');
  });

  it('refuses an unknown colour, no colour of several, or a size the colour is not made in (400)', async () => {
    const tee = await sakura();
    const id = String(tee._id);
    const unknown = await createOrder(
      [{ _id: id, cartQuantity: 1, size: 'M', colour: 'Red' }],
      600,
    ).expect(400);
    expect(unknown.body.message).toBe('Sakura Drift Tee does not come in Red');
    const none = await createOrder([{ _id: id, cartQuantity: 1, size: 'M' }], 600).expect(400);
    expect(none.body.message).toBe('Please choose a colour of Sakura Drift Tee');
    const notMade = await createOrder(
      [{ _id: id, cartQuantity: 1, size: 'L', colour: 'Bottle Green' }],
      600,
    ).expect(400);
    expect(notMade.body.message).toBe('Sakura Drift Tee in Bottle Green is not made in size L');
    const noSize = await createOrder([{ _id: id, cartQuantity: 1, colour: 'Black' }], 600).expect(
      400,
    );
    expect(noSize.body.message).toBe('Please choose a size of Sakura Drift Tee in Black');
    expect(await Checkout.countDocuments({ 'items.product': tee._id })).toBe(0);
  });

  it('takes a product in one colour without a colour (an older cart), and records its name', async () => {
    const plain = await makeProduct({
      name: 'Plain Tee',
      price: 450,
      colours: [{ name: 'White', sizes: [{ size: 'S', quantity: 2 }] }],
    });
    const res = await createOrder(
      [{ _id: String(plain._id), cartQuantity: 2, size: 'S' }],
      900,
    ).expect(200);
    const checkout = await Checkout.findOne({ providerOrderId: res.body.order.id }).lean();
    expect(checkout!.items.map((i) => [i.colour, i.size, i.cartQuantity])).toEqual([
      ['White', 'S', 2],
    ]);
  });
});

describe('a paid order with colours', () => {
  it("carries each colour with its photo, takes that colour's stock, shows Black · M, and a cancel puts it back", async () => {
    const tee = await sakura();
    const shopper = await t.createUser({ name: 'Asha', email: 'asha-colours@example.com' });
    const id = String(tee._id);
    const orderId = await sandboxCheckout(
      t,
      shopper,
      [
        { _id: id, cartQuantity: 1, size: 'M', colour: 'black' },
        { _id: id, cartQuantity: 2, size: 'M', colour: 'Bottle Green' },
      ],
      { amount: 1800, shippingAddress: '7 Seed Street, Pune 411001' },
    );
    expect(await colourStockOf(tee._id)).toEqual({
      'Black M': 1,
      'Black L': 3,
      'Bottle Green M': 2,
      total: 6,
    });
    const stored = await t.request().get(`/api/product/get-product/${tee.slug}`).expect(200);
    expect(stored.body.Aproduct.sizes).toEqual([
      { size: 'M', quantity: 3 },
      { size: 'L', quantity: 3 },
    ]);

    const detail = await t
      .request()
      .get(`/api/orders/${orderId}`)
      .set('Authorization', shopper.auth)
      .expect(200);
    const [black, green] = tee.colours!;
    expect(
      detail.body.order.items.map((i: Record<string, unknown>) => [
        i.colour,
        i.size,
        i.cartQuantity,
        i.photo,
      ]),
    ).toEqual([
      ['Black', 'M', 1, black!.images[0]!.url],
      ['Bottle Green', 'M', 2, green!.images[0]!.url],
    ]);
    const mail = mailer.sent.find((m) => m.to === 'asha-colours@example.com')!;
    expect(mail.text).toContain('1 × Sakura Drift Tee (Black · M) — ₹600');
    expect(mail.html).toContain('Sakura Drift Tee (Bottle Green · M)');

    await t
      .request()
      .put(`/api/orders/update-status/${orderId}`)
      .set('Authorization', admin.auth)
      .send({ status: 'cancelled' })
      .expect(200);
    expect(await colourStockOf(tee._id)).toEqual({
      'Black M': 2,
      'Black L': 3,
      'Bottle Green M': 4,
      total: 9,
    });
    const admins = await t
      .request()
      .get('/api/orders/adminorders')
      .set('Authorization', admin.auth)
      .expect(200);
    const seen = admins.body.orders.find((o: { _id: string }) => o._id === orderId);
    expect(seen.items.map((i: { colour: string }) => i.colour)).toEqual(['Black', 'Bottle Green']);
  });

  it('lets shoppers race for the last ones in two colours: each colour sells what it holds, no more', async () => {
    const tee = await makeProduct({
      name: 'Race Tee',
      price: 600,
      colours: [
        { name: 'Black', sizes: [{ size: 'M', quantity: 1 }] },
        { name: 'White', sizes: [{ size: 'M', quantity: 2 }] },
      ],
    });
    const id = String(tee._id);
    const colours = ['Black', 'Black', 'Black', 'White', 'White', 'White'];
    const shoppers = await Promise.all(colours.map(() => t.createUser()));
    const created = await Promise.all(
      colours.map((colour) =>
        createOrder([{ _id: id, cartQuantity: 1, size: 'M', colour }], 600).expect(200),
      ),
    );
    const paid = await Promise.all(
      created.map((c) =>
        t
          .request()
          .post('/api/payment/sandbox/pay')
          .send({ order_id: c.body.order.id })
          .expect(200),
      ),
    );
    const verified = await Promise.all(
      shoppers.map((s, k) =>
        t
          .request()
          .post('/api/payment/verify-payment')
          .set('Authorization', s.auth)
          .send({ ...paid[k]!.body, userId: s.id, shippingAddress: '1 Race Road, Pune 411001' }),
      ),
    );
    expect(verified.map((r) => r.status)).toEqual(colours.map(() => 200));
    const orders = await Order.find({
      providerOrderId: { $in: created.map((c) => c.body.order.id as string) },
    }).lean();
    const outcome = (colour: string) =>
      orders
        .filter((o) => o.items[0]!.colour === colour)
        .map((o) => o.items[0]!.stock)
        .sort();
    expect(outcome('Black')).toEqual(['short', 'short', 'taken']);
    expect(outcome('White')).toEqual(['short', 'taken', 'taken']);
    expect(await colourStockOf(tee._id)).toEqual({ 'Black M': 0, 'White M': 0, total: 0 });
  });
});
