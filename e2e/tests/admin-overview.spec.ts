/**
 * The admin's overview (what needs doing now) and finding users and products: journeys through
 * the pages the component tests cover one by one.
 */
import { expect } from '@playwright/test';
import {
  ADMIN,
  findProduct,
  loginViaApi,
  placeOrder,
  registerViaApi,
  signInAs,
  test,
} from './support.js';

test('the overview counts the orders to ship and leads to them', async ({ page, request }) => {
  const shopper = await registerViaApi(request, { name: 'Nisha Overview' });
  const orderId = await placeOrder(request, shopper);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const toShip = await (
    await request.get('/api/orders/adminorders?status=pending&page=1&limit=1', {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
  ).json();

  await signInAs(page, admin, '/dashboard/admin');
  const now = page.getByRole('region', { name: 'To do now' });
  const tile = now.getByRole('listitem').filter({ hasText: 'Orders to ship' });
  await expect(tile).toContainText(String(toShip.total));
  await tile.getByRole('link', { name: 'Ship orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/adminorder\?status=pending$/);
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('pending');
  await expect(
    page.getByRole('checkbox', { name: `Select order #${orderId.slice(-8).toUpperCase()}` }),
  ).toBeVisible();
});

test('an admin finds a user by email and a product by name', async ({ page, request }) => {
  const shopper = await registerViaApi(request, { name: 'Farhan Findable' });
  const product = await findProduct(request, () => true);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);

  await signInAs(page, admin, '/dashboard/admin/user');
  await page.getByLabel('Find a user').fill(shopper.user.email);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByText(shopper.user.email).first()).toBeVisible();
  // Only the account searched for is listed, not the admin's own.
  await expect(page.getByText(ADMIN.email)).toHaveCount(0);

  await page.goto('/dashboard/admin/product');
  await page.getByLabel('Find a product').fill(product.name);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByRole('link', { name: new RegExp(product.name) }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Show all products' }).click();
  await expect(page).not.toHaveURL(/\?q=/);
});
