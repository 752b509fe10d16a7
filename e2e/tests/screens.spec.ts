/** Layout checks a shopper notices, measured in the browser at the widths that matter. */
import { expect } from '@playwright/test';
import { registerViaApi, signInAs, test } from './support.js';

test('a short page shows its footer without scrolling', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeInViewport({ ratio: 1 });
});

test('card names wrap to two lines instead of being cut, from 360 to 1440 px', async ({ page }) => {
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const names = page.getByRole('region', { name: 'All Products' }).getByRole('heading', {
      level: 3,
    });
    await expect(names.first()).toBeVisible();
    const cut = await names.evaluateAll((headings) =>
      headings.filter((h) => h.scrollHeight > h.clientHeight + 1).map((h) => h.textContent),
    );
    expect(cut, `names cut at ${width} px`).toEqual([]);
  }
});

test('the search box keeps its room (and its placeholder) from 768 to 1440 px, signed in', async ({
  page,
  request,
}) => {
  // Signed in, the bar also holds the profile menu with the shopper's name.
  await signInAs(page, await registerViaApi(request, { name: 'Aishwarya Venkataraman' }));
  for (const width of [768, 820, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: /Aishwarya/ })).toBeVisible();
    const box = page.getByRole('search').first().getByPlaceholder('Search products ...');
    await expect(box).toBeVisible();
    const { width: boxWidth } = (await box.boundingBox())!;
    expect(boxWidth, `search box at ${width} px`).toBeGreaterThanOrEqual(200);
    const clipped = await box.evaluate((input: HTMLInputElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(input).font;
      probe.style.position = 'absolute';
      probe.textContent = input.placeholder;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(input);
      return (
        needed > input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      );
    });
    expect(clipped, `placeholder clipped at ${width} px`).toBe(false);
  }
});
