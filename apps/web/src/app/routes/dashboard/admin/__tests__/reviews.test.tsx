/**
 * /dashboard/admin/reviews: reviews waiting for the admin first, with why they were held;
 * Publish, Hide and a public reply, each saved and said in a toast; the other lists by status.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '@repo/shared';
import ReviewsPage from '@/app/routes/dashboard/admin/reviews';
import { toast } from '@/lib/toast';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const review = (over: Partial<AdminReview> = {}): AdminReview => ({
  _id: '64b0000000000000000000e1',
  product: ids.product,
  stars: 2,
  title: 'Shrank a lot',
  text: 'Buy it at cheaptees.shop instead',
  fit: 'small',
  size: 'L',
  photos: [],
  author: 'Ravi K.',
  helpful: 0,
  votedHelpful: false,
  reply: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  status: 'held',
  heldFor: ['a link'],
  productName: 'Rocket Tee',
  productSlug: 'rocket-tee',
  userEmail: 'ravi@example.com',
  ...over,
});

describe('the admin Reviews page', () => {
  it('lists the reviews waiting, with why; Publish saves and says so', async () => {
    let saved = review();
    const api = mockApi({
      'GET /admin/reviews': () => ({ success: true, reviews: [saved], total: 1 }),
      'PUT /admin/reviews/:reviewId/status': (call) => {
        saved = { ...saved, status: (call.body as { status: 'published' }).status, heldFor: [] };
        return { success: true, message: 'The review is published', review: saved };
      },
    });
    const { user } = renderRoute({ element: <ReviewsPage /> }, { url: '/dashboard/admin/reviews' });

    const card = await screen.findByRole('article', { name: 'Rocket Tee' });
    expect(api.calls[0]!.search).toBe('?page=1&status=held');
    expect(screen.getByRole('button', { name: 'Waiting' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByText('Waiting for you')).toBeInTheDocument();
    expect(within(card).getByText('Held for: a link')).toBeInTheDocument();
    expect(within(card).getByText('ravi@example.com')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(within(card).getByText('Bought size L')).toBeInTheDocument();
    expect(within(card).getByText('Runs small')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Rocket Tee' })).toHaveAttribute(
      'href',
      '/product-detail/rocket-tee',
    );

    await user.click(within(card).getByRole('button', { name: 'Publish the review by Ravi K.' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The review is published'));
    expect(api.callsTo('PUT /admin/reviews/:reviewId/status')[0]!.body).toEqual({
      status: 'published',
    });
    expect(await within(card).findByText('Published')).toBeInTheDocument();
  });

  it('hides a published review and replies publicly; an empty reply removes it', async () => {
    let saved = review({ status: 'published', heldFor: [], text: 'Soft, but runs a size small.' });
    const api = mockApi({
      'GET /admin/reviews': () => ({ success: true, reviews: [saved], total: 1 }),
      'PUT /admin/reviews/:reviewId/status': () => {
        saved = { ...saved, status: 'hidden' };
        return { success: true, message: 'The review is hidden', review: saved };
      },
      'PUT /admin/reviews/:reviewId/reply': (call) => {
        const { text } = call.body as { text: string };
        saved = { ...saved, reply: text ? { text, at: '2026-11-21T10:00:00.000Z' } : null };
        return {
          success: true,
          message: text ? 'Your reply is published' : 'Your reply is removed',
          review: saved,
        };
      },
    });
    const { user } = renderRoute(
      { element: <ReviewsPage /> },
      { url: '/dashboard/admin/reviews?status=published' },
    );
    const card = await screen.findByRole('article', { name: 'Rocket Tee' });
    expect(api.calls[0]!.search).toBe('?page=1&status=published');

    await user.click(within(card).getByRole('button', { name: 'Hide the review by Ravi K.' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The review is hidden'));

    const reply = within(card).getByRole('textbox', { name: 'Public reply' });
    await user.type(reply, 'Thanks! Size up for a looser fit.');
    await user.click(within(card).getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your reply is published'));
    expect(api.callsTo('PUT /admin/reviews/:reviewId/reply')[0]!.body).toEqual({
      text: 'Thanks! Size up for a looser fit.',
    });
    expect(await within(card).findByText('Reply from T-Shirt Shop')).toBeInTheDocument();

    await user.clear(reply);
    await user.click(within(card).getByRole('button', { name: 'Remove reply' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your reply is removed'));
  });

  it('shows the other lists by status, and says when none are waiting', async () => {
    const api = mockApi({
      'GET /admin/reviews': () => ({ success: true, reviews: [], total: 0 }),
    });
    const { user } = renderRoute({ element: <ReviewsPage /> }, { url: '/dashboard/admin/reviews' });
    expect(await screen.findByText('No reviews are waiting for you.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
    expect(api.calls.at(-1)!.search).toBe('?page=1');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/reviews?status=all');
  });
});
