/**
 * /dashboard/admin/coupons: the codes with what each gives, its limits, uses and amount given;
 * a new code whose refused field is named beside it; pause; the automatic offers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon, AdminOffer } from '@repo/shared';
import CouponsPage from '@/app/routes/dashboard/admin/coupons';
import { toast } from '@/lib/toast';
import { productListAnswer } from '@/testing/data';
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

const graphic = { _id: '64b0000000000000000000a1', name: 'Graphic Tees', slug: 'graphic-tees' };
const plain = { _id: '64b0000000000000000000a2', name: 'Plain Tees', slug: 'plain-tees' };
const product = (n: number, name: string) => ({ _id: `64b00000000000000000010${n}`, name });
const indigo = product(1, 'Indigo Tee');
const ochre = product(2, 'Ochre Tee');
/** The lists the forms choose categories and products from. */
const lists = {
  'GET /category/all-category': () => ({ success: true, category: [graphic, plain] }),
  'GET /product/get-product': productListAnswer([ochre, indigo]),
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
      ...lists,
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
      ...lists,
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

  it('limits a code to categories ticked and products found by name, the refusal beside them', async () => {
    let refuse = true;
    const api = mockApi({
      ...lists,
      'GET /admin/coupons': () => ({
        success: true,
        coupons: [coupon({ categories: [plain._id], products: [indigo._id] })],
        offers: [],
      }),
      'PUT /admin/coupons/:id': () =>
        refuse
          ? reply(400, {
              success: false,
              message: 'products: A product in the list no longer exists',
              issues: [{ path: 'products', message: 'A product in the list no longer exists' }],
            })
          : { success: true, message: 'Coupon WELCOME10 saved', coupon: coupon() },
    });
    const { user } = renderRoute({ element: <CouponsPage /> }, { url: '/dashboard/admin/coupons' });
    const card = await screen.findByRole('article', { name: 'Code WELCOME10' });
    expect(card).toHaveTextContent('some items only');
    await user.click(screen.getByRole('button', { name: 'Edit WELCOME10' }));
    const form = screen.getByRole('form', { name: 'Edit WELCOME10' });

    const categories = within(form).getByRole('group', { name: 'Categories' });
    expect(await within(categories).findByLabelText('Plain Tees')).toBeChecked();
    await user.click(within(categories).getByLabelText('Graphic Tees'));
    await user.click(within(categories).getByLabelText('Plain Tees'));

    // The stored products are named (asked by id), as chips that remove them.
    const chosen = within(form).getByRole('list', { name: 'Products: chosen' });
    await user.click(await within(chosen).findByRole('button', { name: 'Remove Indigo Tee' }));
    expect(api.calls.some((c) => c.search === `?ids=${indigo._id}`)).toBe(true);
    // Products are found by typing their name (the server searches).
    const products = within(form).getByRole('combobox', { name: 'Products' });
    await user.type(products, 'och');
    const matches = await within(form).findByRole('listbox', { name: 'Products: matches' });
    expect(
      within(matches)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ochre Tee']);
    await user.click(within(matches).getByRole('option', { name: 'Ochre Tee' }));
    expect(
      within(within(form).getByRole('list', { name: 'Products: chosen' })).getByRole('listitem'),
    ).toHaveTextContent('Ochre Tee');
    expect(products).toHaveValue('');

    await user.click(within(form).getByRole('button', { name: 'Save code' }));
    await waitFor(() =>
      expect(products).toHaveAccessibleDescription(
        expect.stringContaining('A product in the list no longer exists'),
      ),
    );
    expect(api.callsTo('PUT /admin/coupons/:id')[0]!.body).toMatchObject({
      categories: [graphic._id],
      products: [ochre._id],
      version: 2,
    });
    expect(toast.success).not.toHaveBeenCalled();

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Coupon WELCOME10 saved'));
  });

  it('edits an automatic offer over the version read: its price, categories and dates', async () => {
    const bundle = { ...offer, categories: [graphic._id], version: 4 };
    const api = mockApi({
      ...lists,
      'GET /admin/coupons': () => ({ success: true, coupons: [], offers: [bundle] }),
      'PUT /admin/offers/:id': ({ body }) =>
        (body as { endsOn: string | null }).endsOn === '2026-12-01'
          ? reply(400, {
              success: false,
              message: 'endsOn: The last day cannot be before the first',
              issues: [{ path: 'endsOn', message: 'The last day cannot be before the first' }],
            })
          : { success: true, message: 'Offer Any 3 saved', offer: bundle },
    });
    const { user } = renderRoute({ element: <CouponsPage /> }, { url: '/dashboard/admin/coupons' });
    await user.click(await screen.findByRole('button', { name: 'Edit Any 3' }));
    const form = screen.getByRole('form', { name: 'Edit Any 3' });
    expect(within(form).getByLabelText('Pieces')).toHaveValue(3);
    const price = within(form).getByLabelText('Bundle price (₹)');
    expect(price).toHaveValue(999);
    await user.clear(price);
    await user.type(price, '899');
    const categories = within(form).getByRole('group', { name: 'Categories whose tees count' });
    expect(await within(categories).findByLabelText('Graphic Tees')).toBeChecked();
    await user.click(within(categories).getByLabelText('Plain Tees'));
    await user.type(within(form).getByLabelText('First day (optional)'), '2026-12-05');
    await user.type(within(form).getByLabelText('Last day (optional)'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Last day (optional)')).toHaveAccessibleDescription(
        'The last day cannot be before the first',
      ),
    );

    await user.clear(within(form).getByLabelText('Last day (optional)'));
    await user.type(within(form).getByLabelText('Last day (optional)'), '2026-12-31');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Offer Any 3 saved'));
    expect(api.callsTo('PUT /admin/offers/:id').at(-1)!.body).toEqual({
      name: 'Any 3',
      kind: 'bundle',
      bundlePieces: 3,
      bundlePricePaise: 89900,
      categories: [graphic._id, plain._id],
      startsOn: '2026-12-05',
      endsOn: '2026-12-31',
      paused: false,
      version: 4,
    });
    expect(screen.queryByRole('form', { name: 'Edit Any 3' })).not.toBeInTheDocument();
  });

  it('creates a cart-value offer with a flat amount off', async () => {
    const api = mockApi({
      ...lists,
      'GET /admin/coupons': () => ({ success: true, coupons: [], offers: [] }),
      'POST /admin/offers': () =>
        reply(201, { success: true, message: 'Offer Big cart created', offer }),
    });
    const { user } = renderRoute({ element: <CouponsPage /> }, { url: '/dashboard/admin/coupons' });
    await user.click(await screen.findByRole('button', { name: 'New offer' }));
    const form = screen.getByRole('form', { name: 'New offer' });
    await user.type(within(form).getByLabelText('Name'), 'Big cart');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'cart');
    await user.selectOptions(within(form).getByLabelText('Discount'), 'flat');
    await user.type(within(form).getByLabelText('Amount off (₹)'), '150');
    await user.type(within(form).getByLabelText('From a cart of (₹)'), '1499');
    await user.click(within(form).getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Offer Big cart created'));
    expect(api.callsTo('POST /admin/offers')[0]!.body).toEqual({
      name: 'Big cart',
      kind: 'cart',
      discountKind: 'flat',
      percentOff: null,
      amountOffPaise: 15000,
      maxDiscountPaise: null,
      minCartPaise: 149900,
      categories: [],
      startsOn: null,
      endsOn: null,
      paused: false,
    });
  });
});
