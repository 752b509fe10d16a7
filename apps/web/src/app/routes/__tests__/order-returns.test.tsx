/**
 * Exchanges and returns on the shopper's order page: Exchange or Return per line with what is
 * in stock, the server's refusals beside the line or the control, and each request's steps with
 * its refund or its replacement's tracking.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderReturn, ReturnOptionsResponse } from '@repo/shared';
import OrderPage from '@/app/routes/dashboard/user/order';
import { tokenStore, userStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { reply } from '@/testing/mock-api';
import { mockApiWithSettings } from '@/testing/public-settings';

import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const ORDER_ID = '665f1c2ab4d3e2f1a0b9c8d7';
const REPLACEMENT_ID = '665f1c2ab4d3e2f1a0b9ffee';
const userId = '665f00000000000000000001';
const SUNSET = '665f0000000000000000b0a1';
const POLO = '665f0000000000000000b0a2';

function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    status: 'delivered',
    amount: 1647,
    shippingAddress: '7 Lake Road\nPune 411001',
    items: [
      {
        _id: '665f000000000000000000a1',
        itemId: SUNSET,
        name: 'Sunset Tee',
        photo: '/uploads/sunset.webp',
        price: 649,
        cartQuantity: 2,
        size: 'M',
        colour: 'Black',
      },
      {
        _id: '665f000000000000000000a2',
        itemId: POLO,
        name: 'Plain Polo',
        photo: '/uploads/polo.webp',
        price: 349,
        cartQuantity: 1,
        size: 'One size',
      },
    ],
    createdAt: '2026-11-20T10:15:00.000Z',
    paymentId: 'pay_sandbox_0123456789',
    refund: null,
    timeline: [
      { event: 'paid', at: '2026-11-20T10:15:00.000Z' },
      { event: 'delivered', at: '2026-11-23T10:15:00.000Z' },
    ],
    returns: [],
    ...overrides,
  };
}

const OPTIONS: ReturnOptionsResponse = {
  success: true,
  windowEndsAt: '2026-11-30T10:15:00.000Z',
  closed: null,
  items: [
    {
      itemId: SUNSET,
      left: 2,
      refused: null,
      exchange: {
        refused: null,
        choices: [
          {
            colour: 'Black',
            sizes: [
              { size: 'L', quantity: 1 },
              { size: 'XL', quantity: 4 },
            ],
          },
          { colour: 'White', sizes: [{ size: 'M', quantity: 3 }] },
        ],
      },
      return: { refused: null },
    },
    {
      itemId: POLO,
      left: 1,
      refused: 'Plain Polo cannot be exchanged or returned.',
      exchange: { refused: null, choices: [] },
      return: { refused: null },
    },
  ],
};

const requested = (overrides: Partial<OrderReturn> = {}): OrderReturn => ({
  _id: '665f00000000000000000e01',
  kind: 'exchange',
  status: 'requested',
  items: [
    {
      itemId: SUNSET,
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
  ...overrides,
});

const renderPage = () =>
  renderRoute(
    { element: <OrderPage />, path: '/dashboard/user/orders/:orderId' },
    { url: `/dashboard/user/orders/${ORDER_ID}` },
  );

const section = async () =>
  within(await screen.findByRole('region', { name: 'Exchanges and returns' }));

describe('exchanges and returns on the order page', () => {
  beforeEach(() => {
    tokenStore.set('token');
    userStore.set({ name: 'Asha', userId, role: 0 });
    vi.mocked(toast.success).mockClear();
    // jsdom has no object URLs: the chosen photo's preview gets a numbered one.
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  it('asks to exchange a line for a size in stock, and shows the request on its timeline', async () => {
    const api = mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'GET /orders/:orderId/returns/options': () => OPTIONS,
      'POST /orders/:orderId/returns': () => ({
        success: true,
        order: makeOrder({ returns: [requested()] }),
      }),
    });
    const { user } = renderPage();
    const returns = await section();
    expect(
      await returns.findByText(/Exchange it for another size or colour, or return it, until/),
    ).toHaveTextContent('until 30 Nov 2026.');
    // The line the shop does not take back says so beside it, with no buttons.
    const polo = returns.getByText('Plain Polo cannot be exchanged or returned.').closest('li')!;
    expect(within(polo).queryByRole('button')).not.toBeInTheDocument();

    await user.click(returns.getByRole('button', { name: 'Exchange Sunset Tee (Black · M)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Exchange Sunset Tee' }));
    // Only what is in stock is offered: Black L and XL, White M.
    const size = dialog.getByLabelText('Size you want');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['L', 'XL']);
    await user.selectOptions(dialog.getByLabelText('Colour you want'), 'White');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['M']);
    await user.selectOptions(dialog.getByLabelText('Colour you want'), 'Black');
    await user.selectOptions(size, 'XL');
    await user.selectOptions(dialog.getByLabelText('How many'), '2');

    // A reason is needed; "Other" needs words.
    await user.click(dialog.getByRole('button', { name: 'Request exchange' }));
    expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription('Choose a reason');
    await user.selectOptions(dialog.getByLabelText('Reason'), 'other');
    await user.click(dialog.getByRole('button', { name: 'Request exchange' }));
    expect(dialog.getByLabelText('What is wrong?')).toHaveAccessibleDescription(
      'Tell us what is wrong',
    );
    expect(api.callsTo('POST /orders/:orderId/returns')).toHaveLength(0);
    await user.type(dialog.getByLabelText('What is wrong?'), 'Tight across the shoulders');
    await user.click(dialog.getByRole('button', { name: 'Request exchange' }));

    await waitFor(() => expect(api.callsTo('POST /orders/:orderId/returns')).toHaveLength(1));
    expect(api.callsTo('POST /orders/:orderId/returns')[0]!.body).toEqual({
      items: [
        {
          itemId: SUNSET,
          quantity: 2,
          kind: 'exchange',
          size: 'XL',
          colour: 'Black',
          reason: 'other',
          comment: 'Tight across the shoulders',
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith(
      'Your exchange is requested: the size you chose is kept for you.',
    );
    const request = (await section()).getByText('Exchange: Sunset Tee (Black · M → Black · L) × 1');
    const card = within(request.closest('li')!);
    expect(card.getByText('Requested', { selector: '[data-return-status]' })).toBeInTheDocument();
    expect(card.getByText('Reason: Too small')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
  });

  it('shows the server’s refusal beside the field it names, or beside the send button', async () => {
    let answer = reply(409, {
      success: false,
      message: 'Sunset Tee in Black, L is out of stock: choose another size or colour.',
    });
    mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'GET /orders/:orderId/returns/options': () => OPTIONS,
      'POST /orders/:orderId/returns': () => answer,
    });
    const { user } = renderPage();
    const returns = await section();
    await user.click(await returns.findByRole('button', { name: 'Return Sunset Tee (Black · M)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Return Sunset Tee' }));
    expect(dialog.queryByLabelText('Size you want')).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Reason'), 'damaged');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Sunset Tee in Black, L is out of stock: choose another size or colour.',
    );

    answer = reply(400, {
      success: false,
      message: 'You bought 2 of Sunset Tee: you can send back at most that many',
      issues: [
        {
          path: 'items.0.quantity',
          message: 'You bought 2 of Sunset Tee: you can send back at most that many',
        },
      ],
    });
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(await dialog.findByLabelText('How many')).toHaveAccessibleDescription(
      'You bought 2 of Sunset Tee: you can send back at most that many',
    );
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes an optional photo, checked beside its field, sent with the request and shown on its card', async () => {
    const PHOTO = {
      url: '/uploads/return-665f-3f9a0c1b2d4e-960.webp',
      widths: [
        { width: 320, url: '/uploads/return-665f-3f9a0c1b2d4e-320.webp' },
        { width: 960, url: '/uploads/return-665f-3f9a0c1b2d4e-960.webp' },
      ],
    };
    let answer: unknown = reply(415, {
      success: false,
      message: 'The photo must be a JPEG, PNG, WebP, GIF or AVIF image',
    });
    const api = mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'GET /orders/:orderId/returns/options': () => OPTIONS,
      'POST /orders/:orderId/returns': () => answer,
    });
    const { user } = renderPage();
    const returns = await section();
    await user.click(await returns.findByRole('button', { name: 'Return Sunset Tee (Black · M)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Return Sunset Tee' }));
    const field = dialog.getByLabelText('Photo (optional)');

    // A text file named like a picture is read, refused beside the field, and not sent.
    await user.upload(field, new File(['no picture here'], 'fake.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /fake\.png is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image\./,
      ),
    );
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      'torn-seam.png',
      { type: 'image/png' },
    );
    await user.upload(field, png);
    await waitFor(() => expect(field).not.toHaveAccessibleDescription(/not a picture/));
    await user.selectOptions(dialog.getByLabelText('Reason'), 'damaged');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));

    // The server's refusal of the photo shows beside it too.
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /The photo must be a JPEG, PNG, WebP, GIF or AVIF image/,
      ),
    );
    const sent = api.callsTo('POST /orders/:orderId/returns')[0]!.body as FormData;
    expect(JSON.parse(sent.get('items') as string)).toEqual([
      { itemId: SUNSET, quantity: 1, kind: 'return', reason: 'damaged' },
    ]);
    expect((sent.get('photo') as File).name).toBe('torn-seam.png');

    answer = {
      success: true,
      order: makeOrder({
        returns: [
          requested({
            kind: 'return',
            reason: 'damaged',
            photo: PHOTO,
            items: [
              { itemId: SUNSET, name: 'Sunset Tee', quantity: 1, size: 'M', colour: 'Black' },
            ],
          }),
        ],
      }),
    };
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const photo = (await section()).getByRole('img', {
      name: 'Photo sent with the request: Return: Sunset Tee (Black · M) × 1',
    });
    expect(photo).toHaveAttribute('src', PHOTO.url);
    expect(photo.closest('a')).toHaveAttribute('href', PHOTO.url);
  });

  it('previews the photo chosen with its name; Remove drops it from the request; each preview URL is let go', async () => {
    const api = mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'GET /orders/:orderId/returns/options': () => OPTIONS,
      'POST /orders/:orderId/returns': () => reply(409, { success: false, message: 'Not now.' }),
    });
    const { user } = renderPage();
    const returns = await section();
    const open = async () => {
      await user.click(
        await returns.findByRole('button', { name: 'Return Sunset Tee (Black · M)' }),
      );
      return within(await screen.findByRole('dialog', { name: 'Return Sunset Tee' }));
    };
    const png = (name: string) =>
      new File(
        [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
        name,
        {
          type: 'image/png',
        },
      );
    let dialog = await open();
    const field = dialog.getByLabelText('Photo (optional)') as HTMLInputElement;
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();

    await user.upload(field, png('torn-seam.png'));
    const first = await dialog.findByRole('img', { name: 'Preview of torn-seam.png' });
    expect(first).toHaveAttribute('src', 'blob:preview-1');
    expect(dialog.getByText('torn-seam.png')).toBeVisible();

    // Another photo replaces it, and the first one's URL is let go.
    await user.upload(field, png('paint-stain.png'));
    expect(await dialog.findByRole('img', { name: 'Preview of paint-stain.png' })).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
    expect(dialog.queryByText('torn-seam.png')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    // Removed: no preview, the field empty and focused, and the request goes without it.
    await user.click(dialog.getByRole('button', { name: 'Remove the photo paint-stain.png' }));
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    expect(field.value).toBe('');
    expect(field).toHaveFocus();
    await user.selectOptions(dialog.getByLabelText('Reason'), 'damaged');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(await dialog.findByText('Not now.')).toBeVisible();
    expect(api.callsTo('POST /orders/:orderId/returns')[0]!.body).toEqual({
      items: [{ itemId: SUNSET, quantity: 1, kind: 'return', reason: 'damaged' }],
    });

    // Closing the dialog lets go of the preview shown.
    await user.upload(field, png('torn-seam.png'));
    await dialog.findByRole('img', { name: 'Preview of torn-seam.png' });
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-3');
    // Opened again, it starts without a photo.
    dialog = await open();
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
  });

  it('a closed window says so (the server’s words) and offers nothing; an exchange already made says one per item', async () => {
    mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'GET /orders/:orderId/returns/options': () => ({
        ...OPTIONS,
        closed:
          'The window to exchange or return this order closed on 30 November 2026 (7 days after delivery).',
      }),
    });
    renderPage();
    const returns = await section();
    expect(
      await returns.findByText(
        'The window to exchange or return this order closed on 30 November 2026 (7 days after delivery).',
      ),
    ).toBeInTheDocument();
    expect(returns.queryByRole('button')).not.toBeInTheDocument();
  });

  it('an exchange already asked for: one exchange per item beside the line, Return still offered', async () => {
    mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder() }),
      'GET /orders/:orderId/returns/options': () => ({
        ...OPTIONS,
        items: [
          {
            ...OPTIONS.items[0]!,
            left: 1,
            exchange: {
              refused: 'Sunset Tee has been exchanged once already: one exchange per item.',
              choices: [],
            },
          },
          OPTIONS.items[1]!,
        ],
      }),
    });
    renderPage();
    const returns = await section();
    const line = (
      await returns.findByText('Sunset Tee has been exchanged once already: one exchange per item.')
    ).closest('li')!;
    expect(
      within(line).getByRole('button', { name: 'Return Sunset Tee (Black · M)' }),
    ).toBeVisible();
    expect(within(line).queryByRole('button', { name: /^Exchange/ })).not.toBeInTheDocument();
  });

  it('the steps of an exchange to its replacement’s tracking, and of a return refunded', async () => {
    const exchanged = requested({
      status: 'exchanged',
      replacement: { orderId: REPLACEMENT_ID, number: 'A0B9FFEE' },
      timeline: [
        { status: 'requested', at: '2026-11-24T05:00:00.000Z', by: 'customer' },
        { status: 'approved', at: '2026-11-24T06:00:00.000Z', by: 'admin' },
        { status: 'picked_up', at: '2026-11-25T06:00:00.000Z', by: 'admin' },
        { status: 'received', at: '2026-11-26T06:00:00.000Z', by: 'admin' },
        { status: 'exchanged', at: '2026-11-26T07:00:00.000Z', by: 'admin' },
      ],
    });
    const refunded = requested({
      _id: '665f00000000000000000e02',
      kind: 'return',
      status: 'refunded',
      items: [{ itemId: SUNSET, name: 'Sunset Tee', quantity: 1, size: 'M', colour: 'Black' }],
      reason: 'damaged',
      refund: {
        method: 'provider',
        id: 'rfnd_1',
        amount: 64900,
        status: 'processed',
        createdAt: '2026-11-26T07:00:00.000Z',
      },
      timeline: [
        { status: 'requested', at: '2026-11-24T05:00:00.000Z', by: 'customer' },
        { status: 'approved', at: '2026-11-24T06:00:00.000Z', by: 'admin' },
        { status: 'picked_up', at: '2026-11-25T06:00:00.000Z', by: 'admin' },
        { status: 'received', at: '2026-11-26T06:00:00.000Z', by: 'admin' },
        { status: 'refunded', at: '2026-11-26T07:00:00.000Z', by: 'admin' },
      ],
    });
    const rejected = requested({
      _id: '665f00000000000000000e03',
      kind: 'return',
      status: 'rejected',
      items: [{ itemId: POLO, name: 'Plain Polo', quantity: 1, size: 'One size' }],
      timeline: [
        { status: 'requested', at: '2026-11-24T05:00:00.000Z', by: 'customer' },
        {
          status: 'rejected',
          at: '2026-11-24T05:30:00.000Z',
          by: 'admin',
          note: 'Worn and washed',
        },
      ],
    });
    const failed = requested({
      _id: '665f00000000000000000e04',
      kind: 'return',
      status: 'check_failed',
      items: [{ itemId: SUNSET, name: 'Sunset Tee', quantity: 2, size: 'M', colour: 'Black' }],
      timeline: [
        { status: 'requested', at: '2026-11-24T05:00:00.000Z', by: 'customer' },
        { status: 'approved', at: '2026-11-24T06:00:00.000Z', by: 'admin' },
        { status: 'picked_up', at: '2026-11-25T06:00:00.000Z', by: 'admin' },
        { status: 'received', at: '2026-11-26T06:00:00.000Z', by: 'admin' },
        {
          status: 'check_failed',
          at: '2026-11-26T07:00:00.000Z',
          by: 'admin',
          note: 'A paint stain on the front',
        },
      ],
    });
    mockApiWithSettings({
      'GET /orders/:orderId': ({ params }) =>
        params.orderId === REPLACEMENT_ID
          ? {
              success: true,
              order: makeOrder({
                _id: REPLACEMENT_ID,
                status: 'shipped',
                amount: 0,
                shipment: { courier: 'delhivery', awb: 'DL123456789' },
                exchangeFor: { orderId: ORDER_ID, returnId: exchanged._id },
              }),
            }
          : {
              success: true,
              order: makeOrder({ returns: [exchanged, refunded, rejected, failed] }),
            },
      'GET /orders/:orderId/returns/options': () => OPTIONS,
    });
    renderPage();
    const returns = await section();
    const exchange = within(
      (await returns.findByText('Exchange: Sunset Tee (Black · M → Black · L) × 1')).closest('li')!,
    );
    const steps = exchange.getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent);
    expect(steps).toEqual(['Requested', 'Approved', 'Picked up', 'Received', 'Exchanged']);
    expect(exchange.getByRole('link', { name: 'order #A0B9FFEE' })).toHaveAttribute(
      'href',
      `/dashboard/user/orders/${REPLACEMENT_ID}`,
    );
    expect(await exchange.findByText('DL123456789')).toBeInTheDocument();
    expect(exchange.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();

    const ret = within(returns.getByText('Return: Sunset Tee (Black · M) × 1').closest('li')!);
    expect(ret.getByText('Refunded', { selector: '[data-return-status]' })).toBeInTheDocument();
    expect(ret.getByText('₹649 refunded to the card or account paid with')).toBeInTheDocument();
    const no = within(returns.getByText('Return: Plain Polo (One size) × 1').closest('li')!);
    expect(no.getByText('Rejected', { selector: '[data-return-status]' })).toBeInTheDocument();
    expect(no.getByText('Worn and washed')).toBeInTheDocument();
    // A piece that failed the check: why, and that it comes back.
    const back = within(returns.getByText('Return: Sunset Tee (Black · M) × 2').closest('li')!);
    expect(back.getByText('Check failed', { selector: '[data-return-status]' })).toBeVisible();
    expect(back.getByText('A paint stain on the front')).toBeVisible();
    expect(
      back.getByText('It did not pass our check, so we are sending it back to you.'),
    ).toBeVisible();
  });

  it('cancels a request not yet approved', async () => {
    const api = mockApiWithSettings({
      'GET /orders/:orderId': () => ({
        success: true,
        order: makeOrder({ returns: [requested()] }),
      }),
      'GET /orders/:orderId/returns/options': () => OPTIONS,
      'PUT /orders/returns/:returnId': () => ({
        success: true,
        order: makeOrder({
          returns: [
            requested({
              status: 'cancelled',
              timeline: [
                { status: 'requested', at: '2026-11-24T05:00:00.000Z', by: 'customer' },
                { status: 'cancelled', at: '2026-11-24T05:10:00.000Z', by: 'customer' },
              ],
            }),
          ],
        }),
      }),
    });
    const { user } = renderPage();
    const returns = await section();
    await user.click(await returns.findByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(api.callsTo('PUT /orders/returns/:returnId')).toHaveLength(1));
    expect(api.callsTo('PUT /orders/returns/:returnId')[0]!.body).toEqual({ status: 'cancelled' });
    expect(await returns.findByText('Cancelled by you')).toBeInTheDocument();
    expect(returns.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('an order not delivered shows no exchanges and asks nothing', async () => {
    const api = mockApiWithSettings({
      'GET /orders/:orderId': () => ({ success: true, order: makeOrder({ status: 'shipped' }) }),
      'GET /orders/:orderId/returns/options': () => OPTIONS,
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order #A0B9C8D7' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Exchanges and returns' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /orders/:orderId/returns/options')).toHaveLength(0);
  });
});
