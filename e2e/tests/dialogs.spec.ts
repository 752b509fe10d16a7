/**
 * The shop's dialogs are the browser's own modal <dialog>: in a real browser the page behind
 * is inert (Tab never reaches it), Escape closes, and focus returns to the opener.
 */
import { expect, type Page } from '@playwright/test';
import { ADMIN, loginViaApi, signInAs, test } from './support.js';

/** Where focus is: inside the open dialog, on the page behind it, or nowhere (the body). */
function focusPlace(page: Page): Promise<'dialog' | 'page' | 'none'> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'none';
    return active.closest('dialog[open]') ? 'dialog' : 'page';
  });
}

async function expectTabStaysInside(page: Page): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusPlace(page)).not.toBe('page');
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusPlace(page)).not.toBe('page');
  }
}

test('the phone menu is a modal dialog: Tab stays in it, Escape closes it, focus returns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expectTabStaysInside(page);
  // The page behind cannot be clicked while the menu is open (the backdrop takes the click).
  await page.mouse.click(20, 300);
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(open).toBeFocused();

  await open.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();
});

test("the admin's edit pop-up is a modal dialog: its field has focus, Escape closes it, focus returns to Edit", async ({
  page,
  request,
}) => {
  await signInAs(
    page,
    await loginViaApi(request, ADMIN.email, ADMIN.password),
    '/dashboard/admin/create-category',
  );
  const edit = page.getByRole('button', { name: 'Edit', exact: true }).first();
  await edit.click();
  const dialog = page.getByRole('dialog', { name: /^Edit category / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toBeFocused();
  // In the middle of the screen (Tailwind's reset removes the <dialog>'s own auto margins).
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
  await expectTabStaysInside(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
