import { expect, type Page } from '@playwright/test';
import {
  ADMIN,
  placeOrder,
  registerViaApi,
  signInAs,
  loginViaApi,
  TINY_PNG,
  test,
} from './support.js';

async function loginAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('an admin', () => {
  test('creates a category and a product, sells it, edits its price, ships an order and deletes the product', async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString().slice(-6);
    const categoryName = `Festive ${stamp}`;
    const productName = `Diwali Lights Tee ${stamp}`;

    await loginAsAdmin(page);
    await page.goto('/dashboard/admin/create-category');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(categoryName);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`${categoryName} is created`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(categoryName) })).toBeVisible();

    // Create a product in it, with a photo.
    await page.goto('/dashboard/admin/create-product');
    await page.getByRole('combobox', { name: 'Category' }).fill(categoryName);
    await page.getByRole('option', { name: categoryName }).click();
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'diwali.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(productName);
    await page.getByLabel('Description').fill('Warm fairy lights and rangoli dots on soft cotton.');
    await page.getByLabel('Price').fill('555');
    // One colour (Black, as the form starts), One size: its stock cell; Quantity is the total.
    await page.getByLabel('Stock of Black', { exact: true }).fill('10');
    await expect(page.getByLabel('Quantity')).toHaveValue('10');
    await page.getByLabel('Shipping').selectOption({ label: 'Yes' });
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully!')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

    // The storefront shows it, newest first.
    await page.goto('/');
    const card = page
      .getByRole('region', { name: 'All Products' })
      .getByRole('list')
      .getByRole('listitem')
      .filter({ hasText: productName });
    await expect(card).toBeVisible();
    await expect(card).toContainText('₹555');

    // Change its price.
    await page.goto('/dashboard/admin/product');
    await page.getByRole('link', { name: new RegExp(productName) }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/product\/.+/);
    await expect(page.getByLabel('Price')).toHaveValue('555');
    await page.getByLabel('Price').fill('777');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Product Updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/product$/);
    const found = await (
      await request.get(`/api/product/search/${encodeURIComponent(productName)}`)
    ).json();
    expect(found.data[0].price).toBe(777);

    // A shopper's order moves to shipped, and the shopper sees it.
    const shopper = await registerViaApi(request, { name: 'Kabir Rao' });
    const orderId = await placeOrder(request, shopper);
    await page.goto('/dashboard/admin/adminorder');
    // Found by the number the shopper's page and mails show (the id's last 8 characters).
    const number = orderId.slice(-8).toUpperCase();
    await page.getByLabel('Find an order').fill(`#${number.toLowerCase()}`);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\?q=%23/);
    await expect(page.getByRole('article')).toHaveCount(1);
    const status = page.getByLabel(`Status for order ${number}`);
    await status.selectOption('shipped');
    // Shipping asks for the courier and the tracking number first.
    const ship = page.getByRole('dialog', { name: `Mark order #${number} shipped` });
    await ship.getByLabel('Courier').selectOption({ label: 'Delhivery' });
    await ship.getByLabel('Tracking number (AWB)').fill('DLV-20261127');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.getByText(`Order #${number} is now shipped`)).toBeVisible();
    await expect(status).toHaveValue('shipped');
    await expect(page.getByRole('article').getByText('DLV-20261127')).toBeVisible();
    const orders = await (
      await request.get('/api/orders/user-orders', {
        headers: { Authorization: `Bearer ${shopper.token}` },
      })
    ).json();
    expect(orders.orders[0].status).toBe('shipped');

    // The users table lists the shopper.
    await page.goto('/dashboard/admin/user');
    await expect(page.getByText(shopper.user.email).first()).toBeVisible();

    // Delete the product through the confirm dialog.
    await page.goto('/dashboard/admin/product');
    await page.getByRole('link', { name: new RegExp(productName) }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure you want to delete this product?' })
      .getByRole('button', { name: 'Delete product' })
      .click();
    await expect(page.getByText('Product deleted successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/product$/);
    await expect(page.getByRole('link', { name: new RegExp(productName) })).toHaveCount(0);

    // The shopper sees the shipped status on Your Orders.
    await page.getByRole('button', { name: /Shop Admin|Profile/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await signInAs(page, shopper, '/dashboard/user/orders');
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
    await expect(page.getByText('shipped', { exact: false }).first()).toBeVisible();
    // Its order page names the courier and links to the tracking page.
    await page.goto(`/dashboard/user/orders/${orderId}`);
    await expect(page.getByText('DLV-20261127')).toBeVisible();
    await expect(page.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/DLV-20261127',
    );
  });

  test('a customer reaches no admin page and no admin call', async ({ page, request }) => {
    const shopper = await registerViaApi(request);
    await signInAs(page, shopper, '/dashboard/admin/user');
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    const auth = { Authorization: `Bearer ${shopper.token}` };
    expect((await request.get('/api/all-user/adminpanel', { headers: auth })).status()).toBe(403);
    expect((await request.get('/api/orders/adminorders', { headers: auth })).status()).toBe(403);
    expect(
      (
        await request.post('/api/category/create-category', {
          headers: auth,
          data: { name: 'Nope' },
        })
      ).status(),
    ).toBe(403);

    // And a signed-out visitor is sent to login.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/dashboard/admin');
    await expect(page).toHaveURL(/\/login$/);
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    expect(
      (
        await request.get('/api/all-user/adminpanel', {
          headers: { Authorization: `Bearer ${admin.token}` },
        })
      ).status(),
    ).toBe(200);
  });
});
