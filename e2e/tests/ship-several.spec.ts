/**
 * An admin marks several orders shipped at once from the orders list (issue #33, item 9): ticks
 * two confirmed orders, gives each its courier and AWB in one dialog, and both shoppers' order
 * pages show their own tracking number.
 */
import { expect } from '@playwright/test';
import { ADMIN, loginViaApi, placeOrder, registerViaApi, signInAs, test } from './support.js';

const numberOf = (orderId: string) => orderId.slice(-8).toUpperCase();

test('an admin ticks two confirmed orders, enters courier and AWB for each, and both ship', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString().slice(-6);
  const asha = await registerViaApi(request, { name: `Asha Ship ${stamp}` });
  const kabir = await registerViaApi(request, { name: `Kabir Ship ${stamp}` });
  const ashaOrder = await placeOrder(request, asha);
  const kabirOrder = await placeOrder(request, kabir);
  const shipments = [
    { orderId: ashaOrder, shopper: asha, courier: 'Delhivery', awb: `DLV-${stamp}` },
    { orderId: kabirOrder, shopper: kabir, courier: 'Blue Dart', awb: `BD-${stamp}` },
  ];

  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  // To ship, newest first: both orders are on the first page.
  await signInAs(page, admin, '/dashboard/admin/adminorder?status=pending');
  for (const { orderId } of shipments)
    await page.getByRole('checkbox', { name: `Select order #${numberOf(orderId)}` }).check();
  const bar = page.getByRole('region', { name: 'Orders selected to ship' });
  await expect(bar).toContainText('2 orders selected');
  await bar.getByRole('button', { name: 'Mark 2 shipped' }).click();

  const dialog = page.getByRole('dialog', { name: 'Mark 2 orders shipped' });
  for (const { orderId, shopper, courier, awb } of shipments) {
    const no = numberOf(orderId);
    await expect(
      dialog.getByRole('group', { name: `Order #${no} · ${shopper.user.name}` }),
    ).toBeVisible();
    await dialog.getByLabel(`Courier for order #${no}`).selectOption({ label: courier });
    await dialog.getByLabel(`Tracking number (AWB) for order #${no}`).fill(awb);
  }
  await dialog.getByRole('button', { name: 'Mark 2 orders shipped' }).click();
  await expect(page.getByText('2 orders marked shipped')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Both left the orders to ship; on the whole list each reads Shipped with its AWB.
  await expect(bar).toBeHidden();
  await page.goto('/dashboard/admin/adminorder');
  for (const { orderId, awb } of shipments) {
    const no = numberOf(orderId);
    await expect(page.getByLabel(`Status for order ${no}`)).toHaveValue('shipped');
    await expect(
      page.getByRole('article', { name: `Order #${no}` }).getByText(awb, { exact: true }),
    ).toBeVisible();
  }

  // Each shopper's order page shows their own courier and tracking number.
  for (const { orderId, shopper, awb } of shipments) {
    await signInAs(page, shopper, `/dashboard/user/orders/${orderId}`);
    await expect(page.getByText(awb, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
    'href',
    `https://www.bluedart.com/tracking?trackFor=0&trackNo=BD-${stamp}`,
  );
});
