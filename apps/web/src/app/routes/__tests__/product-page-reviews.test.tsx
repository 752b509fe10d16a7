/**
 * The reviews on the product page: the rating under the title (a link to the reviews), the
 * reviews section below the product, and the rating on a product card; nothing of the rating
 * before the first review.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, Review } from '@repo/shared';
import { ProductCard } from '@/components/ui/product-card';
import { makeProduct, makeReview, noReviews, publicSettings } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import ProductDetailPage from '../product-detail';

const rated = makeProduct({
  name: 'Monsoon Tee',
  slug: 'monsoon-tee',
  rating: { average: 4.5, count: 2 },
});
const review = makeReview({ _id: '64b0000000000000000000f1', product: rated._id });
const summary = {
  average: 4.5,
  count: 2,
  histogram: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 },
  fit: { small: 0, true: 2, large: 0 },
};

function openDetail(product: Product, reviews: Review[], answer = summary) {
  const api = mockApi({
    'GET /product/get-product/:slug': () => ({ Aproduct: product }),
    // Who sells it (the Product details).
    'GET /settings/public': publicSettings,
    'GET /product/related-product/:productId/:categoryId': () => ({ products: [] }),
    'GET /product/:id/reviews': () => ({ success: true, reviews, summary: answer }),
  });
  renderRoute(
    { element: <ProductDetailPage />, path: '/product-detail/:slug' },
    { url: `/product-detail/${product.slug}` },
  );
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reviews on the product page', () => {
  it('shows the rating under the title, linking to the reviews below the product', async () => {
    const api = openDetail(rated, [review]);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Monsoon Tee' });
    const rating = screen.getByRole('link', { name: 'Rated 4.5 out of 5 from 2 reviews' });
    expect(rating).toHaveAttribute('href', '#reviews');
    expect(rating).toHaveTextContent('4.5 (2)');
    // Under the title, in the page's order.
    expect(heading.compareDocumentPosition(rating) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(section).toHaveAttribute('id', 'reviews');
    expect(await within(section).findByText('Fits like a dream')).toBeInTheDocument();
    expect(within(section).getByText('Bought size L')).toBeInTheDocument();
    expect(within(section).getByText(/Most buyers say:/)).toHaveTextContent(
      'Most buyers say: true to size',
    );
    expect(api.callsTo('GET /product/:id/reviews')[0]).toMatchObject({
      path: `/product/${rated._id}/reviews`,
      search: '?page=1&sort=newest',
    });
    // Before the similar products.
    const similar = screen.getByRole('heading', { name: 'Similar Products' });
    expect(
      section.compareDocumentPosition(similar) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows no rating before the first review, and says there are none yet', async () => {
    openDetail(makeProduct({ name: 'New Tee', slug: 'new-tee' }), [], noReviews);
    await screen.findByRole('heading', { level: 1, name: 'New Tee' });
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(
      await within(section).findByText(
        'No reviews yet. Buyers can review a tee once it has arrived.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated / })).not.toBeInTheDocument();
  });
});

describe('a product card', () => {
  it('shows the average and the count once the product is reviewed, nothing before', () => {
    const { unmount } = renderRoute({ element: <ProductCard product={rated} href="/p" /> });
    expect(
      screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' }),
    ).toBeInTheDocument();
    expect(screen.getByText('4.5 (2)')).toBeInTheDocument();
    unmount();
    renderRoute({ element: <ProductCard product={makeProduct()} href="/p" /> });
    expect(screen.queryByRole('img', { name: /^Rated / })).not.toBeInTheDocument();
  });
});
