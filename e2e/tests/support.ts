/**
 * Helpers for the browser journeys: accounts through the API, the mail outbox, signing in,
 * finding demo products and choosing a size.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';

export const ADMIN = { email: 'admin@tshirt.shop', password: 'admin12345' };

let counter = 0;
export function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export interface Session {
  token: string;
  user: { _id: string; name: string; email: string; phone: string; address: string; role: number };
  password: string;
}

export async function registerViaApi(
  request: APIRequestContext,
  fields: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Session> {
  const password = fields.password ?? 'shopper-pass-1';
  const res = await request.post('/api/auth/register', {
    data: {
      name: fields.name ?? 'Asha Verma',
      email: fields.email ?? uniqueEmail(),
      password,
      phone: '9876543210',
      address: '221B MG Road, Bengaluru 560001',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json();
  return { token: body.token, user: body.user, password };
}

export async function loginViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json();
  return { token: body.token, user: body.user, password };
}

/** Stores the session the way the web app does (token and user summary), then opens `path`. */
export async function signInAs(page: Page, session: Session, path = '/'): Promise<void> {
  await page.goto('/about');
  await page.evaluate((s) => {
    localStorage.setItem('authToken', s.token);
    localStorage.setItem(
      'user',
      JSON.stringify({ name: s.user.name, userId: s.user._id, role: s.user.role }),
    );
  }, session);
  await page.goto(path);
}

/** A catalog product as the API answers it (the fields the journeys read). */
export interface ListedProduct {
  _id: string;
  name: string;
  slug: string;
  price: number;
  quantity: number;
  sizes: { size: string; quantity: number }[];
  colours: { name: string; sizes: { size: string; quantity: number }[] }[];
}

/**
 * How the cart and the orders name a line in `colour` and `size`: "White · M", or "Size M" when
 * the colour is the Default one a product made before colours got (not worth naming).
 */
export function lineLabel(colour: string | undefined, size: string): string {
  return !colour || colour === 'Default' ? `Size ${size}` : `${colour} · ${size}`;
}

/**
 * The colour a product page opens on without `?colour=`: its first with any stock left (else its
 * first), as the shop chooses it.
 */
export function shownColour(product: ListedProduct): ListedProduct['colours'][number] {
  return product.colours.find((c) => c.sizes.some((s) => s.quantity > 0)) ?? product.colours[0]!;
}

/** How the cart and the orders name a line of `product` in `size` (the colour its page opens on). */
export function variantOf(
  product: ListedProduct,
  size: string,
  colour = shownColour(product).name,
): string {
  return lineLabel(colour, size);
}

/** The newest product that `wanted` accepts, read page by page from the catalog as it is now. */
export async function findProduct(
  request: APIRequestContext,
  wanted: (p: ListedProduct) => boolean,
): Promise<ListedProduct> {
  for (let page = 1; ; page += 1) {
    const res = await request.get(`/api/product/productList/${page}`);
    expect(res.ok(), await res.text()).toBe(true);
    const { prod } = (await res.json()) as { prod: ListedProduct[] };
    const found = prod.find(wanted);
    if (found) return found;
    if (prod.length === 0) throw new Error('no product in the catalog is as this journey needs');
  }
}

/**
 * Its sizes with some left in `colour` (by default the colour its page opens on), most stock
 * first: what a shopper can choose there.
 */
export function sizesInStock(product: ListedProduct, colour = shownColour(product).name): string[] {
  return product.colours
    .find((c) => c.name === colour)!
    .sizes.filter((s) => s.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity)
    .map((s) => s.size);
}

/** From the cart: Proceed to Checkout, Pay in the sandbox, see the order placed, then Your Orders. */
export async function payInSandbox(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
  await expect(page.getByText('Payment Completed')).toBeVisible();
  await page.goto('/dashboard/user/orders');
}

/** A size's button in the picker: the label wrapping its (visually hidden) radio. */
export const buttonOf = (radio: Locator) => radio.locator('xpath=..');

/** The newest order on Your Orders. */
export const newestOrder = (page: Page) =>
  page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();

/**
 * Chooses `size` (else the first size left) in the size picker inside `scope` by tapping its
 * button, as a shopper does (the radio under it is visually hidden). Answers the size chosen.
 */
export async function pickSize(scope: Locator, size?: string): Promise<string> {
  const radio = size
    ? scope.getByRole('radio', { name: size, exact: true })
    : scope.getByRole('radio', { disabled: false }).first();
  const chosen = (await radio.getAttribute('value'))!;
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
  return chosen;
}

/**
 * A card's ADD TO CART on a T-shirt in several sizes opened the size chooser (and colour, for a
 * T-shirt in several, on the first colour left): choose its first size left and add. Answers the
 * size chosen.
 */
export async function chooseSizeInDialog(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /^Choose a (colour and )?size: / });
  await expect(dialog).toBeVisible();
  const chosen = await pickSize(dialog.getByRole('radiogroup', { name: 'Size' }));
  await dialog.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(dialog).toBeHidden();
  return chosen;
}

/** Registers in the browser on the Register page (`base`: another origin than the shop's). */
export async function registerInBrowser(
  page: Page,
  shopper: { name: string; email: string; password: string; phone: string; address: string },
  base = '',
): Promise<void> {
  await page.goto(`${base}/register`);
  await page.getByLabel('Full Name').fill(shopper.name);
  await page.getByLabel('Email Address').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByLabel('Phone Number').fill(shopper.phone);
  await page.getByLabel('Shipping Address').fill(shopper.address);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: new RegExp(shopper.name) })).toBeVisible();
}

/** From the home page, the first of All Products into the cart in a size: its name and size. */
export async function addFirstProductToCart(
  page: Page,
  base = '',
): Promise<{ productName: string; size: string; variant: string }> {
  await page.goto(`${base}/`);
  const card = page
    .getByRole('region', { name: 'All Products' })
    .getByRole('list')
    .getByRole('listitem')
    .first();
  const productName = (await card.getByRole('heading').first().textContent())!.trim();
  await card.getByRole('button', { name: 'ADD TO CART' }).click();
  const size = await chooseSizeInDialog(page);
  // The line as the cart and the orders name it, from the colour the cart stored.
  const colour = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ colour?: string }>)[0]?.colour,
  );
  return { productName, size, variant: lineLabel(colour, size) };
}

/**
 * A paid order for `shopper` (one T-shirt in its best-stocked size, or `size` of `product`),
 * through the API and the sandbox provider. `paidTwice`: the shopper pays a second time before
 * the first is verified (a payment the admin must give back).
 */
export async function placeOrder(
  request: APIRequestContext,
  shopper: Session,
  {
    paidTwice = false,
    product: chosen,
    size,
  }: { paidTwice?: boolean; product?: ListedProduct; size?: string } = {},
): Promise<string> {
  const auth = { Authorization: `Bearer ${shopper.token}` };
  const product = chosen ?? (await findProduct(request, (p) => p.quantity > 0));
  const colour = shownColour(product).name;
  // The total the cart shows: the T-shirt, and the delivery fee below the free-delivery threshold.
  const { settings } = await (await request.get('/api/settings/public')).json();
  const { feePaise, freeFromPaise } = settings.delivery as Record<string, number>;
  const itemsPaise = Math.round(product.price * 100);
  const amount = (itemsPaise + (itemsPaise >= freeFromPaise! ? 0 : feePaise!)) / 100;
  const created = await request.post('/api/payment/create-order', {
    headers: auth,
    data: {
      amount,
      items: [
        { _id: product._id, cartQuantity: 1, size: size ?? sizesInStock(product)[0], colour },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { order } = await created.json();
  const pay = async () =>
    (await request.post('/api/payment/sandbox/pay', { data: { order_id: order.id } })).json();
  const payments = paidTwice ? [await pay(), await pay()] : [await pay()];
  let orderId = '';
  for (const paid of payments) {
    const verified = await request.post('/api/payment/verify-payment', {
      headers: auth,
      data: {
        ...paid,
        amount,
        items: [],
        userId: shopper.user._id,
        shippingAddress: shopper.user.address,
      },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
    orderId = (await verified.json()).orderId;
  }
  return orderId;
}

/** The 6-digit code of the newest reset mail to `email` in the shop's outbox. */
export async function readOtpFromOutbox(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const files = safeList(outbox)
          .filter((f) => f.includes(safe))
          .sort();
        const last = files.at(-1);
        code = last
          ? (/reset code is:?\s*(\d{6})/i.exec(readFileSync(join(outbox, last), 'utf8'))?.[1] ??
            /\b(\d{6})\b/.exec(readFileSync(join(outbox, last), 'utf8'))?.[1])
          : undefined;
        return code;
      },
      { message: `a reset mail to ${email} in ${outbox}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Holds the app's code (every script but the page's own take-over script, which keeps the taps)
 * until the answer is called: the page stays as the server sent it.
 */
export async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    if (!/\/take-over-[^/]*\.js$/.test(route.request().url())) await held;
    await route.continue();
  };
  await page.route('**/assets/*.js', hold);
  return async () => {
    release();
    await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
    await page.unroute('**/assets/*.js', hold);
  };
}

/** The page is as the server sent it: the app has not taken it over. */
export const notTakenOver = (page: Page) =>
  expect(page.locator('#root[data-origin]:not([data-hydrated])')).toHaveCount(1);

/** A small valid PNG (48×48, orange), for upload journeys. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwclBIrKRMBNLuo9LKqAh8OBZ86t7zj+Yh0Kh8tCkLOf4GTCGQuWhSVnOITQDLRQqD03KgkMBxqqOKdeYH72fZjPQQqHy0KQsOBRgrOrYp1F4AdelENPHtoUgAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * The journeys' `test`: fails a test whose pages logged an error to the console or threw,
 * so "no errors in the console" is checked on every journey. The one error not counted is
 * Chromium's note that a page itself answered 404 (the not-found page's true status): a
 * picture, script or API call that answers 404 still fails the test.
 */
export const test = base.extend<{ consoleErrors: string[]; waitForTakeOver: boolean }>({
  // Server-rendered pages show before the app has taken them over, and a tap before that is
  // kept until it has: every load waits for the app's root to say it is ready (`data-hydrated`),
  // so a journey sees one page at a time; `waitForTakeOver: false` taps as soon as it can.
  waitForTakeOver: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, waitForTakeOver }, use) => {
    const ready = async () => {
      if (javaScriptEnabled !== false && waitForTakeOver)
        await expect(page.locator('#root:not([data-hydrated])')).toHaveCount(0);
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await ready();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await ready();
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const notFoundPages = new Set<string>();
      page.on('response', (r) => {
        if (r.status() === 404 && r.request().isNavigationRequest()) notFoundPages.add(r.url());
      });
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const ownStatus =
          notFoundPages.has(m.location().url) &&
          m.text() ===
            'Failed to load resource: the server responded with a status of 404 (Not Found)';
        if (!ownStatus) errors.push(`${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
