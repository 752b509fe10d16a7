/**
 * The bundle offer and a refused code in the cart, and the delivery side as a shopper meets it:
 * an address added in the account and checked on a product page, a delivery fee paid online,
 * and cash on delivery refused past the open-order limit. Each test makes its own category,
 * T-shirts, offer, codes and shoppers (the offer counts only its own category's tees, so other
 * specs' totals never change), and pauses its offer when done.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
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
  type Session,
} from './support.js';

const stamp = () => `${Date.now().toString().slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
const bearer = (s: Session) => ({ Authorization: `Bearer ${s.token}` });

async function makeCategory(request: APIRequestContext, admin: Session, name: string) {
  const res = await request.post('/api/category/create-category', {
    headers: bearer(admin),
    data: { name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).category as { _id: string; name: string };
}

async function makeTee(
  request: APIRequestContext,
  admin: Session,
  fields: { name: string; price: number; category: string },
) {
  const res = await request.post('/api/product/create-product', {
    headers: bearer(admin),
    multipart: {
      name: fields.name,
      description: 'A tee for the offers and delivery journeys.',
      price: String(fields.price),
      category: fields.category,
      shipping: '1',
      sizes: JSON.stringify([{ size: 'M', quantity: 20 }]),
      photo: { name: 'tee.png', mimeType: 'image/png', buffer: TINY_PNG },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product as ListedProduct;
}

async function addToCart(page: Page, product: ListedProduct) {
  await page.goto(`/product-detail/${product.slug}`);
  await pickSize(page.getByRole('radiogroup', { name: 'Size' }), 'M');
  await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
  await expect(page.getByText('Successfully Added').first()).toBeVisible();
}

/** "Delivery by Fri, 4 Dec" as the shop writes a YYYY-MM-DD day (India's calendar). */
function windowText(from: string, by: string) {
  const day = new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${by}T00:00:00Z`));
  return from === by ? `Delivery on ${day}` : `Delivery by ${day}`;
}

async function estimateText(request: APIRequestContext, pin: string) {
  const res = await request.get(`/api/delivery/estimate?pin=${pin}`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json();
  return `${windowText(body.deliveryFrom, body.deliveryBy)} to ${pin}`;
}

test('the bundle offer appears by itself and the shopper pays its price; an expired code says so', async ({
  page,
  request,
}) => {
  const s = stamp();
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const category = await makeCategory(request, admin, `Bundle Tees ${s}`);
  const tees = await Promise.all(
    ['Ember', 'Fern', 'Glacier'].map((n) =>
      makeTee(request, admin, { name: `${n} Bundle Tee ${s}`, price: 549, category: category._id }),
    ),
  );
  const expired = `OLD-${s}`;
  const code = await request.post('/api/admin/coupons', {
    headers: bearer(admin),
    data: {
      code: expired,
      kind: 'percent',
      percentOff: 10,
      startsOn: '2020-01-01',
      endsOn: '2020-01-31',
    },
  });
  expect(code.status(), await code.text()).toBe(201);

  // The admin makes "3 for ₹999" on the Coupons page, for this category only.
  await signInAs(page, admin, '/dashboard/admin/coupons');
  await page.getByRole('button', { name: 'New offer' }).click();
  const form = page.getByRole('form', { name: 'New offer' });
  await form.getByLabel('Name').fill(`Any 3 ${s}`);
  await form.getByLabel('Pieces').fill('3');
  await form.getByLabel('Bundle price (₹)').fill('999');
  await form
    .getByRole('group', { name: 'Categories whose tees count' })
    .getByLabel(category.name)
    .check();
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(page.getByText(`Offer Any 3 ${s} created`)).toBeVisible();
  const offers = (await (
    await request.get('/api/admin/coupons', { headers: bearer(admin) })
  ).json()) as { offers: Array<{ _id: string; name: string }> };
  const offerId = offers.offers.find((o) => o.name === `Any 3 ${s}`)!._id;

  try {
    const shopper = await registerViaApi(request, {
      name: 'Meera Nair',
      email: uniqueEmail('bundle'),
    });
    await signInAs(page, shopper, '/');
    await addToCart(page, tees[0]!);
    await addToCart(page, tees[1]!);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-nudge')).toHaveText(
      `Add 1 more tee from ${category.name} to get 3 for ₹999`,
    );
    await expect(page.getByTestId('cart-total')).toHaveText('₹1,098');

    await addToCart(page, tees[2]!);
    await page.goto('/cart');
    // No code typed: the offer applies by itself.
    await expect(page.getByTestId('cart-offer')).toHaveText('Offer: 3 for ₹999 – you save ₹648');
    await expect(page.getByTestId('cart-offer-amount')).toHaveText('−₹648');
    await expect(page.getByTestId('cart-subtotal')).toHaveText('₹1,647');
    await expect(page.getByTestId('cart-total')).toHaveText('₹999');
    await expect(page.getByTestId('cart-nudge')).toHaveCount(0);

    // An expired code is refused with its reason beside the field; the offer stays.
    const field = page.getByRole('textbox', { name: 'Coupon code' });
    await field.fill(expired);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('coupon-message')).toHaveText(
      'This code expired on 31 January 2020.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('cart-code-amount')).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText('₹999');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(dialog).toContainText('₹999');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
    const orderId = page.url().split('/').at(-1)!;

    await page.goto(`/dashboard/user/orders/${orderId}`);
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items).toContainText('Offer: 3 for ₹999');
    await expect(items).toContainText('−₹648');
    await expect(items).toContainText(/Total paid\s*₹999/);
    const order = await (
      await request.get(`/api/orders/${orderId}`, { headers: bearer(shopper) })
    ).json();
    expect(order.order).toMatchObject({
      amount: 999,
      discount: { code: null, offer: '3 for ₹999', amount: 648 },
    });
  } finally {
    await request.patch(`/api/admin/offers/${offerId}`, {
      headers: bearer(admin),
      data: { paused: true },
    });
  }
});

test('a shopper adds an address in the account and checks delivery to it on a product page', async ({
  page,
  request,
}) => {
  const s = stamp();
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const category = await makeCategory(request, admin, `Delivery Tees ${s}`);
  const tee = await makeTee(request, admin, {
    name: `Monsoon Tee ${s}`,
    price: 699,
    category: category._id,
  });
  const shopper = await registerViaApi(request, { name: 'Ravi Menon', email: uniqueEmail('pin') });

  await signInAs(page, shopper, '/dashboard/user/addresses');
  await page.getByRole('button', { name: 'Add an address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('House and street').fill('4 Anna Salai');
  await dialog.getByLabel('City').fill('Chennai');
  await dialog.getByLabel('State').selectOption('Tamil Nadu');
  await dialog.getByLabel('PIN code').fill('600002');
  await dialog.getByLabel(/default/i).check();
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/4 Anna Salai/).first()).toBeVisible();

  // The product page's Check delivery starts from the default address's PIN. The date is the
  // estimate's (read before and after: the answer may move at the dispatch cut-off).
  const before = await estimateText(request, '600002');
  await page.goto(`/product-detail/${tee.slug}`);
  const check = page.getByRole('region', { name: 'Check delivery' });
  await expect(check.getByLabel('PIN code')).toHaveValue('600002');
  const shown = check.getByText(/^Delivery (by|on) .+ to 600002$/);
  await expect(shown).toBeVisible();
  const after = await estimateText(request, '600002');
  expect([before, after]).toContain((await shown.textContent())!.trim());
  await expect(check).toContainText('Pay online or cash on delivery');
});

test('an order below the free-delivery threshold pays the delivery fee online', async ({
  page,
  request,
}) => {
  const s = stamp();
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const { settings } = await (await request.get('/api/settings/public')).json();
  const { feePaise, freeFromPaise } = settings.delivery as Record<string, number>;
  const price = Math.floor((freeFromPaise! - 100) / 100); // ₹1 or more under the threshold
  const fee = `₹${feePaise! / 100}`;
  const total = `₹${(price * 100 + feePaise!) / 100}`;
  const category = await makeCategory(request, admin, `Fee Tees ${s}`);
  const tee = await makeTee(request, admin, {
    name: `Budget Tee ${s}`,
    price,
    category: category._id,
  });
  const shopper = await registerViaApi(request, { name: 'Zoya Sheikh', email: uniqueEmail('fee') });
  await signInAs(page, shopper, '/');
  await addToCart(page, tee);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-delivery')).toHaveText(fee);
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await expect(page.getByRole('radio', { name: /Pay online/ })).toBeChecked();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toContainText(total);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
  const orderId = page.url().split('/').at(-1)!;

  await page.goto(`/dashboard/user/orders/${orderId}`);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items).toContainText(new RegExp(`Delivery\\s*${fee}`));
  await expect(items).toContainText(new RegExp(`Total paid\\s*${total}`));
  const order = await (
    await request.get(`/api/orders/${orderId}`, { headers: bearer(shopper) })
  ).json();
  expect(order.order).toMatchObject({
    amount: (price * 100 + feePaise!) / 100,
    shippingFee: feePaise! / 100,
    payment: { method: 'online', status: 'paid' },
  });
});

test('a customer with the most open COD orders allowed is refused cash on delivery, saying why', async ({
  page,
  request,
}) => {
  const s = stamp();
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const { settings } = await (await request.get('/api/settings/public')).json();
  const { freeFromPaise } = settings.delivery as Record<string, number>;
  const price = Math.ceil(freeFromPaise! / 100) + 100; // free delivery: the total is price + COD fee
  const category = await makeCategory(request, admin, `COD Tees ${s}`);
  const tee = await makeTee(request, admin, {
    name: `Cash Tee ${s}`,
    price,
    category: category._id,
  });
  const shopper = await registerViaApi(request, {
    name: 'Dev Patel',
    email: uniqueEmail('codcap'),
  });
  const book = await (
    await request.get('/api/user/addresses', { headers: bearer(shopper) })
  ).json();
  const addressId = book.addresses[0]._id as string;
  const estimate = await (
    await request.get(`/api/delivery/estimate?pin=560001&subtotal=${price}`, {
      headers: bearer(shopper),
    })
  ).json();
  expect(estimate.cod, JSON.stringify(estimate)).toBe(true);

  // COD orders up to the limit, placed through the API.
  const place = (n: number) =>
    request.post('/api/orders/cod', {
      headers: { ...bearer(shopper), 'Idempotency-Key': `e2e-cod-cap-${s}-${n}` },
      data: {
        items: [{ _id: tee._id, cartQuantity: 1, size: 'M' }],
        amount: price + estimate.codFee,
        addressId,
      },
    });
  let refusal: { message: string; reason: string } | undefined;
  for (let n = 1; n <= 21 && !refusal; n += 1) {
    const res = await place(n);
    if (res.status() === 409) refusal = await res.json();
    else expect(res.status(), await res.text()).toBe(201);
  }
  expect(refusal).toMatchObject({ reason: 'open_orders' });
  expect(refusal!.message).toMatch(/^You already have (a|\d+) cash-on-delivery orders? to pay for/);

  // The cart keeps the option in sight, disabled, with the same reason beside it.
  await signInAs(page, shopper, '/');
  await addToCart(page, tee);
  await page.goto('/cart');
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(cod).toBeDisabled();
  await expect(cod).toHaveAccessibleDescription(refusal!.message);
  await expect(page.getByText(refusal!.message)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
});
