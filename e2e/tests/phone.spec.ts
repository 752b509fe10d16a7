import { expect, type Locator } from '@playwright/test';
import { chooseSizeInDialog, test } from './support.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** A thumb needs about 40 px: the phone layout must not shrink a control below that. */
async function expectTappable(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.height, `${control} height`).toBeGreaterThanOrEqual(40);
  expect(box.width, `${control} width`).toBeGreaterThanOrEqual(40);
}

test('on a phone the storefront and cart controls are at least 40 px to tap', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('search').first();
  await expectTappable(search.getByPlaceholder('Search products ...'));
  await expectTappable(search.getByRole('button', { name: 'Search' }));
  await expectTappable(page.getByRole('button', { name: 'Dark theme' }));
  await expectTappable(page.getByRole('button', { name: 'Open menu' }));
  await expectTappable(page.getByRole('button', { name: /Filters/ }));
  await expectTappable(page.getByRole('button', { name: /Next/ }));
  const card = page.getByRole('region', { name: 'All Products' }).getByRole('listitem').first();
  const name = (await card.getByRole('heading').first().textContent())!.trim();
  const add = card.getByRole('button', { name: 'ADD TO CART' });
  await expectTappable(add);
  await expectTappable(page.getByRole('link', { name: 'Cart, 0 items' }));
  await add.click();
  await chooseSizeInDialog(page);
  // The toast starts below the bar (looked at first: it closes itself after 5 s, and a busy
  // machine can take that long over the steps below; the pointer on it holds it open).
  const toast = page.getByRole('alert').filter({ hasText: 'Successfully Added' });
  await toast.hover();
  const bar = (await page.getByRole('banner').boundingBox())!;
  await expect
    .poll(async () => (await toast.boundingBox())!.y)
    .toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  // The bar keeps a cart icon with its badge.
  await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
  const cart = page.getByRole('link', { name: 'Cart, 1 item' });
  await expectTappable(cart);
  await expect(cart.getByTestId('cart-badge')).toHaveText('1');

  await page.goto('/cart');
  await expectTappable(page.getByRole('button', { name: `Decrease quantity of ${name}` }));
  await expectTappable(page.getByRole('button', { name: `Increase quantity of ${name}` }));
  await expectTappable(page.getByRole('button', { name: `Remove ${name}` }));
  await expectTappable(page.getByRole('button', { name: 'Proceed to Checkout' }));
  await expectTappable(
    page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }),
  );
});

test('a short page shows its footer on a phone without scrolling', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeInViewport({ ratio: 1 });
});

test('at 360 px a long name and a 6-digit line total stay inside the cart, and checkout stays in sight', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { prod } = await (await request.get('/api/product/productList/1')).json();
  const lines = (prod as Array<Record<string, unknown>>).slice(0, 3).map((p, i) => ({
    ...p,
    // Its best-stocked size (the journey is about layout, not a short size).
    size: [...(p.sizes as Array<{ size: string; quantity: number }>)].sort(
      (a, b) => b.quantity - a.quantity,
    )[0]!.size,
    cartQuantity: 9,
    ...(i === 0
      ? { name: 'Checkerboard Skateboarding Vintage Oversized Graphic Tee', price: 123456 }
      : {}),
  }));
  await page.goto('/');
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), lines);
  await page.goto('/cart');
  const list = page.getByRole('list', { name: 'Cart items' });
  const first = list.getByRole('listitem').first();
  const total = first.getByText('₹11,11,104');
  await expect(total).toBeVisible();
  const [card, amount] = [(await list.boundingBox())!, (await total.boundingBox())!];
  expect(amount.x + amount.width).toBeLessThanOrEqual(card.x + card.width);
  const name = first.getByRole('link', { name: /Checkerboard/ });
  const named = (await name.boundingBox())!;
  expect(named.x + named.width).toBeLessThanOrEqual(card.x + card.width);

  // The total and the checkout button are on screen before any scrolling, and stay there.
  const checkout = page.getByRole('button', { name: 'Proceed to Checkout' });
  await expect(checkout).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('checkout-bar')).toContainText('Total');
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(checkout).toBeInViewport({ ratio: 1 });
  const noOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth <= window.innerWidth,
  );
  expect(noOverflow).toBe(true);
});

test('at 360 px the sandbox payment dialog keeps each button on one line', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  // The provider's script as the checkout loads it, opened with the options the cart gives.
  await page.addScriptTag({ url: '/api/payment/sandbox/checkout.js' });
  await page.evaluate(() => {
    const { Razorpay } = window as unknown as {
      Razorpay: new (options: Record<string, unknown>) => { open(): void };
    };
    new Razorpay({
      key: 'rzp_test_sandbox',
      amount: 129_900,
      currency: 'INR',
      order_id: 'order_layout',
      name: 'T-Shirt Shop',
      description: 'Order of 2 T-shirts',
      prefill: { email: 'asha@example.com' },
      handler: () => undefined,
    }).open();
  });
  const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(dialog).toBeVisible();
  // Pay spans the dialog on one line: a wrapped label would make a button a line taller than
  // Pay (whose border is none where the others have 1 px, 2 px in all).
  const pay = (await dialog.getByRole('button', { name: 'Pay', exact: true }).boundingBox())!;
  for (const name of ['Fail payment', 'Cancel']) {
    const button = dialog.getByRole('button', { name, exact: true });
    await expectTappable(button);
    const box = (await button.boundingBox())!;
    expect(box.height, `${name} on one line`).toBeLessThanOrEqual(pay.height + 2.5);
    expect(box.x + box.width, `${name} inside the dialog`).toBeLessThanOrEqual(360);
  }
});
