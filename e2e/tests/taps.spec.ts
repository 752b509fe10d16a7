/**
 * A tap is never lost (issue: "taps that are never lost"). Server-rendered pages show before the
 * app takes them over; a size tapped meanwhile is chosen at once by plain HTML, and a tap on a
 * control that needs the app (ADD TO CART, the theme, a card's button) shows it is busy and is
 * carried out once the app is in. A change of the query alone (a size, a filter) keeps the page
 * where it was scrolled.
 *
 * On an emulated mid-range phone (4× slower CPU, 1.6 Mbps down, 150 ms) the shopper taps as soon
 * as things are visible; the outcome is the same whenever the app arrives. Where a test must tap
 * before the take-over, it holds the app's code back until it has (no race with the clock).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { findProduct, holdTheApp, notTakenOver, sizesInStock, test } from './support.js';

/** The brand colour of a chosen size (index.css, brand-600), in the computed style's form. */
const CHOSEN = 'rgb(79, 70, 229)';

test.use({
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  // Taps as soon as things are visible, not once the app has taken the page over.
  waitForTakeOver: false,
});

/**
 * The throttled phone's first outcome waits longer than the usual 20 s: on a machine busy with
 * other work, the 4× slower CPU is slower still, and the app may take that long to arrive (a
 * deadline against a hang, not a speed check).
 */
const onThePhone = expect.configure({ timeout: 90_000 });

/** An emulated mid-range phone: 4× slower CPU, a slow mobile connection. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** A size's button in the picker: the label wrapping its (visually hidden) radio. */
const buttonOf = (radio: Locator) => radio.locator('xpath=..');

/** The cart as the browser keeps it (localStorage). */
const storedCart = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ slug: string; size: string }>,
  );

test('on a throttled phone, a size and ADD TO CART tapped as soon as they show add that size', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => sizesInStock(p).length >= 2);
  const size = sizesInStock(product).at(-1)!;
  await throttle(page);
  await page.goto(`/product-detail/${product.slug}`, { waitUntil: 'commit' });

  const radio = page.getByRole('radio', { name: size, exact: true });
  await buttonOf(radio).tap();
  await expect(radio).toBeChecked();
  await page.getByRole('button', { name: 'ADD TO CART' }).first().tap();

  await onThePhone(page.getByText('Successfully Added')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(await storedCart(page)).toEqual([expect.objectContaining({ slug: product.slug, size })]);
  await expect(page).toHaveURL(new RegExp(`[?&]size=${size}$`));
  await expect(radio).toBeChecked();
});

test('on a throttled phone, a card’s ADD TO CART tapped as soon as it shows asks for the size, then adds it', async ({
  page,
}) => {
  await throttle(page);
  await page.goto('/', { waitUntil: 'commit' });
  const card = page.locator('article').first();
  const name = (await card.locator('h3').textContent())!;
  await card.getByRole('button', { name: 'ADD TO CART' }).tap();

  const named = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const dialog = page.getByRole('dialog', {
    name: new RegExp(`^Choose a (colour and )?size: ${named}$`),
  });
  await onThePhone(dialog).toBeVisible();
  const sizes = dialog.getByRole('radiogroup', { name: 'Size' });
  await buttonOf(sizes.getByRole('radio', { disabled: false }).first()).tap();
  await dialog.getByRole('button', { name: 'ADD TO CART' }).tap();
  await expect(page.getByText('Successfully Added')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('before the take-over a tapped size looks chosen by itself and ADD TO CART shows it is busy; both are carried out after', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => sizesInStock(p).length >= 2);
  const size = sizesInStock(product).at(-1)!;
  const takeOver = await holdTheApp(page);
  await page.goto(`/product-detail/${product.slug}`, { waitUntil: 'commit' });

  const radio = page.getByRole('radio', { name: size, exact: true });
  await buttonOf(radio).tap();
  const add = page.getByRole('button', { name: 'ADD TO CART' }).first();
  await add.tap();
  await notTakenOver(page);
  await expect(radio).toBeChecked();
  await expect(buttonOf(radio)).toHaveCSS('background-color', CHOSEN);
  await expect(add).toHaveAttribute('aria-busy', 'true');

  await takeOver();
  await expect(page.getByText('Successfully Added')).toBeVisible();
  await expect(add).not.toHaveAttribute('aria-busy');
  expect(await storedCart(page)).toEqual([expect.objectContaining({ slug: product.slug, size })]);
  await expect(page).toHaveURL(new RegExp(`[?&]size=${size}$`));
  await expect(buttonOf(radio)).toHaveCSS('background-color', CHOSEN);
});

test.describe('on a wider screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('filters, the theme and a card’s button clicked before the take-over all happen once the app is in', async ({
    page,
  }) => {
    const takeOver = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const filters = page.locator('fieldset');
    const category = filters.getByRole('checkbox').nth(1);
    await category.check();
    const price = filters.getByRole('radio').nth(2);
    await price.check();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await notTakenOver(page);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    await takeOver();
    await expect(page).toHaveURL(/\?category=[0-9a-f]{24}&price=/);
    await expect(page.getByRole('heading', { name: 'Filtered Products' })).toBeVisible();
    await expect(category).toBeChecked();
    await expect(price).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a search sent before the take-over opens the results the server renders', async ({
    page,
  }) => {
    await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const search = page.getByRole('search').first();
    await search.getByPlaceholder('Search products ...').fill('tee');
    await search.getByPlaceholder('Search products ...').press('Enter');
    await expect(page).toHaveURL(/\/Search\?q=tee$/);
    await expect(page.getByText('Results for "tee"')).toBeVisible();
    await expect(page.locator('article h3 a').first()).toBeVisible();
  });
});

test.describe('a change of the query alone keeps the scroll position', () => {
  test.use({ waitForTakeOver: true });

  /** Scrolls the page so that `target` is 150 px below the top of the screen; answers scrollY. */
  async function scrollNear(page: Page, target: Locator): Promise<number> {
    await target.evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 150),
    );
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    return scrolled;
  }

  test('the first size chosen on a product page', async ({ page, request }) => {
    const product = await findProduct(request, (p) => sizesInStock(p).length >= 2);
    await page.goto(`/product-detail/${product.slug}`);
    const radio = page.getByRole('radio', { name: sizesInStock(product)[0]!, exact: true });
    const scrolled = await scrollNear(page, buttonOf(radio));
    await buttonOf(radio).tap();
    await expect(page).toHaveURL(/[?&]size=/);
    await expect(radio).toBeChecked();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('the first filter on the home page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Filters/ }).tap();
    const price = page.locator('fieldset').getByRole('radio').nth(1);
    const scrolled = await scrollNear(page, price);
    await price.tap();
    await expect(page).toHaveURL(/\?price=/);
    await expect(page.getByRole('heading', { name: 'Filtered Products' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});
