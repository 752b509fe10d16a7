/**
 * The cart's coupons and offers: Apply code (what it saves per line and in all, or the reason
 * beside the field), the automatic offer by itself and its nudge, and checkout sending the code
 * with the discounted total. The server's answers are played by the mock API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyCouponResponse } from '@repo/shared';
import { signIn, signOut } from '@/lib/session';
import type { RazorpayOptions } from '@/features/checkout/razorpay';
import { cartStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import {
  deliveryEstimate,
  makeCartItem,
  makeSavedAddress,
  makeUser,
  noDiscount,
  publicSettings,
} from '@/testing/data';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import CartPage from '../cart';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
const dialog = vi.hoisted(() => ({ opened: 0 }));
vi.mock('@/features/checkout/load-script', () => ({
  loadScript: vi.fn(async () => {
    window.Razorpay = class {
      constructor(_options: RazorpayOptions) {}
      open() {
        dialog.opened += 1;
      }
      on() {}
    };
    return true;
  }),
}));

const indigo = makeCartItem({ name: 'Indigo Tee', price: 799 });
const ochre = makeCartItem({ name: 'Ochre Tee', price: 499 });
const user = makeUser({ address: '12 MG Road, Bengaluru, Karnataka 560001' });

/** WELCOME10 on the two tees: ₹130 off, ₹80.02 and ₹49.98 per line. */
const applied: ApplyCouponResponse = {
  success: true,
  discount: 130,
  lines: [
    { _id: indigo._id, size: indigo.size!, offer: 0, code: 80.02, discount: 80.02 },
    { _id: ochre._id, size: ochre.size!, offer: 0, code: 49.98, discount: 49.98 },
  ],
  message: 'WELCOME10 applied: you save ₹130.',
  code: { code: 'WELCOME10', description: '', amount: 130 },
  offer: null,
  nudge: null,
  subtotal: 1298,
  total: 1168,
};

function setup(apply: Handler, routes: Record<string, Handler> = {}) {
  const items = [indigo, ochre];
  cartStore.set(items);
  signIn('token-1', user);
  const api = mockApi({
    'GET /product/stock': () => ({
      products: items.map(({ _id, quantity, sizes }) => ({ _id, quantity, sizes })),
    }),
    'GET /product/get-product/:slug': ({ params }) => {
      const { cartQuantity: _q, size: _s, ...product } = items.find((i) => i.slug === params.slug)!;
      return { success: true, message: 'ok', Aproduct: product };
    },
    'GET /user/user-detail/:userId': () => ({ success: true, user, message: 'ok' }),
    'GET /settings/public': publicSettings,
    // No saved address: no estimate is asked for.
    'GET /user/addresses': () => ({ success: true, addresses: [] }),
    'GET /payment/config': () => ({
      provider: 'sandbox',
      keyId: 'rzp_test_sandbox',
      checkoutScript: '/api/payment/sandbox/checkout.js',
    }),
    'POST /coupons/apply': apply,
    'POST /payment/create-order': () => ({
      order: { id: 'order_1', amount: 116800, currency: 'INR' },
    }),
    ...routes,
  });
  return { api, ...renderRoute({ element: <CartPage />, path: '/cart' }, { url: '/cart' }) };
}

const prices = { [indigo._id]: 799, [ochre._id]: 499 };
const line = (name: string) => screen.getByRole('link', { name }).closest('li')!;

afterEach(() => {
  vi.clearAllMocks();
  cartStore.set([]);
  signOut();
  dialog.opened = 0;
  delete window.Razorpay;
});

describe('Apply code', () => {
  it('shows what the code saves per line and in all, and checks out with it', async () => {
    const { user: u, api } = setup(({ body }) =>
      (body as { code?: string }).code === 'WELCOME10' ? applied : noDiscount(body, prices),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,298'));
    await u.type(screen.getByLabelText('Coupon code'), 'welcome10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));

    const field = screen.getByLabelText('Coupon code');
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent(
        'WELCOME10 applied: you save ₹130.',
      ),
    );
    expect(field).toHaveAccessibleDescription('WELCOME10 applied: you save ₹130.');
    expect(api.callsTo('POST /coupons/apply').at(-1)!.body).toEqual({
      code: 'WELCOME10',
      items: [
        { _id: indigo._id, cartQuantity: 1, size: indigo.size },
        { _id: ochre._id, cartQuantity: 1, size: ochre.size },
      ],
      payment: 'online',
    });
    expect(within(line('Indigo Tee')).getByTestId('line-discount')).toHaveTextContent('₹80.02 off');
    expect(within(line('Ochre Tee')).getByTestId('line-discount')).toHaveTextContent('₹49.98 off');
    expect(screen.getByTestId('cart-code-amount')).toHaveTextContent('−₹130');
    expect(screen.getByText('Code WELCOME10')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,168');

    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(dialog.opened).toBe(1));
    expect(api.callsTo('POST /payment/create-order')[0]!.body).toMatchObject({
      amount: 1168,
      coupon: 'WELCOME10',
    });
  });

  it('shows the reason a code gives nothing beside the field, and checks out without it', async () => {
    const { user: u, api } = setup(({ body }) =>
      (body as { code?: string }).code
        ? {
            ...noDiscount(body, prices),
            success: false,
            reason: 'expired',
            message: 'This code expired on 30 November 2026.',
          }
        : noDiscount(body, prices),
    );
    await u.type(screen.getByLabelText('Coupon code'), 'OLDCODE');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent(
        'This code expired on 30 November 2026.',
      ),
    );
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('cart-code-amount')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,298');

    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(dialog.opened).toBe(1));
    const sent = api.callsTo('POST /payment/create-order')[0]!.body as Record<string, unknown>;
    expect(sent.amount).toBe(1298);
    expect(sent).not.toHaveProperty('coupon');
  });

  it('asks for a code when the field is empty, without asking the server', async () => {
    const { user: u, api } = setup(({ body }) => noDiscount(body, prices));
    await waitFor(() => expect(api.callsTo('POST /coupons/apply')).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('coupon-message')).toHaveTextContent('Enter a code');
    expect(api.callsTo('POST /coupons/apply')).toHaveLength(1);
  });

  it('a code refused at checkout says why and asks the server again', async () => {
    let paused = false;
    const { user: u, api } = setup(
      ({ body }) => {
        if (!(body as { code?: string }).code) return noDiscount(body, prices);
        return paused
          ? {
              ...noDiscount(body, prices),
              success: false,
              reason: 'paused',
              message: "This code isn't active right now.",
            }
          : applied;
      },
      {
        'POST /payment/create-order': () => {
          paused = true;
          return reply(409, {
            success: false,
            message: "This code isn't active right now.",
            reason: 'paused',
          });
        },
      },
    );
    await u.type(screen.getByLabelText('Coupon code'), 'WELCOME10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,168'));
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("This code isn't active right now."),
    );
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent(
        "This code isn't active right now.",
      ),
    );
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,298');
    expect(dialog.opened).toBe(0);
    expect(api.callsTo('POST /payment/create-order')).toHaveLength(1);
  });
});

describe('a prepaid-only code and cash on delivery', () => {
  const home = makeSavedAddress({ name: user.name, phone: user.phone });
  const codRoutes = {
    'GET /user/addresses': () => ({ success: true, addresses: [home] }),
    'GET /delivery/estimate': () => deliveryEstimate(),
    'POST /orders/cod': () => reply(201, { success: true, order: { _id: 'o9' } }),
  };
  /** PREPAID10 applies when paying online and is refused, with its reason, with COD. */
  const prepaidOnly: Handler = ({ body }) => {
    const { code, payment } = body as { code?: string; payment?: string };
    if (!code) return noDiscount(body, prices);
    if (payment === 'cod')
      return {
        ...noDiscount(body, prices),
        success: false,
        reason: 'cod',
        message: "This code can't be used with cash on delivery. Pay online to use it.",
      };
    return { ...applied, message: 'PREPAID10 applied: you save ₹130.' };
  };

  it('is checked again when COD is chosen: the reason beside the code, the order without it', async () => {
    const { user: u, api } = setup(prepaidOnly, codRoutes);
    await u.type(screen.getByLabelText('Coupon code'), 'PREPAID10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent(
        'PREPAID10 applied: you save ₹130.',
      ),
    );
    expect(api.callsTo('POST /coupons/apply').at(-1)!.body).toMatchObject({
      code: 'PREPAID10',
      payment: 'online',
    });

    const cod = await screen.findByRole('radio', { name: /Cash on delivery/ });
    await waitFor(() => expect(cod).toBeEnabled());
    await u.click(cod);
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent(
        "This code can't be used with cash on delivery. Pay online to use it.",
      ),
    );
    expect(api.callsTo('POST /coupons/apply').at(-1)!.body).toMatchObject({
      code: 'PREPAID10',
      payment: 'cod',
    });
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('cart-code-amount')).not.toBeInTheDocument();
    // ₹1,298 of tees and the ₹40 COD fee: nothing taken off.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,338');

    await u.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.callsTo('POST /orders/cod')).toHaveLength(1));
    const sent = api.callsTo('POST /orders/cod')[0]!.body as Record<string, unknown>;
    expect(sent.amount).toBe(1338);
    expect(sent).not.toHaveProperty('coupon');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('applies again when the shopper goes back to paying online', async () => {
    const { user: u } = setup(prepaidOnly, codRoutes);
    await u.type(screen.getByLabelText('Coupon code'), 'PREPAID10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    const cod = await screen.findByRole('radio', { name: /Cash on delivery/ });
    await waitFor(() => expect(cod).toBeEnabled());
    await u.click(cod);
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent('Pay online to use it.'),
    );
    await u.click(screen.getByRole('radio', { name: /Pay online/ }));
    await waitFor(() =>
      expect(screen.getByTestId('coupon-message')).toHaveTextContent(
        'PREPAID10 applied: you save ₹130.',
      ),
    );
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,168');
  });
});

describe('the automatic offer', () => {
  it('appears by itself with what it saves, and the nudge when one more tee completes it', async () => {
    setup(({ body }) => ({
      ...noDiscount(body, prices),
      discount: 100,
      lines: [
        { _id: indigo._id, size: indigo.size!, offer: 61.56, code: 0, discount: 61.56 },
        { _id: ochre._id, size: ochre.size!, offer: 38.44, code: 0, discount: 38.44 },
      ],
      offer: {
        headline: '₹100 off above ₹999',
        label: 'Offer: ₹100 off above ₹999 – you save ₹100',
        amount: 100,
      },
      nudge: 'Add 1 more tee to get 3 for ₹999',
      total: 1198,
    }));
    await waitFor(() =>
      expect(screen.getByTestId('cart-offer')).toHaveTextContent(
        'Offer: ₹100 off above ₹999 – you save ₹100',
      ),
    );
    expect(screen.getByTestId('cart-nudge')).toHaveTextContent('Add 1 more tee to get 3 for ₹999');
    expect(screen.getByTestId('cart-offer-amount')).toHaveTextContent('−₹100');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,198');
    // No code was typed: the field says nothing.
    expect(screen.queryByTestId('coupon-message')).not.toBeInTheDocument();
  });
});
