/** /dashboard/user/orders/{orderId}: the order page, its timeline, Cancel order and the receipt. */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@repo/shared';
import OrderPage from '@/app/routes/dashboard/user/order';
import { tokenStore, userStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { reply, type mockApi } from '@/testing/mock-api';
import { mockApiWithSettings, publicSettings } from '@/testing/public-settings';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const ORDER_ID = '665f1c2ab4d3e2f1a0b9c8d7';
const userId = '665f00000000000000000001';

function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    status: 'pending',
    amount: 1647,
    shippingAddress: '7 Lake Road\nPune 411001',
    items: [
      {
        _id: '665f000000000000000000a1',
        itemId: '665f0000000000000000b0a1',
        name: 'Sunset Tee',
        photo: '/uploads/sunset.webp',
        price: 649,
        cartQuantity: 2,
        size: 'M',
      },
      {
        _id: '665f000000000000000000a2',
        itemId: '665f0000000000000000b0a2',
        name: 'Plain Polo',
        photo: '/uploads/polo.webp',
        price: 349,
        cartQuantity: 1,
        size: 'One size',
      },
    ],
    createdAt: '2026-11-20T10:15:00.000Z',
    paymentId: 'pay_sandbox_0123456789',
    stockShortage: false,
    refund: null,
    timeline: [{ event: 'paid', at: '2026-11-20T10:15:00.000Z' }],
    ...overrides,
  };
}

const SHOP_SETTINGS = publicSettings({
  shop: { email: 'care@tshirtshop.in', phone: '080 4567 8910' },
  gst: {
    legalName: 'Tee Prints Private Limited',
    address: '12, MG Road\nBengaluru 560001',
    state: 'Karnataka',
  },
});

/** The order page's calls: these routes, and the shop's public settings (the receipt's letterhead). */
const mockPageApi = (routes: Parameters<typeof mockApi>[0]) =>
  mockApiWithSettings(routes, SHOP_SETTINGS);

const renderPage = () =>
  renderRoute(
    { element: <OrderPage />, path: '/dashboard/user/orders/:orderId' },
    { url: `/dashboard/user/orders/${ORDER_ID}` },
  );

// Role queries walk the whole page: generous per-test time for a busy machine (no clock is asserted).
describe('the order page', () => {
  beforeEach(() => {
    tokenStore.set('token');
    userStore.set({ name: 'Asha', userId, role: 0 });
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it('shows the items (photo, name, size, quantity, price), totals, address, payment id and timeline', async () => {
    const api = mockPageApi({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order #A0B9C8D7' })).toBeInTheDocument();
    expect(api.callsTo('GET /orders/:orderId')[0]!.headers.get('Authorization')).toBe(
      'Bearer token',
    );
    expect(screen.getByText('Confirmed')).toBeInTheDocument();

    const items = within(screen.getByRole('region', { name: 'Items' }));
    const rows = items.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Sunset Tee')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Size M/)).toHaveTextContent('Size M · Qty 2 × ₹649');
    expect(within(rows[0]!).getByText('₹1,298')).toBeInTheDocument();
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/sunset.webp');
    expect(within(rows[1]!).getByText(/Qty/)).toHaveTextContent(/^One size · Qty 1 × ₹349$/);
    expect(items.getByText('Subtotal').nextSibling).toHaveTextContent('₹1,647');
    expect(items.getByText('Delivery').nextSibling).toHaveTextContent('Free');
    expect(items.getByText('Total paid').nextSibling).toHaveTextContent('₹1,647');

    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent(
      '7 Lake Road Pune 411001',
    );
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent(
      'Payment ID pay_sandbox_0123456789',
    );
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText('Paid')).toBeInTheDocument();
    expect(timeline.getByText(/20 Nov 2026/)).toBeInTheDocument();
    // The receipt's letterhead is there for paper.
    expect(screen.getByText('Receipt')).toBeInTheDocument();
    // …with the seller and contact the admin saved in the shop's settings.
    const letterhead = screen.getByText('Receipt').parentElement!;
    await waitFor(() => expect(letterhead).toHaveTextContent('Tee Prints Private Limited'));
    expect(letterhead).toHaveTextContent('12, MG Road Bengaluru 560001 Karnataka');
    expect(letterhead).toHaveTextContent('care@tshirtshop.in · 080 4567 8910');
  });

  it('says when the order was placed by India’s calendar, whatever the device’s time zone', async () => {
    // 8:30 pm UTC on 27 Nov is 2 am on 28 Nov in India: a device on UTC (or in the Americas)
    // would say 27 Nov.
    mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({ createdAt: '2026-11-27T20:30:00.000Z' }),
      }),
    });
    renderPage();
    const placed = await screen.findByText(/^Placed on/);
    expect(placed).toHaveTextContent('Placed on 28 Nov 2026');
    expect(placed.querySelector('time')).toHaveAttribute('dateTime', '2026-11-27T20:30:00.000Z');
  });

  it('says when the shopper was charged twice and the second payment was refunded', async () => {
    mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({
          extraPaymentRefunds: [
            { refundId: 'rfnd_0002', amount: 164700, at: '2026-11-21T09:00:00.000Z' },
          ],
        }),
      }),
    });
    renderPage();
    const notice = await screen.findByRole('region', { name: 'You were charged twice' });
    expect(notice).toHaveTextContent(
      'A second payment of ₹1,647 reached us for this order, which was already paid. We refunded it in full on 21 Nov 2026 to the card or account you paid with; it usually shows in your account within 5–7 working days.',
    );
    expect(notice).toHaveTextContent('Refund reference rfnd_0002');
  });

  it('says nothing of a second payment when there was none', async () => {
    mockPageApi({ 'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }) });
    renderPage();
    await screen.findByRole('heading', { name: 'Order #A0B9C8D7' });
    expect(screen.queryByRole('region', { name: 'You were charged twice' })).toBeNull();
  });

  it('shows the delivery fee the order was charged within its total', async () => {
    mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({ amount: 1696, shippingFee: 49, codFee: 0 }),
      }),
    });
    renderPage();
    const items = within(await screen.findByRole('region', { name: 'Items' }));
    expect(items.getByText('Delivery').nextSibling).toHaveTextContent('₹49');
    expect(items.getByText('Total paid').nextSibling).toHaveTextContent('₹1,696');
  });

  it('a cash-on-delivery order says what to pay on delivery instead of a payment id', async () => {
    mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({
          amount: 1737,
          shippingFee: 0,
          codFee: 40,
          paymentId: 'cod_u1_key-123456',
          payment: { method: 'cod', status: 'due' },
        }),
      }),
    });
    renderPage();
    const payment = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(payment.getByText(/Cash on delivery/)).toHaveTextContent(
      'Cash on delivery · ₹1,737 to pay when it arrives',
    );
    expect(payment.queryByText('cod_u1_key-123456')).not.toBeInTheDocument();
  });

  it('shows what the offer and the code took off, per line and in the totals', async () => {
    mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({
          amount: 1000,
          shippingFee: 0,
          discount: {
            code: 'WELCOME10',
            offer: '3 for ₹999',
            amount: 647,
            codeAmount: 0,
            offerAmount: 647,
            lines: [509.72, 137.28],
          },
        }),
      }),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: 'Items' });
    const rows = within(region).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('₹509.72 off');
    expect(rows[1]).toHaveTextContent('₹137.28 off');
    const items = within(region);
    expect(items.getByText('Offer: 3 for ₹999').nextSibling).toHaveTextContent('−₹647');
    // A code that ended up taking nothing off is not listed.
    expect(items.queryByText('Code WELCOME10')).not.toBeInTheDocument();
    expect(items.getByText('Total paid').nextSibling).toHaveTextContent('₹1,000');
  });

  it('downloads the tax invoice and each credit note with the session, and says when one cannot be had', async () => {
    const server = mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({
          status: 'cancelled',
          invoice: { number: 'TS/26-27/000123', issuedAt: '2026-11-20T10:15:00.000Z' },
          creditNotes: [{ number: 'CN/26-27/000007', issuedAt: '2026-11-21T09:00:00.000Z' }],
        }),
      }),
      'GET /orders/:orderId/invoice': () => '%PDF-1.3',
      'GET /orders/:orderId/credit-notes/:index': () =>
        reply(404, { success: false, message: 'This order has no such credit note' }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:invoice'),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = server.callsTo('GET /orders/:orderId/invoice')[0]!;
    expect(call.headers.get('Authorization')).toBe('Bearer token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('TS-26-27-000123.pdf');

    await user.click(screen.getByRole('button', { name: 'Download credit note CN/26-27/000007' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This order has no such credit note'),
    );
    click.mockRestore();
  });

  it('offers no invoice download before the order has one', async () => {
    mockPageApi({ 'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }) });
    renderPage();
    await screen.findByRole('button', { name: 'Print receipt' });
    expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
  });

  it('prints the receipt', async () => {
    mockPageApi({ 'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('cancels after the shopper confirms, then shows the refund and the new timeline', async () => {
    const cancelled = makeOrder({
      status: 'cancelled',
      refund: {
        id: 'rfnd_sandbox_42',
        amount: 164_700,
        status: 'processed',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
      timeline: [
        { event: 'paid', at: '2026-11-20T10:15:00.000Z' },
        { event: 'cancelled', at: '2026-11-21T08:00:00.000Z', by: 'customer' },
        { event: 'refund_processed', at: '2026-11-21T08:00:01.000Z' },
      ],
    });
    const api = mockPageApi({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'PUT /orders/cancel/:orderId': () => ({
        success: true,
        message: 'Your order was cancelled. A refund of ₹1,647 is on its way.',
        order: cancelled,
      }),
      'GET /orders/user-orders': () => ({ orders: [cancelled], total: 1 }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));

    // A confirmation first; "Keep order" changes nothing.
    let dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('the full ₹1,647 refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /orders/cancel/:orderId')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(api.callsTo('PUT /orders/cancel/:orderId')).toHaveLength(1));
    expect(api.callsTo('PUT /orders/cancel/:orderId')[0]!.params.orderId).toBe(ORDER_ID);
    expect(await screen.findByText('Cancelled', { selector: 'span' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(
      'Your order was cancelled. A refund of ₹1,647 is on its way.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByText('Refund processed', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/₹1,647 was refunded on 21 Nov 2026/)).toBeInTheDocument();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(
      timeline.getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent),
    ).toEqual(['Paid', 'Cancelled by you', 'Refund processed']);
  });

  it("shows the server's refusal when the order shipped meanwhile", async () => {
    mockPageApi({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'PUT /orders/cancel/:orderId': () =>
        reply(409, {
          success: false,
          message: 'This order has already shipped, so it can no longer be cancelled.',
        }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'This order has already shipped, so it can no longer be cancelled.',
      ),
    );
  });

  it('offers no Cancel order once shipped, and says when a refund is held up', async () => {
    mockPageApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({
          status: 'cancelled',
          refund: {
            id: '',
            amount: 164_700,
            status: 'failed',
            createdAt: '2026-11-21T08:00:00.000Z',
            failureReason: 'The payment was not found or is not captured',
          },
        }),
      }),
    });
    renderPage();
    expect(await screen.findByText(/could not be completed automatically/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    // The provider's reason is for the admin, not the shopper.
    expect(screen.queryByText(/not captured/)).not.toBeInTheDocument();
  });

  it('says so when the order is not theirs or does not exist', async () => {
    mockPageApi({
      'GET /orders/:orderId': () =>
        reply(403, { success: false, message: 'This order belongs to another account' }),
    });
    renderPage();
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
  });
});
