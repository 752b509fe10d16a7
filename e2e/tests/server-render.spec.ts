/**
 * The storefront's pages arrive rendered by the server and the browser takes them over: their
 * content is there with JavaScript off, and with it on a click works at once, without a
 * hydration warning (the journeys' `test` fails on any console error), whatever the shopper has
 * stored (theme, session, cart), which the server cannot know.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { registerViaApi, test } from './support.js';

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page and a product page show their tees: names, prices, photos and links', async ({
    page,
  }) => {
    await page.goto('/');
    const names = page.locator('article h3 a');
    await expect(names).toHaveCount(12);
    const first = page.locator('article').first();
    await expect(first).toContainText(/₹\d/);
    await expect(first.locator('img')).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
    await expect(page.getByText(/\d+ products/)).toBeVisible();

    const name = (await names.first().textContent())!;
    const href = (await names.first().getAttribute('href'))!;
    expect(href).toMatch(/^\/product-detail\//);
    // A plain link: without JavaScript the browser itself follows it to the rendered page.
    await names.first().click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.locator('main')).toContainText(/₹\d/);
    await expect(page.getByRole('button', { name: /add to cart|sold out/i }).first()).toBeVisible();
  });

  test('search results and the about page are there too', async ({ page }) => {
    await page.goto('/Search?q=tee');
    await expect(page.getByText('Results for "tee"')).toBeVisible();
    await expect(page.locator('article h3 a').first()).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  });
});

test('a server-rendered page is taken over: links and buttons work at once, without warnings', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#root[data-origin]')).toHaveCount(1);
  // A marker that a full page load would wipe: the click below is the app's own navigation.
  await page.evaluate(() => ((window as unknown as { taken: boolean }).taken = true));
  const card = page.locator('article h3 a').first();
  const name = (await card.textContent())!;
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  expect(await page.evaluate(() => (window as unknown as { taken?: boolean }).taken)).toBe(true);

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('what the browser keeps (dark theme, a session, a cart) shows once the page is taken over, without warnings', async ({
  page,
  request,
}) => {
  const shopper = await registerViaApi(request, { name: 'Meera Iyer' });
  const product = (await (await request.get('/api/product/productList/1')).json()).prod[0];
  await page.goto('/about');
  await page.evaluate(
    ({ s, p }) => {
      localStorage.setItem('dark-theme', 'true');
      localStorage.setItem('authToken', s.token);
      localStorage.setItem(
        'user',
        JSON.stringify({ name: s.user.name, userId: s.user._id, role: s.user.role }),
      );
      localStorage.setItem('cart', JSON.stringify([{ ...p, cartQuantity: 1, size: 'One size' }]));
    },
    { s: shopper, p: product },
  );
  for (const path of ['/', `/product-detail/${product.slug}`, '/about']) {
    await page.goto(path);
    await expect(page.locator('#root[data-origin]')).toHaveCount(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: /Meera Iyer/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
});

test.describe('scrolled before the page is taken over', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /**
   * Opens `path` with the app's code held back until the server's page has been scrolled to
   * its end (and `whileHeld` has looked at it), then lets it load; answers where the page was
   * scrolled to.
   */
  async function scrollBeforeTakeOver(
    page: Page,
    path: string,
    whileHeld?: () => Promise<void>,
  ): Promise<number> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/*.js', hold);
    // The test's goto waits for the take-over, which waits for the held code.
    const loaded = page.goto(path);
    await expect(page.locator('#root[data-origin] main h1')).toBeVisible();
    await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
    await whileHeld?.();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(200);
    release();
    await loaded;
    await page.unroute('**/*.js', hold);
    return scrolled;
  }

  test('the product and search pages stay where the shopper scrolled; a new page or search starts at the top', async ({
    page,
    request,
  }) => {
    const product = (await (await request.get('/api/product/productList/1')).json()).prod[0];
    // Who sells it is in the server's page (from the shop's settings), before the take-over.
    const soldBy = page
      .getByRole('region', { name: 'Product details' })
      .locator('dt:text-is("Sold by") + dd');
    let seller = '';
    const scrolled = await scrollBeforeTakeOver(
      page,
      `/product-detail/${product.slug}`,
      async () => {
        await expect(soldBy).not.toBeEmpty();
        seller = (await soldBy.textContent())!;
      },
    );
    // Taken over (and its similar products loaded), the page has not moved.
    await expect(page.getByRole('list', { name: 'Similar Products' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(soldBy).toHaveText(seller);

    // Another page through the app starts at the top.
    const search = page.getByRole('search').first();
    await search.getByPlaceholder('Search products ...').fill('tee');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Results for "tee"')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // A new search on the results page too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // Another search with as many results ("t-shirt" is every product): a long page.
    await search.getByPlaceholder('Search products ...').fill('t-shirt');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Results for "t-shirt"')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // The results page as loaded from the server keeps its place too.
    const scrolledResults = await scrollBeforeTakeOver(page, '/Search?q=tee');
    await expect(page.getByText('Results for "tee"')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledResults);
  });
});
