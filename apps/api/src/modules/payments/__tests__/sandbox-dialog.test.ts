/**
 * The sandbox checkout script in a DOM (jsdom), loaded by a <script src> from the running
 * API exactly as the web app loads it: the dialog, its keyboard use, and Pay → handler →
 * verify-payment against the real API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { makeProduct } from './helpers.js';

const t = await setupTestApp();
const server: Server = await new Promise((resolve) => {
  const s = createServer(t.app).listen(0, '127.0.0.1', () => resolve(s));
});
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface RazorpayLike {
  open(): void;
  on(event: string, fn: (payload: unknown) => void): void;
}
type SandboxWindow = JSDOM['window'] & {
  Razorpay: new (options: Record<string, unknown>) => RazorpayLike;
};

async function shopPage(theme: 'light' | 'dark' = 'light'): Promise<SandboxWindow> {
  const html = `<!doctype html><html class="${theme}"><body><button id="checkout">Proceed to Checkout</button>
    <script src="${base}/api/payment/sandbox/checkout.js"></script></body></html>`;
  const dom = new JSDOM(html, {
    url: `${base}/cart`,
    runScripts: 'dangerously',
    resources: 'usable',
    pretendToBeVisual: true,
  });
  await new Promise((resolve) => dom.window.addEventListener('load', resolve));
  const win = dom.window as unknown as SandboxWindow;
  // jsdom has no fetch: lend it Node's (the script's requests go to the real API).
  (win as unknown as { fetch: typeof fetch }).fetch = fetch;
  win.document.getElementById('checkout')!.focus();
  return win;
}

async function providerOrder(shopper: { auth: string }) {
  const p = await makeProduct({ price: 799, quantity: 5 });
  const res = await t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', shopper.auth)
    .send({ amount: 1598, items: [{ _id: String(p._id), cartQuantity: 2 }] })
    .expect(200);
  return res.body.order as { id: string; amount: number; currency: string };
}

const key = (win: SandboxWindow, k: string, shiftKey = false) =>
  win.document.activeElement!.dispatchEvent(
    new win.KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true }),
  );
const button = (win: SandboxWindow, name: string) =>
  [...win.document.querySelectorAll('[role="dialog"] button')].find(
    (b) => b.textContent === name,
  ) as HTMLButtonElement;

describe('the sandbox checkout dialog', () => {
  it('shows a labelled modal dialog with the amount and the prefilled email, focus inside, Escape = Cancel', async () => {
    const shopper = await t.createUser();
    const order = await providerOrder(shopper);
    const win = await shopPage();
    const ondismiss = vi.fn();
    new win.Razorpay({
      key: 'rzp_sandbox',
      amount: order.amount,
      currency: 'INR',
      name: 'T-Shirt Shop',
      description: 'Order payment',
      order_id: order.id,
      prefill: { name: 'Asha', email: 'asha@example.com', contact: '9000000001' },
      handler: vi.fn(),
      modal: { ondismiss },
      theme: { color: '#0f766e' },
    }).open();

    const dialog = win.document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const labelledBy = win.document.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(labelledBy.tagName).toBe('H2');
    expect(labelledBy.textContent).toBe('Sandbox payment');
    expect(dialog.textContent).toContain('Sandbox — no real money moves');
    expect(dialog.textContent).toContain('₹1,598.00');
    expect(dialog.textContent).toContain('asha@example.com');
    expect(dialog.textContent).toContain('T-Shirt Shop · Order payment');
    expect(dialog.getAttribute('style')).toContain('background:#ffffff');

    expect(win.document.activeElement).toBe(button(win, 'Pay'));
    key(win, 'Tab', true);
    expect(win.document.activeElement).toBe(button(win, 'Cancel'));
    key(win, 'Tab');
    expect(win.document.activeElement).toBe(button(win, 'Pay'));

    key(win, 'Escape');
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(win.document.querySelector('[role="dialog"]')).toBeNull();
    expect(win.document.activeElement!.id).toBe('checkout');
  });

  it('Pay asks the API for a signed payment and hands it to the handler, which verify-payment accepts', async () => {
    const shopper = await t.createUser();
    const order = await providerOrder(shopper);
    const win = await shopPage('dark');
    const handler = vi.fn();
    new win.Razorpay({
      key: 'rzp_sandbox',
      amount: order.amount,
      currency: 'INR',
      order_id: order.id,
      prefill: { email: 'a@b.co' },
      handler,
    }).open();
    expect(win.document.querySelector('[role="dialog"]')!.getAttribute('style')).toContain(
      'background:#1f2937',
    );

    button(win, 'Pay').click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    const fields = handler.mock.calls[0]![0];
    expect(Object.keys(fields).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(fields.razorpay_order_id).toBe(order.id);
    expect(win.document.querySelector('[role="dialog"]')).toBeNull();

    const res = await t
      .request()
      .post('/api/payment/verify-payment')
      .set('Authorization', shopper.auth)
      .send({ ...fields, userId: shopper.id, shippingAddress: '12 MG Road' })
      .expect(200);
    expect(
      await Order.exists({ _id: res.body.orderId, paymentId: fields.razorpay_payment_id }),
    ).toBeTruthy();
  });

  it("Fail payment fires payment.failed with Razorpay's error shape and keeps the dialog open; Cancel dismisses", async () => {
    const shopper = await t.createUser();
    const order = await providerOrder(shopper);
    const win = await shopPage();
    const failed = vi.fn();
    const ondismiss = vi.fn();
    const handler = vi.fn();
    const rzp = new win.Razorpay({
      key: 'rzp_sandbox',
      amount: order.amount,
      order_id: order.id,
      handler,
      modal: { ondismiss },
    });
    rzp.on('payment.failed', failed);
    rzp.open();

    button(win, 'Fail payment').click();
    expect(failed).toHaveBeenCalledWith({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: expect.any(String),
        source: 'customer',
        step: 'payment_authentication',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_sandbox_/) },
      },
    });
    expect(win.document.querySelector('[role="dialog"]')!.textContent).toContain('Payment failed');
    button(win, 'Cancel').click();
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
    expect(win.document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('shows the API refusal in the dialog when Pay fails (an order already paid)', async () => {
    const shopper = await t.createUser();
    const order = await providerOrder(shopper);
    await t
      .request()
      .post('/api/payment/sandbox/pay')
      .send({ order_id: order.id })
      .expect(200)
      .then((r) =>
        t
          .request()
          .post('/api/payment/verify-payment')
          .set('Authorization', shopper.auth)
          .send({ ...r.body, userId: shopper.id, shippingAddress: 'x' })
          .expect(200),
      );
    const win = await shopPage();
    const handler = vi.fn();
    new win.Razorpay({
      key: 'rzp_sandbox',
      amount: order.amount,
      order_id: order.id,
      handler,
    }).open();
    button(win, 'Pay').click();
    await vi.waitFor(
      () =>
        expect(win.document.querySelector('[role="status"]')!.textContent).toBe(
          'This order is already paid',
        ),
      { timeout: 20_000 },
    );
    expect(handler).not.toHaveBeenCalled();
    expect(button(win, 'Pay').disabled).toBe(false);
  });
});
