/**
 * /dashboard/admin/coupons: the codes with what each gives, its limits, uses and amount given;
 * a new code whose refused field is named beside it; pause; the automatic offers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon, AdminOffer } from '@repo/shared';
import CouponsPage from '@/app/routes/dashboard/admin/coupons';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
});

const coupon = (over: Partial<AdminCoupon> = {}): AdminCoupon => ({
  _id: '64b0000000000000000000c1',
  code: 'WELCOME10',
  description: 'Your first order',
  kind: 'percent',
  percentOff: 10,
  amountOffPaise: null,
  maxDiscountPaise: 30000,
  minCartPaise: 99900,
  startsOn: null,
  endsOn: '2026-12-31',
  maxUses: 100,
  maxUsesPerCustomer: 1,
  firstOrderOnly: true,
  prepaidOnly: false,
  combinable: true,
  categories: [],
  products: [],
  paused: false,
  version: 2,
  uses: 3,
  orders: 2,
  givenAway: 260,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const offer: AdminOffer = {
  _id: '64b0000000000000000000f1',
  name: 'Any 3',
  kind: 'bundle',
  bundlePieces: 3,
  bundlePricePaise: 99900,
  discountKind: null,
  percentOff: null,
  amountOffPaise: null,
  maxDiscountPaise: null,
  minCartPaise: 0,
  categories: [],
  startsOn: null,
  endsOn: null,
  paused: false,
  version: 0,
  headline: '3 for ₹999',
  orders: 4,
  givenAway: 2592,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the admin Coupons page', () => {
  it('lists each code with its terms, uses and amount given, and the offers', async () => {
    mockApi({
      'GET /admin/coupons': () => ({ success: true, coupons: [coupon()], offers: [offer] }),
    });
    renderRoute({ element: <CouponsPage /> }, { url: '/dashboard/admin/coupons' });
    const card = await screen.findByRole('article', { name: 'Code WELCOME10' });
    expect(card).toHaveTextContent('10% off up to ₹300 — Your first order');
    expect(card).toHaveTextContent(
      'min ₹999 · … to 2026-12-31 · 1 per customer · first order only',
    );
    expect(card).toHaveTextContent('Uses 3 of 100 · 2 orders · ₹260 given');
    expect(within(card).getByText('Active')).toBeInTheDocument();
    const bundle = screen.getByRole('article', { name: 'Offer Any 3' });
    expect(bundle).toHaveTextContent('3 for ₹999');
    expect(bundle).toHaveTextContent('4 orders · ₹2,592 given');
  });

  it('creates a code in paise, and shows a refused field beside it', async () => {
    const api = mockApi({
      'GET /admin/coupons': () => ({ success: true, coupons: [], offers: [] }),
      'POST /admin/coupons': ({ body }) =>
        (body as { code: string }).code === 'TAKEN'
          ? reply(409, {
              success: false,
              message: 'A coupon with the code TAKEN already exists',
              issues: [{ path: 'code', message: 'This code is already in use' }],
            })
          : reply(201, { success: true, message: 'Coupon FLAT200 created', coupon: coupon() }),
    });
    const { user } = renderRoute({ element: <CouponsPage /> }, { url: '/dashboard/admin/coupons' });
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    const form = screen.getByRole('form', { name: 'New code' });
    await user.type(within(form).getByLabelText('Code'), 'taken');
    await user.selectOptions(within(form).getByLabelText('Discount'), 'flat');
    await user.type(within(form).getByLabelText('Amount off (₹)'), '200');
    await user.type(within(form).getByLabelText('Minimum cart value (₹, optional)'), '999');
    await user.click(within(form).getByLabelText('Prepaid only (not with cash on delivery)'));
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
        expect.stringContaining('This code is already in use'),
      ),
    );
    expect(api.callsTo('POST /admin/coupons')[0]!.body).toMatchObject({
      code: 'TAKEN',
      kind: 'flat',
      percentOff: null,
      amountOffPaise: 20000,
      maxDiscountPaise: null,
      minCartPaise: 99900,
      maxUsesPerCustomer: 1,
      prepaidOnly: true,
      combinable: true,
    });

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'FLAT200');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon FLAT200 created'));
    expect(screen.queryByRole('form', { name: 'New code' })).not.toBeInTheDocument();
  });

  it('pauses a code and edits one over the version it read', async () => {
    let saved = coupon();
    const api = mockApi({
      'GET /admin/coupons': () => ({ success: true, coupons: [saved], offers: [] }),
      'PATCH /admin/coupons/:id': ({ body }) => {
        saved = { ...saved, paused: (body as { paused: boolean }).paused };
        return { success: true, message: 'Coupon WELCOME10 paused', coupon: saved };
      },
      'PUT /admin/coupons/:id': () => ({
        success: true,
        message: 'Coupon WELCOME10 saved',
        coupon: saved,
      }),
    });
    const { user } = renderRoute({ element: <CouponsPage /> }, { url: '/dashboard/admin/coupons' });
    await user.click(await screen.findByRole('button', { name: 'Pause WELCOME10' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon WELCOME10 paused'));
    expect(api.callsTo('PATCH /admin/coupons/:id')[0]!.body).toEqual({ paused: true });
    expect(await screen.findByRole('button', { name: 'Resume WELCOME10' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit WELCOME10' }));
    const form = screen.getByRole('form', { name: 'Edit WELCOME10' });
    await user.clear(within(form).getByLabelText('Percent off'));
    await user.type(within(form).getByLabelText('Percent off'), '15');
    await user.click(within(form).getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon WELCOME10 saved'));
    expect(api.callsTo('PUT /admin/coupons/:id')[0]!.body).toMatchObject({
      code: 'WELCOME10',
      percentOff: 15,
      maxDiscountPaise: 30000,
      version: 2,
      paused: true,
    });
  });
});
