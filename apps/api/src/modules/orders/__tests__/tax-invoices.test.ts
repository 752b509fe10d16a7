/**
 * Orders and their tax documents through the API: an order paid online gets its invoice (once
 * the seller's GST details are set), the owner and admins download it as a PDF, others cannot; a
 * business buyer's GSTIN is printed; 20 payments at once get 20 consecutive numbers; a cancel
 * makes a credit note; the month's report matches the orders.
 */
import { describe, expect, it } from 'vitest';
import { indiaDate } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import {
  makeProduct,
  payInSandbox,
  recordingMailer,
  sandboxCheckout,
} from '../../payments/__tests__/helpers.js';
import { Jobs } from '../../../lib/jobs.js';
import { createLogger } from '../../../lib/logger.js';
import { Order } from '../order.model.js';
import { recordPaidOrder } from '../record-order.js';
import { taxDocumentsJob } from '../index.js';

const mailer = recordingMailer();
const t = await setupTestApp({
  env: { PUBLIC_URL: 'https://shop.example.in' },
  overrides: () => ({ mailer }),
});
const admin = await t.createAdmin();
const asha = await t.createUser({ name: 'Asha Rao', address: '7 Lake Road, Pune 411001' });
const ravi = await t.createUser({ name: 'Ravi', address: '12 MG Road, Bengaluru 560001' });

/** supertest's parser for a binary answer (a PDF): the body as one Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
const download = (path: string, who: { auth: string }) =>
  t
    .request()
    .get(path)
    .set('Authorization', who.auth)
    .buffer(true)
    .parse(binary as never);

const SELLER = {
  legalName: 'Bright Threads Private Limited',
  address: '80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AAGCB7383J1Z4',
};

async function buy(shopper = asha, price = 2_625, quantity = 1, gstin?: string) {
  const tee = await makeProduct({ name: 'Sunset Tee', price, quantity: 50 });
  if (!gstin)
    return sandboxCheckout(t, shopper, [{ _id: String(tee._id), cartQuantity: quantity }], {
      amount: price * quantity,
    });
  const created = await t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', shopper.auth)
    .send({
      amount: price * quantity,
      items: [{ _id: String(tee._id), cartQuantity: quantity }],
      gstin,
    })
    .expect(200);
  const paid = await payInSandbox(t, created.body.order.id);
  const verified = await t
    .request()
    .post('/api/payment/verify-payment')
    .set('Authorization', shopper.auth)
    .send({ ...paid, userId: shopper.id })
    .expect(200);
  return verified.body.orderId as string;
}

describe('before the seller’s GST details are set', () => {
  it('records the tax on the order but makes no invoice', async () => {
    const orderId = await buy();
    const order = await Order.findById(orderId).lean();
    expect(order!.tax).toMatchObject({
      placeOfSupply: 'Maharashtra',
      lines: [{ rate: 5, taxablePaise: 250_000, taxPaise: 12_500 }],
      charges: [],
    });
    expect(order!.invoice).toBeNull();
    const res = await t
      .request()
      .get(`/api/orders/${orderId}/invoice`)
      .set('Authorization', asha.auth)
      .expect(404);
    expect(res.body).toMatchObject({
      success: false,
      message: 'This order has no tax invoice yet',
    });
  });

  it('orders paid meanwhile wait for their invoice too', async () => {
    for (const price of [499, 1_299]) {
      const orderId = await buy(ravi, price);
      expect((await Order.findById(orderId).lean())!.invoice).toBeNull();
    }
  });
});

describe('with the seller’s details set', () => {
  it('refuses a GSTIN that does not add up, beside its field', async () => {
    const res = await t
      .request()
      .put('/api/admin/settings/gst')
      .set('Authorization', admin.auth)
      .send({ ...SELLER, gstin: '29AAGCB7383J1Z5' })
      .expect(400);
    expect(res.body.issues).toEqual([
      { path: 'gstin', message: 'This GSTIN’s check character is wrong' },
    ]);
    await t
      .request()
      .put('/api/admin/settings/gst')
      .set('Authorization', admin.auth)
      .send(SELLER)
      .expect(200);
  });

  it('an order paid online gets its invoice; the owner and admins download it, others cannot', async () => {
    const orderId = await buy(asha, 2_626, 2);
    const page = await t
      .request()
      .get(`/api/orders/${orderId}`)
      .set('Authorization', asha.auth)
      .expect(200);
    const number = page.body.order.invoice.number as string;
    expect(number).toMatch(/^TS\/\d{2}-\d{2}\/\d{6}$/);

    const res = await download(`/api/orders/${orderId}/invoice`, asha).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${number.replace(/\//g, '-')}.pdf`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(number);
    expect(text).toContain('Bright Threads Private Limited');
    expect(text).toContain('Asha Rao');
    expect(text).toContain('Maharashtra (27)');
    expect(text).toContain('IGST');
    expect(text).toContain('Sunset Tee');
    expect(text).toContain('4,450.85'); // ₹5,252 at 18% inside: ₹4,450.85 taxable
    expect(text).toContain('5,252.00');
    expect(text).toContain('Rupees Five Thousand Two Hundred Fifty-Two Only');

    await download(`/api/orders/${orderId}/invoice`, admin).expect(200);
    // The confirmation mail names the invoice and links to the order page that downloads it.
    await expect
      .poll(() =>
        mailer.sent.find((m) => m.subject.includes(page.body.order._id.slice(-8).toUpperCase())),
      )
      .toBeDefined();
    const mail = mailer.sent.find((m) =>
      m.subject.includes(page.body.order._id.slice(-8).toUpperCase()),
    )!;
    expect(mail.text).toContain(
      `Your tax invoice ${number}: download it from your order page, https://shop.example.in/dashboard/user/orders/${orderId}`,
    );
    const other = await t
      .request()
      .get(`/api/orders/${orderId}/invoice`)
      .set('Authorization', ravi.auth)
      .expect(403);
    expect(other.body).toMatchObject({ success: false });
    await t.request().get(`/api/orders/${orderId}/invoice`).expect(401);
    await t
      .request()
      .get(`/api/orders/aaaaaaaaaaaaaaaaaaaaaaaa/invoice`)
      .set('Authorization', admin.auth)
      .expect(404);
  });

  it('an order paid before the details were set gets its invoice when asked for', async () => {
    const earlier = await Order.findOne({ invoice: null, user: asha.id }).lean();
    const res = await download(`/api/orders/${String(earlier!._id)}/invoice`, asha).expect(200);
    expect(await pdfText(res.body as Buffer)).toContain('TAX INVOICE');
  });

  it('the background job issues the invoices still owed, in one copy however many run', async () => {
    const owed = await Order.find({ invoice: null, tax: { $ne: null } })
      .sort({ createdAt: 1 })
      .lean();
    expect(owed.map((o) => o.amountPaise)).toEqual([49_900, 129_900]);
    const last = await Order.findOne({ invoice: { $ne: null } })
      .sort({ 'invoice.number': -1 })
      .lean();
    const lastSequence = Number(last!.invoice!.number.split('/')[2]);

    let runs = 0;
    const job = taxDocumentsJob(t.deps);
    const copies = [1, 2, 3].map(() =>
      new Jobs({ logger: createLogger('silent') }).add({
        ...job,
        run: (ctx) => ((runs += 1), job.run(ctx)),
      }),
    );
    await Promise.all(copies.map((c) => c.tick()));
    await Promise.all(copies.map((c) => c.stop()));

    expect(runs).toBe(1);
    const invoiced = await Order.find({ _id: { $in: owed.map((o) => o._id) } })
      .sort({ createdAt: 1 })
      .lean();
    expect(invoiced.map((o) => Number(o.invoice?.number.split('/')[2]))).toEqual([
      lastSequence + 1,
      lastSequence + 2,
    ]);
    const text = await pdfText(
      (await download(`/api/orders/${String(owed[1]!._id)}/invoice`, ravi).expect(200))
        .body as Buffer,
    );
    expect(text).toContain(invoiced[1]!.invoice!.number);
    expect(text).toContain('1,299.00');
  });

  it('prints a business buyer’s GSTIN; within Karnataka the tax is CGST and SGST', async () => {
    const orderId = await buy(ravi, 999, 1, '27aapfu0939f1zv');
    const text = await pdfText(
      (await download(`/api/orders/${orderId}/invoice`, ravi).expect(200)).body as Buffer,
    );
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('CGST');
    expect(text).toContain('23.79'); // ₹999 at 5%: ₹47.57 tax, ₹23.78 CGST + ₹23.79 SGST
  });

  it('an order below the free-delivery threshold: its invoice taxes the delivery fee and adds up to what was paid', async () => {
    const tee = await makeProduct({ name: 'Sunset Tee', price: 399, quantity: 5 });
    // ₹399 is below ₹499: ₹49 delivery, ₹448 paid.
    const orderId = await sandboxCheckout(t, asha, [{ _id: String(tee._id), cartQuantity: 1 }], {
      amount: 448,
    });
    const order = (await Order.findById(orderId).lean())!;
    expect(order).toMatchObject({ amountPaise: 44_800, shippingFeePaise: 4_900, codFeePaise: 0 });
    const tax = order.tax!;
    expect(tax.charges).toEqual([
      { kind: 'delivery', rate: 5, taxablePaise: 4_667, taxPaise: 233 },
    ]);
    const parts = [...tax.lines, ...tax.charges];
    expect(parts.reduce((s, p) => s + p.taxablePaise + p.taxPaise, 0)).toBe(order.amountPaise);

    const text = await pdfText(
      (await download(`/api/orders/${orderId}/invoice`, asha).expect(200)).body as Buffer,
    );
    expect(text).toContain('Delivery charges');
    expect(text).toContain('46.67'); // ₹49 at 5% inside: ₹46.67 taxable
    expect(text).toContain('448.00');
    expect(text).toContain('Rupees Four Hundred Forty-Eight Only');
  });

  it('refuses a wrong GSTIN at checkout', async () => {
    const tee = await makeProduct({ name: 'Sunset Tee', price: 499, quantity: 5 });
    const res = await t
      .request()
      .post('/api/payment/create-order')
      .set('Authorization', asha.auth)
      .send({
        amount: 499,
        items: [{ _id: String(tee._id), cartQuantity: 1 }],
        gstin: '27AAPFU0939F1ZW',
      })
      .expect(400);
    expect(res.body.issues[0]).toMatchObject({ path: 'gstin' });
  });

  it('20 orders paid at once get 20 consecutive invoice numbers', async () => {
    const before = await Order.countDocuments({ invoice: { $ne: null } });
    const ids = await Promise.all(Array.from({ length: 20 }, () => buy(asha, 499, 1)));
    const orders = await Order.find({ _id: { $in: ids } }).lean();
    const sequences = orders
      .map((o) => Number(o.invoice!.number.split('/')[2]))
      .sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences[19]! - sequences[0]!).toBe(19);
    expect(sequences[0]).toBe(before + 1);
  });

  it('cancelling an invoiced order makes a credit note against it', async () => {
    const orderId = await buy(asha, 649, 1);
    const res = await t
      .request()
      .put(`/api/orders/cancel/${orderId}`)
      .set('Authorization', asha.auth)
      .expect(200);
    expect(res.body.order.creditNotes).toEqual([
      { number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/000001$/), issuedAt: expect.any(String) },
    ]);
    const text = await pdfText(
      (await download(`/api/orders/${orderId}/credit-notes/1`, asha).expect(200)).body as Buffer,
    );
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(res.body.order.invoice.number);
    expect(text).toContain('649.00');
    await t
      .request()
      .get(`/api/orders/${orderId}/credit-notes/2`)
      .set('Authorization', asha.auth)
      .expect(404);
  });

  it('the month’s report: its invoice total is what the invoiced orders were paid', async () => {
    const orders = await Order.find({ invoice: { $ne: null } }).lean();
    // The report's months are India's; a run across a month's end reads the first one.
    const monthOf = (o: (typeof orders)[number]) => indiaDate(o.invoice!.issuedAt).slice(0, 7);
    const month = monthOf(orders[0]!);
    const inMonth = orders.filter((o) => monthOf(o) === month);
    const res = await t
      .request()
      .get(`/api/admin/gst-report?month=${month}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.text.trim().split('\r\n');
    const invoices = rows.find((r) => r.startsWith('Invoices,'))!.split(',');
    const paid = inMonth.reduce((s, o) => s + o.amountPaise, 0);
    expect(Number(invoices[1])).toBe(inMonth.length);
    expect(Math.round(Number(invoices[6]) * 100)).toBe(paid);
    const cancelled = inMonth.filter((o) => o.status === 'cancelled');
    const credits = rows.find((r) => r.startsWith('Credit notes,'))!.split(',');
    expect(Math.round(Number(credits[6]) * 100)).toBe(
      cancelled.reduce((s, o) => s + o.amountPaise, 0),
    );

    await t
      .request()
      .get('/api/admin/gst-report?month=2026-13')
      .set('Authorization', admin.auth)
      .expect(400);
    await t
      .request()
      .get(`/api/admin/gst-report?month=${month}`)
      .set('Authorization', asha.auth)
      .expect(403);
  });
});

describe('the fees on the invoice', () => {
  it('taxes a cash-on-delivery fee beside the delivery fee; parts that do not add up to the amount get no tax', async () => {
    const tee = await makeProduct({ name: 'Sunset Tee', price: 399, quantity: 5 });
    const paid = (key: string, amountPaise: number) =>
      recordPaidOrder(t.deps, {
        user: asha.id,
        items: [
          {
            product: String(tee._id),
            name: 'Sunset Tee',
            photo: '/uploads/products/sunset.webp',
            price: 399,
            cartQuantity: 2,
          },
        ],
        amountPaise,
        shippingFeePaise: 0,
        codFeePaise: 3_000,
        currency: 'INR',
        shippingAddress: '7 Lake Road, Pune 411001',
        provider: 'sandbox',
        paymentId: `pay_${key}`,
        providerOrderId: `order_${key}`,
      });
    const { order } = await paid('fees-add-up', 82_800);
    expect(order.tax!.charges).toEqual([
      { kind: 'cod', rate: 5, taxablePaise: 2_857, taxPaise: 143 },
    ]);
    const invoice = await download(`/api/orders/${String(order._id)}/invoice`, asha).expect(200);
    const text = await pdfText(invoice.body as Buffer);
    expect(text).toContain('Cash on delivery fee');
    expect(text).toContain('828.00');

    const { order: wrong } = await paid('fees-short', 82_700);
    expect(wrong.tax).toBeNull();
  });
});

describe('a cash-on-delivery order', () => {
  it('is invoiced when it ships, not before: the background job leaves it until then', async () => {
    const shopper = await t.createUser({ address: '12 MG Road, Bengaluru, Karnataka 560001' });
    const book = await t
      .request()
      .get('/api/user/addresses')
      .set('Authorization', shopper.auth)
      .expect(200);
    const tee = await makeProduct({ name: 'Cash Tee', price: 600, quantity: 5 });
    // ₹600, free delivery from ₹499, ₹40 for cash on delivery.
    const placed = await t
      .request()
      .post('/api/orders/cod')
      .set('Authorization', shopper.auth)
      .set('Idempotency-Key', 'tax-invoices-cod-1')
      .send({
        amount: 640,
        addressId: book.body.addresses[0]._id,
        items: [{ _id: String(tee._id), cartQuantity: 1 }],
      })
      .expect(201);
    const id = placed.body.order._id as string;

    await new Jobs({ logger: createLogger('silent') }).add(taxDocumentsJob(t.deps)).tick();
    expect((await Order.findById(id).lean())!.invoice).toBeNull();
    const none = await t
      .request()
      .get(`/api/orders/${id}/invoice`)
      .set('Authorization', shopper.auth)
      .expect(404);
    expect(none.body.message).toBe('This order has no tax invoice yet');

    await t
      .request()
      .put(`/api/orders/update-status/${id}`)
      .set('Authorization', admin.auth)
      .send({ status: 'shipped' })
      .expect(200);
    const shipped = await Order.findById(id).lean();
    expect(shipped!.invoice?.number).toMatch(/^TS\/\d\d-\d\d\/\d{6}$/);
    const text = await pdfText(
      (await download(`/api/orders/${id}/invoice`, shopper).expect(200)).body as Buffer,
    );
    expect(text).toContain(shipped!.invoice!.number);
    expect(text).toContain('640.00');
  });
});
