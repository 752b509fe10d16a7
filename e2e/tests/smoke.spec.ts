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
  await expect(page.getByTestId('cart-badge').first()).toHaveText('0');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
