/**
 * Cash on delivery in the browser: a shopper chooses Cash on delivery in the cart and places the
 * order at once; the admin marks it delivered and then its cash collected with the courier's
 * remittance reference.
 */
import { expect } from '@playwright/test';
import {
  ADMIN,
  findProduct,
  loginViaApi,
  pickSize,
  registerViaApi,
  signInAs,
  sizesInStock,
  test,
} from './support.js';

test('a shopper places a COD order; the admin marks it delivered and its cash collected', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => sizesInStock(p).length >= 1);
  const shopper = await registerViaApi(request, { name: 'Farah Khan' });
  await signInAs(page, shopper, `/product-detail/${product.slug}`);
  await pickSize(page.getByRole('radiogroup', { name: 'Size' }));
  await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
  await expect(page.getByText('Successfully Added')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText('221B MG Road, Bengaluru 560001')).toBeVisible();
  await expect(page.getByText(/^Delivery by .+ to 560001$/)).toBeVisible();
  const cod = page.getByRole('radio', { name: /Cash on delivery \(\+ ₹40\)/ });
  await expect(cod).toBeEnabled();
  await cod.check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
  await expect(page.getByText(/Pay ₹[\d,]+ in cash on delivery\./)).toBeVisible();
  const orderId = page.url().split('/').pop()!;

  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  // Shipping (courier, AWB) has its own journey; here the parcel is on its way already.
  const shipped = await request.put(`/api/orders/update-status/${orderId}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { status: 'shipped' },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);

  await signInAs(page, admin, '/dashboard/admin/adminorder');
  const status = page.getByLabel(`Status for order ${orderId.slice(-8).toUpperCase()}`);
  await status.selectOption('delivered');
  await expect(status).toHaveValue('delivered');
  const card = page.getByRole('article').filter({ has: status });
  const cash = card.getByRole('region', { name: 'Cash on delivery' });
  await expect(cash).toContainText(/₹[\d,]+ due from the courier/);
  await cash.getByLabel('Remittance reference').fill('DTDC-REM-118');
  await cash.getByRole('button', { name: 'Mark collected' }).click();
  await expect(cash).toContainText('Cash collected · ref. DTDC-REM-118');

  const answer = await request.get(`/api/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${shopper.token}` },
  });
  expect((await answer.json()).order.payment).toMatchObject({
    method: 'cod',
    status: 'collected',
    reference: 'DTDC-REM-118',
  });
});
