/**
 * Returns and size exchanges (docs/behaviour/returns.md): a shopper whose order was delivered
 * asks on the order page to exchange a tee for another size (only sizes in stock offered), sees
 * the request on its timeline, and once the staff pass it sees the replacement's tracking; the admin takes a return through to its refund; a return
 * sent with a photo, which the admin sees and rejects. Each test has its own T-shirt and shopper.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
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

/** The staff's moves on the Returns page card: approve, picked up, received, pass the check. */
async function passAsStaff(page: Page, card: Locator) {
  for (const [button, toastText] of [
    ['Approve', 'Request approved'],
    ['Mark picked up', 'Marked picked up'],
    ['Mark received', 'Marked received'],
    ['Pass check', 'Check passed'],
  ] as const) {
    await card.getByRole('button', { name: button }).click();
    await expect(page.getByText(toastText).first()).toBeVisible();
  }
}

test('a shopper exchanges a delivered tee for another size; the staff take it through and the replacement ships with its tracking', async ({
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

  // The staff take it through: the piece comes back, passes, and the L ships at no charge.
  await signInAs(page, admin, '/dashboard/admin/returns');
  const staff = page.getByRole('article', { name: `Exchange: ${tee.name} (Size M → Size L) × 1` });
  await passAsStaff(page, staff);
  await expect(staff.locator('[data-return-status]')).toHaveText('Exchanged');
  const { order } = await (
    await request.get(`/api/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${shopper.token}` },
    })
  ).json();
  const replacement = order.returns[0].replacement as { orderId: string };
  const shipped = await request.put(`/api/orders/update-status/${replacement.orderId}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { status: 'shipped', shipment: { courier: 'delhivery', awb: `EXC${stamp}` } },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);

  await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
  await expect(card.locator('[data-return-status]')).toHaveText('Exchanged');
  await expect(card.getByRole('link', { name: /^order #/ })).toHaveAttribute(
    'href',
    `/dashboard/user/orders/${replacement.orderId}`,
  );
  await expect(card.getByText(`EXC${stamp}`)).toBeVisible();
});

test('the admin approves a return, marks it picked up and received, passes it: the shopper’s page shows Refunded', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const tee = await makeTee(request, admin, `Return Tee ${stamp}`);
  const shopper = await registerViaApi(request, {
    name: 'Arjun Rao',
    email: uniqueEmail('return'),
  });
  const orderId = await placeOrder(request, shopper, { product: tee, size: 'M' });
  await deliver(request, admin, orderId);
  const { order } = await (
    await request.get(`/api/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${shopper.token}` },
    })
  ).json();
  const asked = await request.post(`/api/orders/${orderId}/returns`, {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: {
      items: [{ itemId: order.items[0].itemId, quantity: 1, kind: 'return', reason: 'damaged' }],
    },
  });
  expect(asked.ok(), await asked.text()).toBe(true);

  await signInAs(page, admin, '/dashboard/admin/returns');
  await expect(page.getByRole('link', { name: 'Returns', exact: true }).first()).toHaveAttribute(
    'aria-current',
    'page',
  );
  const card = page.getByRole('article', { name: `Return: ${tee.name} (Size M) × 1` });
  await expect(card.getByText('Reason: Damaged')).toBeVisible();
  await passAsStaff(page, card);
  await expect(card.locator('[data-return-status]')).toHaveText('Refunded');
  await expect(card.getByText(/₹699/)).toBeVisible();

  await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
  const mine = page
    .getByRole('region', { name: 'Exchanges and returns' })
    .getByRole('listitem')
    .filter({ hasText: `Return: ${tee.name} (Size M) × 1` });
  await expect(mine.locator('[data-return-status]')).toHaveText('Refunded');
  for (const step of ['Requested', 'Approved', 'Picked up', 'Received', 'Refunded'])
    await expect(mine.getByText(step, { exact: true }).first()).toBeVisible();
});

test('a shopper returns a tee with a photo of it; the admin sees the photo and rejects it with the reason the shopper then reads', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const tee = await makeTee(request, admin, `Photo Tee ${stamp}`);
  const shopper = await registerViaApi(request, {
    name: 'Kavya Iyer',
    email: uniqueEmail('return-photo'),
  });
  const orderId = await placeOrder(request, shopper, { product: tee, size: 'M' });
  await deliver(request, admin, orderId);

  await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
  const returns = page.getByRole('region', { name: 'Exchanges and returns' });
  await returns.getByRole('button', { name: `Return ${tee.name} (Size M)` }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${tee.name}` });
  await dialog.getByLabel('Reason').selectOption('Damaged');
  await dialog
    .getByLabel('Photo (optional)')
    .setInputFiles({ name: 'torn-seam.png', mimeType: 'image/png', buffer: TINY_PNG });
  // Checked, then previewed with its name before it is sent.
  const preview = dialog.getByRole('img', { name: 'Preview of torn-seam.png' });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(
    dialog.getByRole('button', { name: 'Remove the photo torn-seam.png' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Your return is requested.')).toBeVisible();
  const summary = `Return: ${tee.name} (Size M) × 1`;
  const mine = returns.getByRole('listitem').filter({ hasText: summary });
  const photoName = `Photo sent with the request: ${summary}`;
  await expect(mine.getByRole('img', { name: photoName })).toHaveAttribute('src', /\.webp$/);

  await signInAs(page, admin, '/dashboard/admin/returns');
  const card = page.getByRole('article', { name: summary });
  const photo = card.getByRole('img', { name: photoName });
  await expect(photo).toHaveAttribute('src', /^\/uploads\/return-.*\.webp$/);
  // The picture really loads (stored, served as WebP).
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await card.getByRole('button', { name: 'Reject' }).click();
  await card.getByLabel('Why is it rejected?').fill('The photo shows a stain we did not ship.');
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card.locator('[data-return-status]')).toHaveText('Rejected');

  await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
  await expect(mine.locator('[data-return-status]')).toHaveText('Rejected');
  await expect(mine.getByText('The photo shows a stain we did not ship.')).toBeVisible();
});
