/**
 * Returns and size exchanges (docs/behaviour/returns.md): a shopper whose order was delivered
 * asks on the order page to exchange a tee for another size (only sizes in stock offered) and
 * sees the request on its timeline. Its own T-shirt and shopper.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  loginViaApi,
  placeOrder,
  registerViaApi,
  signInAs,
  test,
  TINY_PNG,
  uniqueEmail,
  type ListedProduct,
  type Session,
} from './support.js';

/** A tee of this spec's own in M, L (5 each) and XL (none left). */
async function makeTee(request: APIRequestContext, admin: Session, name: string) {
  const { category } = await (await request.get('/api/category/all-category')).json();
  const created = await request.post('/api/product/create-product', {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: {
      name,
      description: 'A tee to exchange.',
      price: '699',
      category: category[0]._id,
      shipping: '1',
      sizes: JSON.stringify([
        { size: 'M', quantity: 5 },
        { size: 'L', quantity: 5 },
        { size: 'XL', quantity: 0 },
      ]),
      photo: { name: 'exchange.png', mimeType: 'image/png', buffer: TINY_PNG },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { product: ListedProduct }).product;
}

/** The order delivered by the admin (shipped first, as couriers do). */
async function deliver(request: APIRequestContext, admin: Session, orderId: string) {
  for (const status of ['shipped', 'delivered']) {
    const res = await request.put(`/api/orders/update-status/${orderId}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { status },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

test('a shopper exchanges a delivered tee for another size and sees it on the order’s timeline', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const tee = await makeTee(request, admin, `Exchange Tee ${stamp}`);
  const shopper = await registerViaApi(request, {
    name: 'Meera Pillai',
    email: uniqueEmail('exchange'),
  });
  const orderId = await placeOrder(request, shopper, { product: tee, size: 'M' });
  await deliver(request, admin, orderId);

  await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
  const returns = page.getByRole('region', { name: 'Exchanges and returns' });
  await returns.getByRole('button', { name: `Exchange ${tee.name} (Size M)` }).click();
  const dialog = page.getByRole('dialog', { name: `Exchange ${tee.name}` });
  // Only what is in stock: L (XL is sold out, M is the one bought).
  await expect(dialog.getByLabel('Size you want').getByRole('option')).toHaveText(['L']);
  await dialog.getByLabel('Reason').selectOption('Too small');
  await dialog.getByRole('button', { name: 'Request exchange' }).click();
  await expect(
    page.getByText('Your exchange is requested: the size you chose is kept for you.'),
  ).toBeVisible();

  const card = returns
    .getByRole('listitem')
    .filter({ hasText: `Exchange: ${tee.name} (Size M → Size L) × 1` });
  await expect(card.locator('[data-return-status]')).toHaveText('Requested');
  await expect(card.getByText('Reason: Too small')).toBeVisible();
  // The piece is on its way back: the line says so instead of offering it again.
  await expect(returns.getByText(`${tee.name} has already been sent back.`)).toBeVisible();
  // Still there after a reload (the server has it).
  await page.reload();
  await expect(card.locator('[data-return-status]')).toHaveText('Requested');
});
