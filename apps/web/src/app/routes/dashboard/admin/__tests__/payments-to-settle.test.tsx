import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrdersPage from '@/app/routes/dashboard/admin/orders';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids, networkError } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const paidTwice = {
  _id: '64b0000000000000000000c1',
  providerOrderId: 'order_sandbox_1',
  amountPaise: 49_900,
  since: '2026-11-22T10:35:00.000Z',
  shopper: { name: 'Asha Rao', email: 'asha@example.com' },
  orderId: ids.order,
  payments: [
    {
      paymentId: 'pay_sandbox_second',
      reason: 'paid_twice',
      amountPaise: 49_900,
      currency: 'INR',
      refund: null,
    },
  ],
};
const otherAmount = {
  _id: '64b0000000000000000000c2',
  providerOrderId: 'order_sandbox_2',
  amountPaise: 80_000,
  since: '2026-11-23T09:00:00.000Z',
  shopper: null,
  orderId: null,
  payments: [
    {
      paymentId: 'pay_sandbox_short',
      reason: 'amount_differs',
      amountPaise: 70_000,
      currency: 'INR',
      refund: {
        id: '',
        amountPaise: 70_000,
        status: 'failed',
        failureReason: 'The payment was not captured',
        createdAt: '2026-11-23T09:05:00.000Z',
      },
    },
  ],
};

const page = { success: true, orders: [] };
const overview = { success: true, days: [], statusCounts: {} };

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function renderOrders() {
  return renderRoute({ element: <OrdersPage /> }, { url: '/dashboard/admin/adminorder' });
}

describe('payments to settle', () => {
  it('lists captured payments without an order and refunds one after asking', async () => {
    let refunded = false;
    const api = mockApi({
      'GET /payment/unsettled': () => ({
        success: true,
        checkouts: refunded ? [otherAmount] : [paidTwice, otherAmount],
        total: refunded ? 1 : 2,
      }),
      'POST /payment/unsettled/:checkoutId/refund': () => {
        refunded = true;
        return { success: true, message: 'Refund of ₹499 processed', refund: null };
      },
      'GET /orders/adminorders': () => page,
      'GET /orders/overview': () => overview,
    });
    const { user } = renderOrders();
    const section = await screen.findByRole('region', { name: 'Payments to settle (2)' });
    const asha = within(section).getByRole('article', { name: 'Asha Rao' });
    expect(asha).toHaveTextContent('A second payment for the same checkout');
    expect(asha).toHaveTextContent('pay_sandbox_second · ₹499');
    expect(within(asha).getByRole('link', { name: '#000000F1' })).toHaveAttribute(
      'href',
      '/dashboard/admin/adminorder?q=%23000000F1',
    );
    const guest = within(section).getByRole('article', { name: 'Guest checkout' });
    expect(guest).toHaveTextContent('Captured ₹700 for a checkout of ₹800');
    expect(guest).toHaveTextContent('No order was made');
    expect(guest).toHaveTextContent('Refund failed: The payment was not captured');
    expect(within(guest).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    // Nothing leaves before the admin confirms.
    await user.click(within(asha).getByRole('button', { name: 'Refund ₹499' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ₹499?' });
    expect(dialog).toHaveTextContent('goes back to Asha Rao');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /payment/unsettled/:checkoutId/refund')).toHaveLength(0);

    await user.click(within(asha).getByRole('button', { name: 'Refund ₹499' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund ₹499' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refund of ₹499 processed'));
    const calls = api.callsTo('POST /payment/unsettled/:checkoutId/refund');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual({ checkoutId: paidTwice._id });
    expect(calls[0]!.body).toEqual({ paymentId: 'pay_sandbox_second' });
    // The list reloads: the settled checkout is gone, and focus is back on the list.
    const left = await screen.findByRole('region', { name: 'Payments to settle (1)' });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(left).getByRole('heading', { name: 'Payments to settle (1)' }),
      ),
    );
    expect(screen.queryByRole('article', { name: 'Asha Rao' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the provider's refusal in a toast", async () => {
    mockApi({
      'GET /payment/unsettled': () => ({ success: true, checkouts: [paidTwice], total: 1 }),
      'POST /payment/unsettled/:checkoutId/refund': () =>
        reply(409, {
          success: false,
          message: 'The payment provider refused the refund: The payment is already refunded',
        }),
      'GET /orders/adminorders': () => page,
      'GET /orders/overview': () => overview,
    });
    const { user } = renderOrders();
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Refund ₹499' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund ₹499' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The payment provider refused the refund: The payment is already refunded',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refund already on its way instead of its button, beside one still to settle', async () => {
    const twoPayments = {
      ...paidTwice,
      payments: [
        {
          ...paidTwice.payments[0],
          refund: {
            id: 'rfnd_1',
            amountPaise: 49_900,
            status: 'processed',
            createdAt: '2026-11-22T11:00:00.000Z',
          },
        },
        { ...paidTwice.payments[0], paymentId: 'pay_sandbox_third' },
      ],
    };
    mockApi({
      'GET /payment/unsettled': () => ({ success: true, checkouts: [twoPayments], total: 1 }),
      'GET /orders/adminorders': () => page,
      'GET /orders/overview': () => overview,
    });
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    const rows = within(card).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('pay_sandbox_second');
    expect(within(rows[0]!).getByText('Refund processed')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Refund ₹499' })).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and loads it again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    mockApi({
      'GET /payment/unsettled': () =>
        failing ? networkError() : { success: true, checkouts: [paidTwice], total: 1 },
      'GET /orders/adminorders': () => page,
      'GET /orders/overview': () => overview,
    });
    const { user } = renderOrders();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payments to settle could not be loaded.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('region', { name: 'Payments to settle (1)' }),
    ).toBeInTheDocument();
  });

  it('shows nothing when every payment is settled', async () => {
    mockApi({
      'GET /payment/unsettled': () => ({ success: true, checkouts: [], total: 0 }),
      'GET /orders/adminorders': () => page,
      'GET /orders/overview': () => overview,
    });
    renderOrders();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Payments to settle/ })).not.toBeInTheDocument();
  });
});
