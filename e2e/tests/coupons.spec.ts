/**
 * Coupons: an admin creates a code on the Coupons page; a shopper applies it in the cart (a
 * code that does not exist is refused beside the field first), sees what it saves per line and
 * in all, pays in the sandbox, and the order page shows the discount. Its own T-shirt, code and
 * shopper (no automatic offer: it would change other specs' totals).
 */
import { expect } from '@playwright/test';
import {
  ADMIN,
  loginViaApi,
  pickSize,
  registerViaApi,
  signInAs,
  test,
  TINY_PNG,
  uniqueEmail,
  type ListedProduct,
} from './support.js';

test('an admin creates a code; a shopper applies it in the cart and pays the discounted total', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const code = `E2E-${stamp}`;
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const { category } = await (await request.get('/api/category/all-category')).json();
  const name = `Coupon Tee ${stamp}`;
  const created = await request.post('/api/product/create-product', {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: {
      name,
      description: 'A tee to try a code on.',
      price: '999',
      category: category[0]._id,
      shipping: '1',
      sizes: JSON.stringify([{ size: 'M', quantity: 10 }]),
      photo: { name: 'coupon.png', mimeType: 'image/png', buffer: TINY_PNG },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: ListedProduct };

  // The admin's Coupons page: a new code, 10% off.
  await signInAs(page, admin, '/dashboard/admin/coupons');
  await page.getByRole('button', { name: 'New code' }).click();
  const form = page.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percent off').fill('10');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`Coupon ${code} created`)).toBeVisible();
  const card = page.getByRole('article', { name: `Code ${code}` });
  await expect(card).toContainText('Uses 0 · 0 orders · ₹0 given');

  // The shopper puts the tee in the cart and tries a code that does not exist, then the real one.
  const shopper = await registerViaApi(request, {
    name: 'Kavya Iyer',
    email: uniqueEmail('coupon'),
  });
  await signInAs(page, shopper, `/product-detail/${product.slug}`);
  await pickSize(page.getByRole('radiogroup', { name: 'Size' }), 'M');
  await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('₹999');
  const field = page.getByRole('textbox', { name: 'Coupon code' });
  await field.fill(`NOPE-${stamp}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-message')).toHaveText(
    "This code isn't valid. Please check it and try again.",
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-message')).toHaveText(`${code} applied: you save ₹100.`);
  await expect(page.getByTestId('line-discount')).toHaveText('₹100 off');
  await expect(page.getByTestId('cart-code-amount')).toHaveText('−₹100');
  await expect(page.getByTestId('cart-total')).toHaveText('₹899');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toContainText('₹899');
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
  const orderId = page.url().split('/').at(-1)!;

  await page.goto(`/dashboard/user/orders/${orderId}`);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items).toContainText(`Code ${code}`);
  await expect(items).toContainText('−₹100');
  await expect(items).toContainText('₹100 off');
  await expect(items).toContainText(/Total paid\s*₹899/);

  // The admin sees the use and what it gave.
  await signInAs(page, admin, '/dashboard/admin/coupons');
  await expect(page.getByRole('article', { name: `Code ${code}` })).toContainText(
    'Uses 1 · 1 order · ₹100 given',
  );
});
