/**
 * The launch pages a payment provider reviews before it issues live keys, and India's e-commerce
 * rules ask for: Contact, Terms and Conditions, Shipping and Delivery, Returns, Refunds and
 * Cancellation. Signed out, the footer opens each, rendered by the server (JavaScript off too),
 * and the details an admin saves in Settings are on them.
 */
import { expect, type Page } from '@playwright/test';
import { ADMIN, loginViaApi, signInAs, test } from './support.js';

const PAGES = [
  ['Contact', '/contact', 'Contact us'],
  ['Terms and Conditions', '/terms', 'Terms and Conditions'],
  ['Shipping and Delivery', '/shipping', 'Shipping and Delivery'],
  ['Returns, Refunds and Cancellation', '/returns', 'Returns, Refunds and Cancellation'],
  ['Privacy Policy', '/privacy', 'Privacy Policy'],
] as const;

async function followFooterLinks(page: Page) {
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [link, path, heading] of PAGES) {
    await footer.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
}

test('signed out, the footer opens every launch page', async ({ page }) => {
  await page.goto('/about');
  await followFooterLinks(page);
  // The shop's details come from its settings: a missing one says so, never a made-up one.
  await page.goto('/contact');
  await expect(page.getByRole('main')).toContainText('Grievance officer');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer links open each launch page, rendered by the server', async ({ page }) => {
    await page.goto('/about');
    await followFooterLinks(page);
  });
});

test("what the admin saves as the shop's details is on Contact and Returns", async ({
  page,
  request,
  browser,
}) => {
  // A number and officer of this run's own, so the check does not depend on earlier runs.
  const officer = `Anita Rao ${Date.now() % 100_000}`;
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  await signInAs(page, admin, '/dashboard/admin/settings');
  const form = page.getByRole('form', { name: 'Shop details' });
  await form.getByLabel('Customer care phone').fill('080 4567 8910');
  await form.getByLabel('Grievance officer’s name').fill(officer);
  await form.getByLabel('Return window (days after delivery)').fill('12');
  await form.getByRole('button', { name: 'Save shop details settings' }).click();
  await expect(page.getByText('Shop details settings saved')).toBeVisible();

  // A visitor signed out, in a browser of their own.
  const visitor = await browser.newContext();
  const shopper = await visitor.newPage();
  await shopper.goto('/contact');
  const main = shopper.getByRole('main');
  await expect(main.getByRole('link', { name: '080 4567 8910' })).toHaveAttribute(
    'href',
    'tel:08045678910',
  );
  await expect(main).toContainText(`Name: ${officer}`);
  await shopper.goto('/returns');
  await expect(shopper.getByRole('main')).toContainText(
    'You can return a T-shirt within 12 days of delivery',
  );
  await visitor.close();
});
