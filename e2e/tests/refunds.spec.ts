/**
 * Cancellations that return the money: a shopper pays in the sandbox, cancels on the order
 * page and sees the refund (and the mails); an admin cancels an order and sees its refund, and
 * gives back a second payment that made no order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import {
  ADMIN,
  addFirstProductToCart,
  loginViaApi,
  placeOrder,
  registerViaApi,
  signInAs,
  test,
  uniqueEmail,
} from './support.js';

/** The mails in the shop's outbox to `email` whose text matches `pattern`. */
function mailsTo(email: string, pattern: RegExp): string[] {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.includes(safe));
  } catch {
    return []; // no mail sent yet
  }
  return files.map((f) => readFileSync(join(outbox, f), 'utf8')).filter((m) => pattern.test(m));
}

test.describe('cancelling an order', () => {
  test('a shopper pays in the sandbox, cancels on the order page and sees the refund', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('refund');
    const shopper = await registerViaApi(request, { name: 'Nisha Rao', email });
    await signInAs(page, shopper, '/');
    const { productName } = await addFirstProductToCart(page);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
    await page.goto('/dashboard/user/orders');

    // Your Orders links the order to its page.
    await page
      .getByRole('link', { name: /^View order #/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard\/user\/orders\/[a-f0-9]{24}$/);
    const orderId = page.url().split('/').at(-1)!;
    const number = orderId.slice(-8).toUpperCase();
    await expect(page.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' })).toContainText(productName);
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('pay_sandbox_');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Paid');

    // Cancel, confirmed in the dialog.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(confirm).toContainText('refunded to the card or account you paid with');
    await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(
      page.getByText(/Your order was cancelled\. A refund of ₹[\d,]+ is on its way\./),
    ).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByText('Refund processed', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByText(/was refunded on .* to the card or account you paid with/),
    ).toBeVisible();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Cancelled by you');
    await expect(timeline).toContainText('Refund processed');
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    // The list shows the refund too, and the mails arrived.
    await page.getByRole('link', { name: '← Your Orders' }).click();
    await expect(page.getByText('Refund processed', { exact: true }).first()).toBeVisible();
    await expect
      .poll(() => mailsTo(email, /is cancelled/).length, { message: 'the cancelled mail' })
      .toBe(1);
    expect(mailsTo(email, /is cancelled/)[0]).toContain('at your request');
    await expect
      .poll(() => mailsTo(email, /refund for order/).length, { message: 'the refund mail' })
      .toBe(1);
  });

  test('the receipt prints on its own: letterhead, lines and payment id, without the shop chrome', async ({
    page,
    request,
  }) => {
    const shopper = await registerViaApi(request, { name: 'Dev Mehta' });
    const orderId = await placeOrder(request, shopper);
    await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
    await expect(page.getByRole('heading', { name: /^Order #/ })).toBeVisible();
    await expect(page.getByText('Receipt', { exact: true })).toBeHidden();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByText('Receipt', { exact: true })).toBeVisible();
    // The letterhead is the seller and contact the shop's settings hold (as other specs left them).
    const { settings } = await (await request.get('/api/settings/public')).json();
    const letterhead = page.getByText('Receipt', { exact: true }).locator('..');
    if (settings.gst.legalName) await expect(letterhead).toContainText(settings.gst.legalName);
    if (settings.shop.email) await expect(letterhead).toContainText(settings.shop.email);
    await expect(letterhead).not.toContainText('Bengaluru, Karnataka, India');
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('pay_sandbox_');
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.locator('footer').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeHidden();
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('an admin cancels an order and sees its refund status', async ({ page, request }) => {
    const shopper = await registerViaApi(request, { name: 'Kiran Das' });
    const orderId = await placeOrder(request, shopper);
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    await signInAs(page, admin, '/dashboard/admin/adminorder');
    // The order number everyone sees (shared orderNumber): the id's last 8 characters.
    const status = page.getByLabel(`Status for order ${orderId.slice(-8).toUpperCase()}`);
    await status.selectOption('cancelled');
    // A cancel that refunds asks first, naming the money and the shopper.
    const confirm = page.getByRole('dialog', { name: /^Cancel order #/ });
    await expect(confirm.getByText(/^Refund ₹[\d,]+ to Kiran Das\?$/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(status).toHaveValue('cancelled');
    const card = page.getByRole('article').filter({ has: status });
    await expect(card.getByText('Refund processed')).toBeVisible();

    // The shopper's order page says the same.
    const answer = await request.get(`/api/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${shopper.token}` },
    });
    expect((await answer.json()).order.refund).toMatchObject({ status: 'processed' });
  });

  test('an admin gives back a second payment for an order already paid', async ({
    page,
    request,
  }) => {
    const shopper = await registerViaApi(request, { name: 'Meera Iyer' });
    const orderId = await placeOrder(request, shopper, { paidTwice: true });
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    await signInAs(page, admin, '/dashboard/admin/adminorder');
    const settle = page.getByRole('region', { name: /^Payments to settle/ });
    const card = settle.getByRole('article', { name: 'Meera Iyer' });
    await expect(card).toContainText('A second payment for the same checkout');
    await card.getByRole('button', { name: /^Refund ₹/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Refund ₹/ });
    await expect(dialog).toContainText('goes back to Meera Iyer');
    await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
    await expect(page.getByText(/^Refund of ₹[\d,]+ processed$/)).toBeVisible();
    await expect(card).toBeHidden();

    // The shopper is told by mail, and their order page says so.
    await expect
      .poll(() => mailsTo(shopper.user.email, /is refunded/).length, {
        message: 'the shopper mail',
      })
      .toBe(1);
    expect(mailsTo(shopper.user.email, /is refunded/)[0]).toContain(
      'You were charged twice for order',
    );
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
    const notice = page.getByRole('region', { name: 'You were charged twice' });
    await expect(notice).toContainText(/A second payment of ₹[\d,]+ reached us for this order/);
    await expect(notice).toContainText('within 5–7 working days');
  });
});
