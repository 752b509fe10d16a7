/** /order-placed/{orderId}: the order number, what was bought, where it goes and what happens next. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore, userStore } from '@/lib/storage';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import OrderPlacedPage from '../order-placed';

const orderId = 'a'.repeat(16) + 'a0b9c8d7';
const order = {
  _id: orderId,
  status: 'pending',
  amount: 1298,
  shippingAddress: '7 Lake Road, Pune 411001',
  createdAt: '2026-11-27T10:00:00.000Z',
  items: [
    {
      _id: 'b'.repeat(24),
      name: 'Sunset Tee',
      photo: '/uploads/sunset.webp',
      price: 649,
      cartQuantity: 2,
      size: 'M',
    },
  ],
};

function renderPage() {
  tokenStore.set('token');
  userStore.set({ name: 'Asha', userId: 'c'.repeat(24), role: 0 });
  return renderRoute(
    { path: '/order-placed/:orderId', element: <OrderPlacedPage /> },
    { url: `/order-placed/${orderId}` },
  );
}

describe('/order-placed/{orderId}', () => {
  it('shows the order number, what was bought, where it goes and what happens next', async () => {
    mockApi({ 'GET /orders/:orderId': () => ({ success: true, order }) });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your order is placed.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Order/)).toHaveTextContent(
      'Order #A0B9C8D7 is confirmed and paid: ₹1,298.',
    );
    const bought = screen.getByRole('region', { name: 'What you bought' });
    expect(within(bought).getByText('Sunset Tee')).toBeInTheDocument();
    expect(within(bought).getByText('Size M · Qty 2')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Where it goes' })).toHaveTextContent(
      '7 Lake Road, Pune 411001',
    );
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A confirmation with these details is on its way to your email.',
      'We pack your order and hand it to the courier.',
      "When it ships, we mail you the courier and the tracking number; this order's page shows them too.",
    ]);
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute(
      'href',
      `/dashboard/user/orders/${orderId}`,
    );
  });

  it('says what the code saved', async () => {
    const discount = {
      code: 'WELCOME10',
      offer: null,
      amount: 130,
      codeAmount: 130,
      offerAmount: 0,
      lines: [130],
    };
    mockApi({
      'GET /orders/:orderId': () => ({
        success: true,
        order: { ...order, amount: 1168, discount },
      }),
    });
    renderPage();
    expect(await screen.findByText(/^Order/)).toHaveTextContent(
      'Order #A0B9C8D7 is confirmed and paid: ₹1,168. You saved ₹130 with WELCOME10.',
    );
  });

  it('says the payment went through and links to Your Orders when the order cannot be loaded', async () => {
    mockApi({ 'GET /orders/:orderId': () => reply(500, { success: false, message: 'down' }) });
    renderPage();
    expect(await screen.findByText('Your payment went through.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Orders' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders',
    );
  });
});
