import { expect } from '@playwright/test';
import { test } from './support.js';

test('the shop starts: top bar, health, and the not-found page', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toEqual({ status: 'ok', db: 'embedded' });

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('link', { name: /T-Shirt Shop/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  // An empty cart has no badge (no red "0").
  await expect(nav.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  // An unknown path is a real 404 (for crawlers), still showing the app's not-found page.
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the home page and a product page arrive with their first catalog answers, and filters still fetch', async ({
  page,
  request,
}) => {
  // The built page names the home route's chunks for its take-over script, which loads them
  // (the API reads them from Vite's manifest).
  const html = await (await request.get('/')).text();
  expect(html).toMatch(
    /<script blocking="render" type="module" crossorigin src="\/assets\/take-over-[\w-]+\.js">/,
  );
  expect(html).toMatch(/<div id="root" [^>]*data-app="[^"]*\/assets\/home-[\w-]+\.js/);
  expect(html).toContain('<script type="application/json" id="initial-data">');
  const catalogCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/product') || r.url().includes('/api/category'))
      catalogCalls.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const firstCard = page.getByRole('link', { name: /More details/ }).first();
  await expect(firstCard).toBeVisible();
  await expect(page.getByText(/\d+ products/)).toBeVisible();
  expect(catalogCalls).toEqual([]);

  // The inlined answers serve once: choosing a filter asks the API as before.
  await page.getByRole('checkbox').first().check();
  await expect.poll(() => catalogCalls).toContain('/api/product/getFilter-product');

  catalogCalls.length = 0;
  await page.goto('/');
  await firstCard.click();
  await expect(page).toHaveURL(/\/product-detail\//);
  // The client-side visit fetches the product once it has rendered; let that finish before counting.
  await expect(page.getByRole('heading', { name: 'Similar Products' })).toBeVisible();
  const slugPage = page.url();
  catalogCalls.length = 0;
  await page.goto(slugPage);
  await expect(page.getByRole('button', { name: /add to cart/i }).first()).toBeVisible();
  expect(catalogCalls.filter((p) => p.startsWith('/api/product/get-product/'))).toEqual([]);
});

test('robots.txt and the sitemap answer for crawlers, not with the app page', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('Disallow: /dashboard');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  expect(await sitemap.text()).toMatch(/<loc>[^<]+\/product-detail\/[^<]+<\/loc><lastmod>/);
  expect((await request.get('/product-detail/no-such-tee')).status()).toBe(404);
});

test("without JavaScript the page still shows the shop's top bar", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'T-Shirt Shop' })).toBeVisible();
  await context.close();
});
