/**
 * Reviews with fit: a buyer whose order was delivered reviews the T-shirt from the mail's link
 * and the product page shows it, and the admin hides a review on the Reviews page: it leaves
 * the product's reviews and rating.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  findProduct,
  loginViaApi,
  placeOrder,
  registerViaApi,
  signInAs,
  test,
  uniqueEmail,
  type Session,
} from './support.js';

/** A paid order for `buyer`, delivered by the admin; answers the product bought. */
async function deliveredPurchase(request: APIRequestContext, buyer: Session, admin: Session) {
  const orderId = await placeOrder(request, buyer);
  const delivered = await request.put(`/api/orders/update-status/${orderId}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { status: 'delivered' },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  const res = await request.get(`/api/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
  });
  const { order } = await res.json();
  return { id: order.items[0]._id as string, name: order.items[0].name as string };
}

test.describe('reviews', () => {
  test('a buyer reviews the tee that arrived, from the mail’s link; the product page shows it', async ({
    page,
    request,
  }) => {
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    const buyer = await registerViaApi(request, {
      name: 'Neha Joshi',
      email: uniqueEmail('reviewer'),
    });
    const bought = await deliveredPurchase(request, buyer, admin);
    const { slug } = await findProduct(request, (p) => p._id === bought.id);

    // The review-request mail's link opens the form.
    await signInAs(page, buyer, `/product-detail/${slug}#write-review`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await form.getByText('4 stars').click();
    await form.getByText('Runs small').click();
    await form.getByLabel('Title (optional)').fill('Snug across the chest');
    await form.getByLabel('Your review (optional)').fill('Lovely print, but take a size up.');
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText('Thank you! Your review is published.')).toBeVisible();

    // Their review on the page, with the size they bought, and the rating under the title.
    const section = page.getByRole('region', { name: 'Reviews' });
    const mine = section.getByText('Your review', { exact: true }).locator('..');
    await expect(mine.getByText('Snug across the chest')).toBeVisible();
    await expect(mine.getByText('Your review is published.')).toBeVisible();
    await page.reload();
    const list = section.getByRole('listitem').filter({ hasText: 'Snug across the chest' });
    await expect(list.getByText('Neha J.')).toBeVisible();
    await expect(list.getByText(/^(Bought size \S+|One size)$/)).toBeVisible();
    await expect(
      page.getByRole('link', { name: /^Rated \d\.\d out of 5 from \d+ reviews?$/ }),
    ).toBeVisible();
  });

  test('the admin hides a review: it leaves the product’s reviews and rating', async ({
    page,
    request,
  }) => {
    const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
    const buyer = await registerViaApi(request, {
      name: 'Kiran Mehta',
      email: uniqueEmail('review'),
    });
    const product = await deliveredPurchase(request, buyer, admin);
    const posted = await request.post(`/api/product/${product.id}/reviews`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
      data: { stars: 1, fit: 'small', text: 'Shrank two sizes after the first wash.' },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const reviewsOf = async () =>
      (await (await request.get(`/api/product/${product.id}/reviews`)).json()) as {
        reviews: Array<{ author: string }>;
        summary: { count: number };
      };
    const before = await reviewsOf();
    expect(before.reviews.map((r) => r.author)).toContain('Kiran M.');

    await signInAs(page, admin, '/dashboard/admin/reviews?status=published');
    const card = page
      .getByRole('article')
      .filter({ hasText: 'Shrank two sizes after the first wash.' });
    await expect(card.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(card.getByText('Bought size')).toBeVisible();
    await card.getByRole('button', { name: 'Hide the review by Kiran M.' }).click();
    await expect(page.getByText('The review is hidden')).toBeVisible();

    const after = await reviewsOf();
    expect(after.reviews.map((r) => r.author)).not.toContain('Kiran M.');
    expect(after.summary.count).toBe(before.summary.count - 1);
    await page.getByRole('button', { name: 'Hidden' }).click();
    await expect(
      page.getByRole('article').filter({ hasText: 'Shrank two sizes after the first wash.' }),
    ).toBeVisible();
  });
});
