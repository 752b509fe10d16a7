/**
 * The product page's reviews: the summary (average, count, stars per count, the fit verdict),
 * reviews with the buyer's size and the shop's reply, sorting and pages, "Helpful" once, and a
 * verified buyer reaching the form from the mail's link and posting a review.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnReview, Review, ReviewsResponse } from '@repo/shared';
import ProductReviews from '@/features/reviews/components/product-reviews';
import { tokenStore, userStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const productId = '64b0000000000000000000a1';
const review = (n: number, over: Partial<Review> = {}): Review => ({
  _id: `64b0000000000000000000${String(n).padStart(2, '0')}`,
  product: productId,
  stars: 4,
  title: `Review ${n}`,
  text: 'Soft cotton and the print held up in the wash.',
  fit: 'true',
  size: 'M',
  photos: [],
  author: `Buyer ${n}.`,
  helpful: 0,
  votedHelpful: false,
  reply: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const summary: ReviewsResponse['summary'] = {
  average: 4.2,
  count: 12,
  histogram: { '1': 0, '2': 1, '3': 1, '4': 4, '5': 6 },
  fit: { small: 2, true: 8, large: 2 },
};
const page = (reviews: Review[]) => ({ success: true, reviews, summary });

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  tokenStore.set(null);
  userStore.set(null);
});

describe('the reviews on the product page', () => {
  it('shows the summary, the fit verdict, each review with the size bought and the shop’s reply', async () => {
    mockApi({
      'GET /product/:id/reviews': () =>
        page([
          review(1, {
            size: 'L',
            fit: 'small',
            reply: { text: 'Thanks!', at: '2026-11-21T10:00:00.000Z' },
          }),
          review(2, { size: 'One size' }),
        ]),
    });
    renderRoute(
      { element: <ProductReviews productId={productId} /> },
      { url: '/product-detail/tee' },
    );
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('4.2')).toBeInTheDocument();
    expect(within(section).getByText('12 reviews')).toBeInTheDocument();
    const perStar = within(section).getByRole('table', { name: 'Reviews per star' });
    expect(within(perStar).getByRole('row', { name: '5 stars 6' })).toBeInTheDocument();
    expect(within(section).getByText(/Most buyers say:/)).toHaveTextContent(
      'Most buyers say: true to size',
    );
    expect(within(section).getByText('Bought size L')).toBeInTheDocument();
    expect(within(section).getByText('One size')).toBeInTheDocument();
    expect(within(section).getByText('Thanks!')).toBeInTheDocument();
    // Signed out: nothing to write, and "Helpful" asks them to log in.
    expect(
      within(section).queryByRole('button', { name: 'Write a review' }),
    ).not.toBeInTheDocument();
    expect(within(section).getAllByRole('link', { name: 'Helpful' })[0]).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('sorts by most helpful and pages through 10 at a time', async () => {
    const api = mockApi({
      'GET /product/:id/reviews': (call) =>
        page(call.search.includes('page=2') ? [review(11), review(12)] : [review(1)]),
    });
    const { user } = renderRoute(
      { element: <ProductReviews productId={productId} /> },
      { url: '/product-detail/tee' },
    );
    await screen.findByText('Review 1');
    expect(api.calls[0]!.search).toBe('?page=1&sort=newest');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most helpful');
    await waitFor(() => expect(api.calls.at(-1)!.search).toBe('?page=1&sort=helpful'));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Review 12')).toBeInTheDocument();
    expect(api.calls.at(-1)!.search).toBe('?page=2&sort=helpful');
    expect(screen.getByRole('navigation', { name: 'Review pages' })).toHaveTextContent(
      'Page 2 of 2',
    );
  });

  describe('signed in', () => {
    beforeEach(() => {
      tokenStore.set('token');
      userStore.set({ name: 'Asha', userId: '64b0000000000000000000b1', role: 0 });
    });

    it('marks a review helpful once', async () => {
      let voted = false;
      const api = mockApi({
        'GET /product/:id/reviews': () =>
          page([review(1, { helpful: voted ? 3 : 2, votedHelpful: voted })]),
        'GET /product/:id/reviews/mine': () => ({ success: true, review: null, purchase: null }),
        'POST /product/:id/reviews/:reviewId/helpful': () => {
          voted = true;
          return { success: true, helpful: 3 };
        },
      });
      const { user } = renderRoute(
        { element: <ProductReviews productId={productId} /> },
        { url: '/product-detail/tee' },
      );
      await user.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
      const pressed = await screen.findByRole('button', {
        name: /Helpful \(3\) · You found this helpful/,
      });
      expect(pressed).toBeDisabled();
      expect(pressed).toHaveAttribute('aria-pressed', 'true');
      expect(api.callsTo('POST /product/:id/reviews/:reviewId/helpful')).toHaveLength(1);
    });

    it('opens the form from the mail’s link for a verified buyer, and posts the review', async () => {
      let mine: OwnReview | null = null;
      const api = mockApi({
        'GET /product/:id/reviews': () => ({
          success: true,
          reviews: [],
          summary: {
            ...summary,
            average: 0,
            count: 0,
            histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
            fit: { small: 0, true: 0, large: 0 },
          },
        }),
        'GET /product/:id/reviews/mine': () => ({
          success: true,
          review: mine,
          purchase: {
            orderId: '64b0000000000000000000f1',
            size: 'L',
            deliveredAt: '2026-11-10T10:00:00.000Z',
          },
        }),
        'POST /product/:id/reviews': (call) => {
          const form = call.body as FormData;
          if (!form.get('fit')) return reply(400, { success: false, message: 'x' });
          mine = {
            ...review(1),
            stars: Number(form.get('stars')),
            fit: 'large',
            size: 'L',
            status: 'published',
            heldFor: [],
          };
          return { success: true, message: 'Thank you! Your review is published.', review: mine };
        },
      });
      const { user } = renderRoute(
        { element: <ProductReviews productId={productId} /> },
        { url: '/product-detail/tee#write-review' },
      );
      const form = await screen.findByRole('form', { name: 'Write a review' });
      expect(within(form).getByText(/You bought size L/)).toBeInTheDocument();

      // Nothing chosen: the shared schema's messages beside the fields, nothing sent.
      await user.click(within(form).getByRole('button', { name: 'Post review' }));
      expect(await within(form).findByText('Choose from 1 to 5 stars')).toBeInTheDocument();
      expect(within(form).getByText(/Choose how it fits/)).toBeInTheDocument();
      expect(api.callsTo('POST /product/:id/reviews')).toHaveLength(0);

      await user.click(within(form).getByRole('radio', { name: /4 stars/ }));
      await user.click(within(form).getByRole('radio', { name: 'Runs large' }));
      await user.type(
        within(form).getByRole('textbox', { name: /Your review/ }),
        'Roomy; size down.',
      );
      await user.click(within(form).getByRole('button', { name: 'Post review' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Thank you! Your review is published.'),
      );
      const sent = api.callsTo('POST /product/:id/reviews')[0]!.body as FormData;
      expect(Object.fromEntries(sent)).toEqual({
        stars: '4',
        fit: 'large',
        title: '',
        text: 'Roomy; size down.',
      });
      expect(await screen.findByText('Your review is published.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
    });

    it('says only buyers who received it can review, when the link is followed by someone else', async () => {
      mockApi({
        'GET /product/:id/reviews': () => page([review(1)]),
        'GET /product/:id/reviews/mine': () => ({ success: true, review: null, purchase: null }),
      });
      renderRoute(
        { element: <ProductReviews productId={productId} /> },
        { url: '/product-detail/tee#write-review' },
      );
      expect(
        await screen.findByText('Only customers who have received this T-shirt can review it.'),
      ).toBeInTheDocument();
    });
  });
});
