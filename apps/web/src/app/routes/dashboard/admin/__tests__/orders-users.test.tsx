import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import OrdersPage from '@/app/routes/dashboard/admin/orders';
import UsersPage from '@/app/routes/dashboard/admin/users';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids, networkError } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const order = (over: Record<string, unknown> = {}) => ({
  _id: ids.order,
  status: 'pending',
  amount: 1697,
  shippingAddress: '12 MG Road, Bengaluru',
  createdAt: '2026-11-22T10:35:00.000Z',
  items: [
    {
      _id: ids.product,
      name: 'Rocket Tee',
      photo: '/uploads/rocket.webp',
      price: 649,
      cartQuantity: 2,
      size: 'M',
    },
    {
      _id: ids.polo,
      name: 'Plain Polo',
      photo: '/uploads/polo.webp',
      price: 399,
      cartQuantity: 1,
      size: 'One size',
    },
  ],
  user: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
  ...over,
});

const nothingToSettle = { success: true, checkouts: [], total: 0 };

const overview = {
  success: true,
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    orders: i === 21 ? 3 : 0,
    revenue: i === 21 ? 2500 : 0,
  })),
  statusCounts: { pending: 4, shipped: 2, delivered: 7, cancelled: 1 },
};

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('orders page', () => {
  it('shows the refund of each cancelled order; a failed one stands out with what to do and Retry refund', async () => {
    const refund = { id: '', amount: 169_700, createdAt: '2026-11-22T11:00:00.000Z' };
    let retried = false;
    const api = mockApi({
      'GET /orders/adminorders': () => ({
        success: true,
        orders: [
          order({
            status: 'cancelled',
            paymentId: 'pay_sandbox_77',
            refund: retried
              ? { ...refund, id: 'rfnd_1', status: 'processed' }
              : { ...refund, status: 'failed', failureReason: 'The payment was not captured' },
          }),
        ],
      }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
      'PUT /orders/update-status/:orderId': () => {
        retried = true;
        return { success: true };
      },
    });
    const { user } = renderRoute(
      { element: <OrdersPage /> },
      { url: '/dashboard/admin/adminorder' },
    );
    const card = await screen.findByRole('article', { name: /Order #/ });
    const failed = within(card).getByRole('group', { name: 'Refund failed' });
    expect(failed).toHaveTextContent('Refund of ₹1,697 failed: The payment was not captured.');
    expect(failed).toHaveTextContent("refund it by hand in the payment provider's dashboard");
    expect(failed).toHaveTextContent('pay_sandbox_77');
    expect(card.className).toMatch(/ring-red-400/);

    await user.click(within(failed).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(api.callsTo('PUT /orders/update-status/:orderId')).toHaveLength(1));
    expect(api.callsTo('PUT /orders/update-status/:orderId')[0]!.body).toEqual({
      status: 'cancelled',
    });
    expect(await within(card).findByText('Refund processed')).toBeInTheDocument();
    expect(within(card).queryByRole('group', { name: 'Refund failed' })).not.toBeInTheDocument();
  });

  it('marks a delivered cash-on-delivery order collected with its reference, and shows the server’s refusal', async () => {
    let collected = false;
    const api = mockApi({
      'GET /orders/adminorders': () => ({
        success: true,
        orders: [
          order({
            status: 'delivered',
            payment: collected
              ? { method: 'cod', status: 'collected', reference: 'REM-118' }
              : { method: 'cod', status: 'due' },
          }),
        ],
      }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
      'PUT /orders/:orderId/cod': ({ body }) => {
        if ((body as { reference: string }).reference === 'OLD')
          return reply(409, { success: false, message: 'This order’s cash is already settled.' });
        collected = true;
        return { success: true };
      },
    });
    const { user } = renderRoute(
      { element: <OrdersPage /> },
      { url: '/dashboard/admin/adminorder' },
    );
    const card = await screen.findByRole('article', { name: /Order #/ });
    const cod = within(card).getByRole('region', { name: 'Cash on delivery' });
    expect(cod).toHaveTextContent('₹1,697 due from the courier');
    await user.type(within(cod).getByLabelText('Remittance reference'), 'OLD');
    await user.click(within(cod).getByRole('button', { name: 'Mark collected' }));
    expect(
      await within(cod).findByText('This order’s cash is already settled.'),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('This order’s cash is already settled.');

    await user.clear(within(cod).getByLabelText('Remittance reference'));
    await user.type(within(cod).getByLabelText('Remittance reference'), 'REM-118');
    await user.click(within(cod).getByRole('button', { name: 'Mark collected' }));
    await waitFor(() => expect(api.callsTo('PUT /orders/:orderId/cod')).toHaveLength(2));
    expect(api.callsTo('PUT /orders/:orderId/cod')[1]!.body).toEqual({
      outcome: 'collected',
      reference: 'REM-118',
    });
    expect(await within(card).findByText(/Cash collected · ref\. REM-118/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Mark collected' })).not.toBeInTheDocument();
  });

  it('shows each order with its buyer, items, amount, address and Indian date', async () => {
    mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [order()] }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
    });
    renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    // The same number the shopper's page and the mails show: the id's last 8 characters.
    const card = await screen.findByRole('article', { name: 'Order #000000F1' });
    expect(within(card).getByText(/Asha Rao/)).toBeInTheDocument();
    expect(within(card).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(card).getByText(/9876543210/)).toBeInTheDocument();
    expect(within(card).getByText('Rocket Tee')).toBeInTheDocument();
    expect(within(card).getByText('Size M · Qty 2 × ₹649')).toBeInTheDocument();
    expect(within(card).getByText('One size · Qty 1 × ₹399')).toBeInTheDocument();
    expect(within(card).getByText('Plain Polo')).toBeInTheDocument();
    expect(within(card).getByText('₹1,697')).toBeInTheDocument();
    expect(within(card).getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
    expect(within(card).getByText('22 Nov 2026, 4:05 pm')).toBeInTheDocument();
    expect(within(card).queryByText('Stock ran out — action needed')).not.toBeInTheDocument();
  });

  it('finds orders by number, name, email or phone and keeps one status, both in the URL', async () => {
    const server = mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [order()], total: 1 }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
    });
    const { user } = renderRoute(
      { element: <OrdersPage /> },
      { url: '/dashboard/admin/adminorder?page=2' },
    );
    const box = await screen.findByRole('textbox', { name: 'Find an order' });
    await user.type(box, '#000000f1');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/dashboard/admin/adminorder?q=%23000000f1',
      ),
    );
    // A new search starts again at page 1.
    await waitFor(() =>
      expect(server.callsTo('GET /orders/adminorders').at(-1)!.search).toBe(
        '?page=1&limit=12&q=%23000000f1',
      ),
    );
    expect(await screen.findByRole('button', { name: 'Show all orders' })).toBeInTheDocument();

    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(
      within(show)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All orders', 'To ship', 'Shipped', 'Delivered', 'Cancelled']);
    await user.selectOptions(show, 'pending');
    await waitFor(() =>
      expect(server.callsTo('GET /orders/adminorders').at(-1)!.search).toBe(
        '?page=1&limit=12&q=%23000000f1&status=pending',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('status=pending');

    const found = await screen.findByRole('textbox', { name: 'Find an order' });
    await user.clear(found);
    await user.type(found, 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(server.callsTo('GET /orders/adminorders').at(-1)!.search).toBe(
        '?page=1&limit=12&q=Asha+Rao&status=pending',
      ),
    );
  });

  it('marks an order whose stock ran out', async () => {
    mockApi({
      'GET /orders/adminorders': () => ({
        success: true,
        orders: [order({ stockShortage: true })],
      }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
    });
    renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    expect(await screen.findByText('Stock ran out — action needed')).toBeInTheDocument();
  });

  it('marks an order paid without a shipping address, so the admin asks the buyer', async () => {
    mockApi({
      'GET /orders/adminorders': () => ({
        success: true,
        orders: [order({ addressNeeded: true, shippingAddress: '' })],
      }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
    });
    renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    expect(await screen.findByText('No shipping address — ask the buyer')).toBeInTheDocument();
    expect(screen.getByText('No shipping address provided.')).toBeInTheDocument();
  });

  /** The orders page over an API whose status changes answer `answer` (the body sent back). */
  function ordersPage(
    first: Record<string, unknown> = {},
    answer?: (body: Record<string, unknown>) => unknown,
  ) {
    let current = order(first);
    const server = mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [current] }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
      'PUT /orders/update-status/:orderId': ({ body }) => {
        const sent = body as Record<string, unknown>;
        const refused = answer?.(sent);
        if (refused) return refused;
        current = order({ ...first, status: sent.status, shipment: sent.shipment ?? null });
        return { success: true, order: current };
      },
    });
    const view = renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    return { server, ...view };
  }
  const statusSelect = () => screen.findByRole('combobox', { name: /^Status for order / });
  const sentChanges = (server: ReturnType<typeof mockApi>) =>
    server.callsTo(`PUT /orders/update-status/${ids.order}`).map((c) => c.body);

  it('reads a paid order as Confirmed, and saves a move forward at once with a toast', async () => {
    const { server, user } = ordersPage({ status: 'shipped' });
    const select = await statusSelect();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Confirmed', 'Shipped', 'Delivered', 'Cancelled']);
    await user.selectOptions(select, 'delivered');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order #000000F1 is now delivered'),
    );
    // Each change names the status the admin saw.
    expect(sentChanges(server)).toEqual([{ status: 'delivered', from: 'shipped' }]);
    await waitFor(() => expect(select).toHaveValue('delivered'));
  });

  it('asks for the courier and the AWB before marking an order shipped, then shows them', async () => {
    const { server, user } = ordersPage();
    await user.selectOptions(await statusSelect(), 'shipped');
    const dialog = await screen.findByRole('dialog', { name: 'Mark order #000000F1 shipped' });
    expect(sentChanges(server)).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Courier'), 'bluedart');
    await user.type(within(dialog).getByLabelText('Tracking number (AWB)'), 'BD998877');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentChanges(server)).toEqual([
      { status: 'shipped', shipment: { courier: 'bluedart', awb: 'BD998877' }, from: 'pending' },
    ]);
    expect(await screen.findByText('BD998877')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
      'href',
      'https://www.bluedart.com/tracking?trackFor=0&trackNo=BD998877',
    );
  });

  it('shows the server’s refusal beside the field in the dialog, and keeps it open', async () => {
    const message = 'The tracking number has only letters, digits and hyphens';
    const { user } = ordersPage({}, () =>
      reply(400, { success: false, message, issues: [{ path: 'shipment.awb', message }] }),
    );
    await user.selectOptions(await statusSelect(), 'shipped');
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Courier'), 'dtdc');
    await user.type(within(dialog).getByLabelText('Tracking number (AWB)'), 'A B');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Tracking number (AWB)')).toHaveAccessibleDescription(
        message,
      ),
    );
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks "Refund ₹1,697 to Asha Rao?" before a cancel; Keep order changes nothing', async () => {
    const { server, user } = ordersPage();
    await user.selectOptions(await statusSelect(), 'cancelled');
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order #000000F1?' });
    expect(within(dialog).getByText('Refund ₹1,697 to Asha Rao?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await statusSelect()).toHaveValue('pending');
    expect(sentChanges(server)).toEqual([]);

    await user.selectOptions(await statusSelect(), 'cancelled');
    dialog = await screen.findByRole('dialog', { name: 'Cancel order #000000F1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() =>
      expect(sentChanges(server)).toEqual([{ status: 'cancelled', from: 'pending' }]),
    );
  });

  it('asks why before a move back, and sends the reason', async () => {
    const { server, user } = ordersPage({ status: 'delivered' });
    await user.selectOptions(await statusSelect(), 'pending');
    const dialog = await screen.findByRole('dialog', {
      name: 'Move order #000000F1 back to Confirmed?',
    });
    await user.type(within(dialog).getByLabelText('Why does it go back?'), 'Returned: wrong size');
    await user.click(within(dialog).getByRole('button', { name: 'Move back' }));
    await waitFor(() =>
      expect(sentChanges(server)).toEqual([
        { status: 'pending', reason: 'Returned: wrong size', from: 'delivered' },
      ]),
    );
  });

  it('shows a refused change under the dropdown and in a toast, and the saved status again', async () => {
    const message = 'This order is being changed by someone else. Please try again.';
    const { user } = ordersPage({}, () => reply(409, { success: false, message }));
    const select = await statusSelect();
    await user.selectOptions(select, 'delivered');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(select).toHaveValue('pending'));
    expect(select).toHaveAccessibleDescription(message);
  });

  it('a stale page does not overwrite an order another admin moved: the 409 shows beside it, and it is read again', async () => {
    let current = order();
    const server = mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [current] }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
      // As the API answers: a change from a status the order is no longer in changes nothing.
      'PUT /orders/update-status/:orderId': ({ body }) => {
        const sent = body as { status: string; from?: string };
        if (sent.from !== current.status)
          return reply(409, {
            success: false,
            message: `This order is ${current.status} now (it changed since the page loaded), so nothing was changed.`,
            status: current.status,
          });
        current = order({ status: sent.status });
        return { success: true, order: current };
      },
    });
    const { user } = renderRoute(
      { element: <OrdersPage /> },
      { url: '/dashboard/admin/adminorder' },
    );
    const select = await statusSelect();
    expect(select).toHaveValue('pending');
    // Another admin ships it meanwhile; this page still shows it confirmed.
    current = order({ status: 'shipped' });

    await user.selectOptions(select, 'cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #000000F1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    const message =
      'This order is shipped now (it changed since the page loaded), so nothing was changed.';
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentChanges(server)).toEqual([{ status: 'cancelled', from: 'pending' }]);
    const card = screen.getByRole('article', { name: /Order #000000F1/ });
    expect(within(card).getByRole('alert')).toHaveTextContent(message);
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(toast.success).not.toHaveBeenCalled();
    // Read again: the dropdown shows where the order stands now.
    await waitFor(() => expect(select).toHaveValue('shipped'));
    expect(select).toHaveAccessibleDescription(message);
  });

  /** The labels at the top and the foot of a chart's value axis. */
  const axisOf = (name: RegExp) =>
    [...within(screen.getByRole('figure', { name })).getByTestId('y-axis').children].map(
      (label) => label.textContent,
    );

  it('tops the chart axes with the true peak: ₹0 and 0 orders when nothing sold', async () => {
    mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [] }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => ({
        ...overview,
        days: overview.days.map((d) => ({ ...d, orders: 0, revenue: 0 })),
      }),
    });
    renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    await screen.findByRole('figure', { name: /^Revenue/ });
    expect(axisOf(/^Revenue/)).toEqual(['₹0', '0']);
    expect(axisOf(/^Orders/)).toEqual(['0 orders', '0']);
  });

  it('tops the chart axes with the busiest day’s figures', async () => {
    mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [] }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
    });
    renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    await screen.findByRole('figure', { name: /^Revenue/ });
    expect(axisOf(/^Revenue/)).toEqual(['₹2,500', '0']);
    expect(axisOf(/^Orders/)).toEqual(['3 orders', '0']);
  });

  it('pages through orders when there are more than a page', async () => {
    mockApi({
      'GET /orders/adminorders': () => ({ success: true, orders: [order()], total: 30 }),
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': () => overview,
    });
    const { user } = renderRoute(
      { element: <OrdersPage /> },
      { url: '/dashboard/admin/adminorder' },
    );
    expect(await screen.findByText(/of 3$/)).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByText(/of 3$/)).toHaveTextContent('Page 2 of 3'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/adminorder?page=2');
    const urls = (fetch as Mock).mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/orders/adminorders?page=2&limit=12');
  });

  it('only logs a failed load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /orders/adminorders': networkError,
      'GET /payment/unsettled': () => nothingToSettle,
      'GET /orders/overview': networkError,
    });
    renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('users page', () => {
  const users = [
    { _id: ids.tees, name: 'Admin', email: 'admin@tshirt.shop', phone: '', address: '', role: 1 },
    {
      _id: ids.hoodies,
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      address: 'Bengaluru',
      role: 0,
    },
  ];

  it('lists users in a table with their role', async () => {
    mockApi({ 'GET /all-user/adminpanel': () => ({ success: true, users }) });
    renderRoute({ element: <UsersPage /> }, { url: '/dashboard/admin/user' });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Address', 'Role']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Admin', { selector: 'span' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('User')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('9876543210')).toBeInTheDocument();
    // Narrow screens get the same users as cards.
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says "No users found." when there are none, and only logs a failed load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /all-user/adminpanel': () => reply(500, { success: false, message: 'boom' }) });
    renderRoute({ element: <UsersPage /> }, { url: '/dashboard/admin/user' });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('finds users by name, email or phone, kept in the URL', async () => {
    const server = mockApi({
      'GET /all-user/adminpanel': ({ search }) => ({
        success: true,
        users: new URLSearchParams(search).get('q') ? [users[1]] : users,
      }),
    });
    const { user } = renderRoute(
      { element: <UsersPage /> },
      { url: '/dashboard/admin/user?page=2' },
    );
    const box = await screen.findByRole('textbox', { name: 'Find a user' });
    await user.type(box, '98765');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() =>
      expect(server.callsTo('GET /all-user/adminpanel').at(-1)!.search).toBe(
        '?page=1&limit=12&q=98765',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/user?q=98765');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Show all users' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
  });
});
