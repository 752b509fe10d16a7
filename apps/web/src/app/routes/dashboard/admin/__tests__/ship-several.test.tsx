/**
 * Marking several orders shipped from the admin list: ticks on the orders ready to ship, the bar
 * with "Mark N shipped", and the dialog asking each order's courier and AWB, sending them one at
 * a time and showing each refusal beside its order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrdersPage from '@/app/routes/dashboard/admin/orders';
import { toast } from '@/lib/toast';
import { mockApi, reply, type ApiCall } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { deferred } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const order = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  _id: `64b0000000000000000000${id}`,
  status: 'pending',
  amount: 649,
  shippingAddress: '12 MG Road, Bengaluru',
  createdAt: '2026-11-22T10:35:00.000Z',
  items: [
    {
      _id: '64b0000000000000000000a1',
      name: 'Rocket Tee',
      photo: '/r.webp',
      price: 649,
      cartQuantity: 1,
      size: 'M',
    },
  ],
  user: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone: '9876543210' },
  ...over,
});

/** #000000B1 Asha and #000000B2 Kabir to ship; #000000B3 already shipped, #000000B4 without an address. */
function ordersPage(answer?: (call: ApiCall) => unknown) {
  const orders: Record<string, unknown>[] = [
    order('b1', 'Asha Rao'),
    order('b2', 'Kabir Mehta'),
    order('b3', 'Meera Iyer', { status: 'shipped', shipment: { courier: 'dtdc', awb: 'OLD-1' } }),
    order('b4', 'Ravi Nair', { addressNeeded: true, shippingAddress: '' }),
  ];
  const server = mockApi({
    'GET /orders/adminorders': () => ({ success: true, orders, total: orders.length }),
    'GET /payment/unsettled': () => ({ success: true, checkouts: [], total: 0 }),
    'GET /orders/overview': () => ({
      success: true,
      days: [],
      statusCounts: {},
      returnsWaiting: 0,
    }),
    'PUT /orders/update-status/:orderId': async (call) => {
      const refused = await answer?.(call);
      if (refused) return refused;
      const body = call.body as Record<string, unknown>;
      const i = orders.findIndex((o) => o._id === call.params.orderId);
      orders[i] = { ...orders[i]!, status: 'shipped', shipment: body.shipment };
      return { success: true, order: orders[i] };
    },
  });
  const view = renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
  return { server, ...view };
}
const sent = (server: ReturnType<typeof mockApi>) =>
  server
    .callsTo('PUT /orders/update-status/:orderId')
    .map((c) => [c.params.orderId!.slice(-2), c.body]);

/** Ticks Asha's and Kabir's orders and opens the dialog. */
async function openDialog(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select order #000000B1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select order #000000B2' }));
  await user.click(screen.getByRole('button', { name: 'Mark 2 shipped' }));
  return screen.findByRole('dialog', { name: 'Mark 2 orders shipped' });
}

async function fill(
  user: ReturnType<typeof renderRoute>['user'],
  dialog: HTMLElement,
  no: string,
  courier: string,
  awb: string,
) {
  await user.selectOptions(within(dialog).getByLabelText(`Courier for order #${no}`), courier);
  const box = within(dialog).getByLabelText(`Tracking number (AWB) for order #${no}`);
  await user.clear(box);
  await user.type(box, awb);
}

describe('marking several orders shipped', () => {
  it('ticks only the orders ready to ship; "Select all to ship" ticks them, and the bar counts them', async () => {
    const { user } = ordersPage();
    expect(
      await screen.findByRole('checkbox', { name: 'Select order #000000B1' }),
    ).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #000000B2' })).toBeInTheDocument();
    // Shipped already, and one the buyer must give an address for: no tick.
    expect(screen.queryByRole('checkbox', { name: 'Select order #000000B3' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select order #000000B4' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders selected to ship' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select order #000000B2' }));
    const bar = screen.getByRole('region', { name: 'Orders selected to ship' });
    expect(bar).toHaveTextContent('1 order selected');
    expect(screen.getByRole('status')).toHaveTextContent('1 order selected to ship');

    await user.click(screen.getByRole('checkbox', { name: 'Select all to ship on this page (2)' }));
    expect(screen.getByRole('checkbox', { name: 'Select order #000000B1' })).toBeChecked();
    expect(within(bar).getByRole('button', { name: 'Mark 2 shipped' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('checkbox', { name: 'Select order #000000B1' })).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Orders selected to ship' })).toBeNull();
  });

  it('asks each order’s courier and AWB, checks them before sending anything, then ships both', async () => {
    const { server, user } = ordersPage();
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByRole('group', { name: 'Order #000000B1 · Asha Rao' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('group', { name: 'Order #000000B2 · Kabir Mehta' }),
    ).toBeInTheDocument();

    // Nothing filled in for Kabir, and an AWB with a space for Asha: each told beside its field.
    await fill(user, dialog, '000000B1', 'delhivery', 'DL 1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 orders shipped' }));
    const ashaAwb = within(dialog).getByLabelText('Tracking number (AWB) for order #000000B1');
    await waitFor(() =>
      expect(ashaAwb).toHaveAccessibleDescription(
        'The tracking number has only letters, digits and hyphens',
      ),
    );
    expect(
      within(dialog).getByLabelText('Courier for order #000000B2'),
    ).toHaveAccessibleDescription('Choose the courier');
    expect(
      within(dialog).getByLabelText('Tracking number (AWB) for order #000000B2'),
    ).toHaveAccessibleDescription('Enter the tracking number (AWB)');
    expect(sent(server)).toEqual([]);

    await fill(user, dialog, '000000B1', 'delhivery', 'DL-1');
    await fill(user, dialog, '000000B2', 'bluedart', 'BD-2');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 orders shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(server)).toEqual([
      [
        'b1',
        { status: 'shipped', from: 'pending', shipment: { courier: 'delhivery', awb: 'DL-1' } },
      ],
      [
        'b2',
        { status: 'shipped', from: 'pending', shipment: { courier: 'bluedart', awb: 'BD-2' } },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('2 orders marked shipped');
    // The list reloads: both show their AWB, no tick is left and the bar is gone.
    expect(await screen.findByText('DL-1')).toBeInTheDocument();
    expect(await screen.findByText('BD-2')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /^Select order/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders selected to ship' })).toBeNull();
  });

  it('sends one order at a time, busy meanwhile; a refusal stays beside its order and can be sent again', async () => {
    const held = deferred<void>();
    const message = 'This order is being changed by someone else. Please try again.';
    let kabirTries = 0;
    const { server, user } = ordersPage(async (call) => {
      if (call.params.orderId!.endsWith('b1')) await held.promise;
      else if ((kabirTries += 1) === 1) return reply(409, { success: false, message });
    });
    const dialog = await openDialog(user);
    await fill(user, dialog, '000000B1', 'dtdc', 'D-1');
    await fill(user, dialog, '000000B2', 'ekart', 'E-2');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 orders shipped' }));

    // The first is on its way; the second waits for its answer, and nothing can be tapped twice.
    const busy = await within(dialog).findByRole('button', { name: 'Marking shipped…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    held.resolve();

    const kabir = within(dialog).getByRole('group', { name: 'Order #000000B2 · Kabir Mehta' });
    await waitFor(() => expect(kabir).toHaveAccessibleDescription(message));
    expect(within(kabir).getByText(message)).toBeInTheDocument();
    const asha = within(dialog).getByRole('group', { name: 'Order #000000B1 · Asha Rao' });
    expect(within(asha).getByText('Shipped')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '1 shipped, 1 order not: see the reason beside it.',
    );
    expect(toast.error).toHaveBeenCalledWith('1 shipped, 1 order not: see the reason beside it.');
    // Asha's left the selection; only Kabir's is sent again.
    expect(
      screen.getByRole('region', { name: 'Orders selected to ship', hidden: true }),
    ).toHaveTextContent('1 order selected');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 1 order shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(server).map(([id]) => id)).toEqual(['b1', 'b2', 'b2']);
    expect(toast.success).toHaveBeenCalledWith('1 order marked shipped');
    expect(screen.queryByRole('region', { name: 'Orders selected to ship' })).toBeNull();
  });

  it('does not send again an order cancelled meanwhile: it reads Not shipped and leaves the selection', async () => {
    const message =
      'This order is cancelled now (it changed since the page loaded), so nothing was changed.';
    const { server, user } = ordersPage((call) =>
      call.params.orderId!.endsWith('b2')
        ? reply(409, { success: false, message, status: 'cancelled' })
        : undefined,
    );
    const dialog = await openDialog(user);
    await fill(user, dialog, '000000B1', 'dtdc', 'D-1');
    await fill(user, dialog, '000000B2', 'dtdc', 'D-2');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 orders shipped' }));
    const kabir = within(dialog).getByRole('group', { name: 'Order #000000B2 · Kabir Mehta' });
    await waitFor(() => expect(kabir).toHaveAccessibleDescription(message));
    expect(within(kabir).getByText('Not shipped')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Mark/ })).toBeNull();
    expect(
      screen.queryByRole('region', { name: 'Orders selected to ship', hidden: true }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(server)).toHaveLength(2);
  });

  it('shows the server’s field refusal beside that order’s AWB field; Leave out drops it', async () => {
    const message = 'This AWB is already used by order #000000B1';
    const { user } = ordersPage((call) =>
      call.params.orderId!.endsWith('b2')
        ? reply(400, { success: false, message, issues: [{ path: 'shipment.awb', message }] })
        : undefined,
    );
    const dialog = await openDialog(user);
    await fill(user, dialog, '000000B1', 'dtdc', 'D-1');
    await fill(user, dialog, '000000B2', 'dtdc', 'D-1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 orders shipped' }));
    await waitFor(() =>
      expect(
        within(dialog).getByLabelText('Tracking number (AWB) for order #000000B2'),
      ).toHaveAccessibleDescription(message),
    );
    expect(
      within(dialog).getByLabelText('Tracking number (AWB) for order #000000B1'),
    ).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Leave out order #000000B2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders selected to ship' })).toBeNull();
  });
});
