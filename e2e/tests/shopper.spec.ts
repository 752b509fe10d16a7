import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import {
  addFirstProductToCart,
  chooseSizeInDialog,
  registerInBrowser,
  pickSize,
  readOtpFromOutbox,
  registerViaApi,
  uniqueEmail,
  test,
} from './support.js';

test.describe('a shopper', () => {
  test('browses, filters, pages, opens a detail and a similar product, and adds it to the cart', async ({
    page,
  }) => {
    await page.goto('/');
    const grid = page.locator('#products').getByRole('list');
    await expect(grid.getByRole('listitem')).toHaveCount(12);

    // Next page, and back.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

    // A category filter goes back to page 1 and only shows that category.
    await page.getByRole('checkbox', { name: 'Anime' }).click();
    await expect(page.getByRole('checkbox', { name: 'Anime' })).toBeChecked();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page).toHaveURL(/category=/);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const firstCard = grid.getByRole('listitem').first();
    await expect(firstCard).toBeVisible();

    // A reload keeps the filter.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Anime' })).toBeChecked();

    // Detail, then a similar product's own detail.
    await grid.getByRole('listitem').first().getByRole('link', { name: 'More details' }).click();
    await expect(page).toHaveURL(/\/product-detail\//);
    const firstUrl = page.url();
    await expect(page.getByRole('button', { name: 'ADD TO CART' }).first()).toBeVisible();
    const similar = page.getByRole('region', { name: 'Similar Products' });
    await expect(similar).toBeVisible();
    await similar.getByRole('link').first().click();
    await expect(page).not.toHaveURL(firstUrl);
    await expect(page).toHaveURL(/\/product-detail\//);

    // A T-shirt in several sizes: choose the first one left, then add.
    await pickSize(page.getByRole('radiogroup', { name: 'Size' }));
    await expect(page).toHaveURL(/[?&]size=/);
    await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expect(page.getByText('Successfully Added')).toBeVisible();
    await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
  });

  test('a new page starts at the top, and Back returns to where the shopper was', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    await expect(page.locator('#products').getByRole('listitem')).toHaveCount(12);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole('link', { name: 'More details' }).nth(9).click();
    await expect(page).toHaveURL(/\/product-detail\//);
    // The address changes at once; the page (a lazily loaded chunk) replaces the list, at the top.
    await expect(page.getByRole('button', { name: 'ADD TO CART' }).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('searches, sees results, categories suggested for nonsense, and nothing for a blank search', async ({
    page,
  }) => {
    await page.goto('/');
    const search = page.getByRole('search').first();
    await search.getByPlaceholder('Search products ...').fill('tee');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/Search\?q=tee$/);
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(page.getByText('Results for "tee"')).toBeVisible();
    await expect(search.getByPlaceholder('Search products ...')).toHaveValue('tee');
    await expect(page.getByRole('link', { name: 'More details' }).first()).toBeVisible();
    // The keyword in the URL: a new tab shows the same results.
    const tab = await page.context().newPage();
    await tab.goto('/Search?q=tee');
    await expect(tab.getByText('Results for "tee"')).toBeVisible();
    await expect(tab.getByRole('link', { name: 'More details' }).first()).toBeVisible();
    await tab.close();

    // Every word, in any order, across name, description and category; "tee" is ignored.
    await search.getByPlaceholder('Search products ...').fill('anime sakura tee');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Results for "anime sakura tee"')).toBeVisible();
    await expect(page.locator('article h3 a').first()).toHaveText('Sakura Drift Tee');

    // Nothing matches: categories to browse instead, the closest first.
    await search.getByPlaceholder('Search products ...').fill('anmie zzqx');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No products found.')).toBeVisible();
    const suggested = page.getByRole('navigation', { name: 'Suggested categories' });
    await expect(suggested.getByRole('link').first()).toHaveText('Anime');
    await suggested.getByRole('link', { name: 'Anime' }).click();
    await expect(page).toHaveURL(/\/\?category=[a-f\d]{24}$/);
    await expect(page.getByRole('link', { name: 'Sakura Drift Tee' }).first()).toBeVisible();

    // A blank search does nothing.
    await search.getByPlaceholder('Search products ...').fill('   ');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/\?category=[a-f\d]{24}$/);
  });

  test('registers, pays in the sandbox, and finds the order in Your Orders with the cart empty', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await registerInBrowser(page, {
      name: 'Riya Sharma',
      email,
      password: 'riya-secret-1',
      phone: '9123456780',
      address: '14 Park Street, Kolkata 700016',
    });
    const { productName, variant } = await addFirstProductToCart(page);
    await expect(page.getByTestId('cart-badge').first()).toHaveText('1');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Cart/ })
      .click();
    await expect(page.getByText('14 Park Street, Kolkata 700016')).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('₹');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    // The order placed: its number, what was bought, where it goes, what happens next.
    await expect(page).toHaveURL(/\/order-placed\/[a-f\d]{24}$/);
    await expect(page.getByText('Payment Completed')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Thank you! Your order is placed.' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'What you bought' })).toContainText(productName);
    await expect(page.getByRole('region', { name: 'What happens next' })).toBeVisible();
    await page.goto('/dashboard/user/orders');
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
    await expect(page.getByText(productName).first()).toBeVisible();
    await expect(page.getByText(`${variant} · Quantity: 1`).first()).toBeVisible();
    await expect(page.getByText('Confirmed', { exact: false }).first()).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });

  test('a cancelled payment leaves the cart as it was', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(session.user.email);
    await page.getByLabel('Password').fill(session.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page
      .getByRole('region', { name: 'All Products' })
      .getByRole('list')
      .getByRole('button', { name: 'ADD TO CART' })
      .first()
      .click();
    await chooseSizeInDialog(page);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox payment' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
  });

  test('checking out signed out goes to login and back to the cart', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'All Products' })
      .getByRole('list')
      .getByRole('button', { name: 'ADD TO CART' })
      .first()
      .click();
    await chooseSizeInDialog(page);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email Address').fill(session.user.email);
    await page.getByLabel('Password').fill(session.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('resets a forgotten password with the code from the mail', async ({ page, request }) => {
    const session = await registerViaApi(request);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    // The login form (with its own Email Address) shows until the new page's code arrives.
    await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
    await page.getByLabel('Email Address').fill(session.user.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const code = await readOtpFromOutbox(session.user.email);
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByLabel('New Password').fill('fresh-password-9');
    await page.getByLabel('Confirm Password').fill('fresh-password-9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successfully').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email Address').fill(session.user.email);
    await page.getByLabel('Password').fill('fresh-password-9');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: new RegExp(session.user.name) })).toBeVisible();
  });

  test('keeps the dark theme across a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('home, detail, cart and login have no serious or critical accessibility violations', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'All Products' }).getByRole('list').getByRole('listitem'),
    ).toHaveCount(12);
    const href = await page
      .getByRole('link', { name: 'More details' })
      .first()
      .getAttribute('href');
    for (const path of ['/', href!, '/cart', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const dark of [false, true]) {
        // Colours fade between themes (transition-colors): axe must read them once they have
        // settled, not half-way on a busy machine.
        await page.evaluate(async (d) => {
          document.documentElement.classList.toggle('dark', d);
          await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
        }, dark);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const bad = results.violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        expect(
          bad.map(
            (v) =>
              `${path}${dark ? ' (dark)' : ''}: ${v.id} ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
          ),
        ).toEqual([]);
      }
    }
  });
});
