/**
 * /dashboard/admin/returns: exchange and return requests newest first, filtered by status (the
 * server pages them); each offers only the moves its status allows; a rejection or a failed
 * check needs the reason, a COD refund its transfer reference, and a refusal shows beside it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReturnsResponse, OrderReturn } from '@repo/shared';
import ReturnsPage from '@/app/routes/dashboard/admin/returns';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

const request = (over: Partial<OrderReturn> = {}): OrderReturn => ({
  _id: '665f00000000000000000e01',
  kind: 'exchange',
  status: 'requested',
  items: [
    {
      itemId: '665f0000000000000000b0a1',
      name: 'Sunset Tee',
      quantity: 1,
      size: 'M',
      colour: 'Black',
      wantedSize: 'L',
      wantedColour: 'Black',
    },
  ],
  reason: 'too_small',
  refund: null,
  replacement: null,
  timeline: [{ status: 'requested', at: '2026-11-24T05:00:00.000Z', by: 'customer' }],
  ...over,
});

const row = (r: OrderReturn): AdminReturnsResponse['returns'][number] => ({
  orderId: '665f1c2ab4d3e2f1a0b9c8d7',
  orderNumber: 'A0B9C8D7',
  customer: { name: 'Asha', email: 'asha@example.com', phone: '9876543210' },
  createdAt: '2026-11-24T05:00:00.000Z',
  request: r,
});

const renderPage = (url = '/dashboard/admin/returns') =>
  renderRoute({ element: <ReturnsPage />, path: '/dashboard/admin/returns' }, { url });

describe('the admin Returns page', () => {
  it('lists requests with order and buyer; Approve moves one and says so; the filter asks the server', async () => {
    let current = request({
      photo: {
        url: '/uploads/return-665f-3f9a0c1b2d4e-960.webp',
        widths: [{ width: 960, url: '/uploads/return-665f-3f9a0c1b2d4e-960.webp' }],
      },
    });
    const api = mockApi({
      'GET /orders/returns': () => ({ success: true, returns: [row(current)], total: 1 }),
      'PUT /orders/returns/:returnId': (call) => {
        current = { ...current, status: (call.body as { status: 'approved' }).status };
        return { success: true, order: {} };
      },
    });
    const { user } = renderPage();
    const card = within(
      await screen.findByRole('article', {
        name: 'Exchange: Sunset Tee (Black · M → Black · L) × 1',
      }),
    );
    expect(api.calls[0]!.search).toBe('?page=1&limit=20');
    expect(card.getByRole('link', { name: '#A0B9C8D7' })).toHaveAttribute(
      'href',
      '/dashboard/admin/adminorder?q=A0B9C8D7',
    );
    expect(card.getByText(/asha@example.com/)).toBeInTheDocument();
    expect(card.getByText('Reason: Too small')).toBeInTheDocument();
    // The shopper's photo of the piece, opening the full picture.
    expect(
      card.getByRole('img', {
        name: 'Photo sent with the request: Exchange: Sunset Tee (Black · M → Black · L) × 1',
      }),
    ).toHaveAttribute('src', '/uploads/return-665f-3f9a0c1b2d4e-960.webp');
    // Only what a requested request allows.
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject']);

    await user.click(card.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Request approved'));
    expect(api.callsTo('PUT /orders/returns/:returnId')[0]!.body).toEqual({ status: 'approved' });
    await waitFor(() =>
      expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark picked up']),
    );

    await user.click(screen.getByRole('button', { name: 'Received' }));
    await waitFor(() =>
      expect(api.callsTo('GET /orders/returns').at(-1)!.search).toBe(
        '?page=1&limit=20&status=received',
      ),
    );
    expect(screen.getByRole('button', { name: 'Received' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("opened from the overview's Returns waiting, shows the requests waiting for the staff", async () => {
    const api = mockApi({
      'GET /orders/returns': () => ({ success: true, returns: [], total: 0 }),
    });
    renderPage('/dashboard/admin/returns?status=waiting');
    expect(await screen.findByText('No requests waiting for a next step.')).toBeInTheDocument();
    expect(api.calls[0]!.search).toBe('?page=1&limit=20&status=waiting');
    expect(screen.getByRole('button', { name: 'Waiting for us' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('a rejection needs its reason: the server’s refusal shows beside the field', async () => {
    const api = mockApi({
      'GET /orders/returns': () => ({ success: true, returns: [row(request())], total: 1 }),
      'PUT /orders/returns/:returnId': (call) =>
        (call.body as { note?: string }).note
          ? { success: true, order: {} }
          : reply(400, {
              success: false,
              message: 'Say why the request is rejected',
              issues: [{ path: 'note', message: 'Say why the request is rejected' }],
            }),
    });
    const { user } = renderPage();
    const card = within(await screen.findByRole('article'));
    await user.click(card.getByRole('button', { name: 'Reject' }));
    await user.click(card.getByRole('button', { name: 'Reject' }));
    expect(await card.findByLabelText('Why is it rejected?')).toHaveAccessibleDescription(
      'Say why the request is rejected',
    );
    await user.type(card.getByLabelText('Why is it rejected?'), 'Worn and washed');
    await user.click(card.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Request rejected'));
    expect(api.callsTo('PUT /orders/returns/:returnId').at(-1)!.body).toEqual({
      status: 'rejected',
      note: 'Worn and washed',
    });
  });

  it('a received piece passes or fails its check; a COD return records its transfer reference; a failed refund is asked again', async () => {
    const cod = request({
      _id: '665f00000000000000000e02',
      kind: 'return',
      status: 'check_passed',
      items: [{ itemId: 'x', name: 'Plain Polo', quantity: 1, size: 'One size' }],
    });
    const failed = request({
      _id: '665f00000000000000000e03',
      kind: 'return',
      status: 'refunded',
      items: [{ itemId: 'y', name: 'River Tee', quantity: 2, size: 'L' }],
      refund: {
        method: 'provider',
        id: '',
        amount: 129800,
        status: 'failed',
        createdAt: '2026-11-26T07:00:00.000Z',
        failureReason: 'The payment is too old to refund',
      },
    });
    const api = mockApi({
      'GET /orders/returns': () => ({
        success: true,
        returns: [row(request({ status: 'received' })), row(cod), row(failed)],
        total: 3,
      }),
      'PUT /orders/returns/:returnId': () => ({ success: true, order: {} }),
    });
    const { user } = renderPage();
    const received = within(
      await screen.findByRole('article', {
        name: 'Exchange: Sunset Tee (Black · M → Black · L) × 1',
      }),
    );
    expect(received.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Pass check',
      'Fail check',
    ]);
    const codCard = within(
      screen.getByRole('article', { name: 'Return: Plain Polo (One size) × 1' }),
    );
    await user.click(codCard.getByRole('button', { name: 'Record refund' }));
    await user.type(codCard.getByLabelText('Bank or UPI transfer reference'), 'UTR123456789');
    await user.click(codCard.getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refund recorded'));
    expect(api.callsTo('PUT /orders/returns/:returnId').at(-1)!.body).toEqual({
      status: 'refunded',
      reference: 'UTR123456789',
    });

    const failedCard = within(
      screen.getByRole('article', { name: 'Return: River Tee (Size L) × 2' }),
    );
    expect(failedCard.getByText('The refund of ₹1,298 is held up')).toBeInTheDocument();
    expect(failedCard.getByText('The payment is too old to refund')).toBeInTheDocument();
    await user.click(failedCard.getByRole('button', { name: 'Ask refund again' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refund asked again'));
    expect(api.callsTo('PUT /orders/returns/:returnId').at(-1)).toMatchObject({
      path: '/orders/returns/665f00000000000000000e03',
      body: { status: 'refunded' },
    });
  });

  it('says when no request has the status chosen', async () => {
    mockApi({ 'GET /orders/returns': () => ({ success: true, returns: [], total: 0 }) });
    renderPage('/dashboard/admin/returns?status=requested');
    expect(await screen.findByText('No requests with the status Requested.')).toBeInTheDocument();
  });
});
