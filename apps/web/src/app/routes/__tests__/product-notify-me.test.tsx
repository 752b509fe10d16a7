/**
 * "Notify me" on the product page: a size sold out in the chosen colour offers a small form (a
 * guest's email, the size); the server's refusal shows beside its field, its answer in place of
 * the form; a signed-in shopper is not asked their email.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@repo/shared';
import { tokenStore, userStore } from '@/lib/storage';
import { makeProduct, noReviews, publicSettings } from '@/testing/data';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import ProductDetailPage from '../product-detail';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

const tee = makeProduct({
  name: 'Monsoon Tee',
  slug: 'monsoon-tee',
  colours: [
    {
      _id: '64b0000000000000000000c1',
      name: 'Black',
      hex: '#111111',
      images: [],
      sizes: [
        { size: 'S', quantity: 0 },
        { size: 'M', quantity: 3 },
        { size: 'L', quantity: 0 },
      ],
    },
    {
      _id: '64b0000000000000000000c2',
      name: 'White',
      hex: '#f5f5f5',
      images: [],
      sizes: [
        { size: 'S', quantity: 2 },
        { size: 'M', quantity: 3 },
        { size: 'L', quantity: 1 },
      ],
    },
  ],
});

function openDetail(product: Product, answer: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({
    'GET /product/get-product/:slug': () => ({ Aproduct: product }),
    'GET /settings/public': publicSettings,
    'GET /product/related-product/:productId/:categoryId': () => ({ products: [] }),
    'GET /product/:id/reviews': () => ({ success: true, reviews: [], summary: noReviews }),
    'POST /product/:id/back-in-stock': answer,
    // A signed-in shopper's address book (Check delivery) and own review.
    'GET /user/addresses': () => ({ success: true, addresses: [] }),
    'GET /product/:id/reviews/mine': () => ({ success: true, review: null, purchase: null }),
  });
  const view = renderRoute(
    { element: <ProductDetailPage />, path: '/product-detail/:slug' },
    { url: `/product-detail/${product.slug}?colour=black` },
  );
  return { api, ...view };
}

describe('Notify me', () => {
  it('takes a guest’s email for a sold-out size, shows refusals beside the field and the answer in place', async () => {
    const { api, user } = openDetail(tee, (call) => {
      const { email } = call.body as { email: string };
      return email === 'asha@example'
        ? reply(400, {
            success: false,
            message: 'Enter a valid email address',
            issues: [{ path: 'email', message: 'Enter a valid email address' }],
          })
        : reply(201, { success: true, message: "We'll email you when Black · L is back" });
    });
    const open = await screen.findByRole('button', { name: 'Size sold out in Black? Notify me' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    // By keyboard: the button takes focus and opens the form with Enter.
    open.focus();
    await user.keyboard('{Enter}');
    const panel = within(screen.getByRole('region', { name: 'Notify me when it’s back' }));
    const size = panel.getByLabelText('Size');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['S', 'L']);
    await user.selectOptions(size, 'L');

    await user.click(panel.getByRole('button', { name: 'Notify me' }));
    expect(panel.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(api.callsTo('POST /product/:id/back-in-stock')).toHaveLength(0);

    await user.type(panel.getByLabelText('Email'), 'asha@example');
    await user.click(panel.getByRole('button', { name: 'Notify me' }));
    await waitFor(() =>
      expect(panel.getByLabelText('Email')).toHaveAccessibleDescription(
        'Enter a valid email address',
      ),
    );
    await user.type(panel.getByLabelText('Email'), '.com');
    expect(panel.getByLabelText('Email')).not.toHaveAccessibleDescription();
    await user.click(panel.getByRole('button', { name: 'Notify me' }));
    expect(await panel.findByRole('status')).toHaveTextContent(
      "We'll email you when Black · L is back. One mail, only then.",
    );
    const calls = api.callsTo('POST /product/:id/back-in-stock');
    expect(calls.at(-1)!.body).toEqual({ colour: 'Black', size: 'L', email: 'asha@example.com' });
    expect(calls.at(-1)!.path).toBe(`/product/${tee._id}/back-in-stock`);
  });

  it('does not ask a signed-in shopper for their email', async () => {
    tokenStore.set('token');
    userStore.set({ name: 'Meera', userId: '64b00000000000000000aa01', role: 0 });
    const { api, user } = openDetail(tee, () =>
      reply(201, { success: true, message: "We'll email you when Black · S is back" }),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Size sold out in Black? Notify me' }),
    );
    const panel = within(screen.getByRole('region', { name: 'Notify me when it’s back' }));
    expect(panel.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(panel.getByText('We’ll write to the email of your account, once.')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Notify me' }));
    expect(await panel.findByRole('status')).toHaveTextContent(
      "We'll email you when Black · S is back",
    );
    expect(api.callsTo('POST /product/:id/back-in-stock')[0]!.body).toEqual({
      colour: 'Black',
      size: 'S',
    });
  });

  it('is not offered for a colour with every size in stock', async () => {
    const { user } = openDetail(tee, () => reply(500, {}));
    await screen.findByRole('button', { name: 'Size sold out in Black? Notify me' });
    await user.click(screen.getByRole('radio', { name: /White/ }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Notify me/ })).not.toBeInTheDocument(),
    );
  });
});
