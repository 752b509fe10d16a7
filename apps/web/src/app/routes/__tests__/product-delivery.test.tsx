/**
 * The product page's Check delivery: the signed-in customer's default address's PIN checked at
 * once (the date, the fee, COD), a PIN typed and kept in the browser, a malformed PIN refused
 * beside the field, and a PIN the shop does not serve.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signOut } from '@/lib/session';
import { deliveryPinStore } from '@/features/delivery/pin-store';
import {
  deliveryEstimate,
  makeProduct,
  makeSavedAddress,
  makeUser,
  noReviews,
  publicSettings,
} from '@/testing/data';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import ProductDetailPage from '../product-detail';

const tee = makeProduct({ name: 'Monsoon Tee', slug: 'monsoon-tee' });

function openDetail(routes: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /product/get-product/:slug': () => ({ Aproduct: tee }),
    'GET /product/related-product/:productId/:categoryId': () => ({ products: [] }),
    'GET /product/:id/reviews': () => ({ success: true, reviews: [], summary: noReviews }),
    'GET /settings/public': publicSettings,
    ...routes,
  });
  return {
    api,
    ...renderRoute(
      { element: <ProductDetailPage />, path: '/product-detail/:slug' },
      { url: `/product-detail/${tee.slug}` },
    ),
  };
}
const region = () => screen.getByRole('region', { name: 'Check delivery' });

afterEach(() => {
  signOut();
  deliveryPinStore.set('');
});

describe('Check delivery on the product page', () => {
  it("checks the default address's PIN at once: the date, the fee and cash on delivery", async () => {
    signIn('token-1', makeUser());
    const chennai = makeSavedAddress({ pin: '600002', city: 'Chennai', state: 'Tamil Nadu' });
    const { api } = openDetail({
      'GET /user/addresses': () => ({ success: true, addresses: [chennai] }),
      'GET /delivery/estimate': () =>
        deliveryEstimate({ pin: '600002', shippingFee: 49, deliveryFrom: '2026-12-03' }),
    });
    await waitFor(() =>
      expect(within(region()).getByText('Delivery by Fri, 4 Dec to 600002')).toBeInTheDocument(),
    );
    expect(within(region()).getByLabelText('PIN code')).toHaveValue('600002');
    expect(region()).toHaveTextContent('Delivery ₹49, free on orders of ₹499 or more');
    expect(region()).toHaveTextContent('Pay online or cash on delivery');
    expect(api.callsTo('GET /delivery/estimate')[0]!.search).toContain('pin=600002');
  });

  it('checks a PIN typed (kept for the next page), and says why COD or delivery is not offered', async () => {
    const { user } = openDetail({
      'GET /delivery/estimate': ({ search }: { search: string }) =>
        search.includes('744101')
          ? deliveryEstimate({
              pin: '744101',
              cod: false,
              codMessage: 'Cash on delivery is not available for PIN 744101.',
            })
          : deliveryEstimate({
              pin: '641001',
              serviceable: false,
              message: 'Sorry, we do not deliver to PIN 641001 yet.',
            }),
    });
    const pin = await within(
      await screen.findByRole('region', { name: 'Check delivery' }),
    ).findByLabelText('PIN code');
    expect(region()).toHaveTextContent('Enter your PIN code to see when it arrives.');
    await user.type(pin, '12345');
    await user.click(within(region()).getByRole('button', { name: 'Check' }));
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(pin).toHaveAccessibleDescription(expect.stringMatching(/6-digit PIN/));

    await user.clear(pin);
    await user.type(pin, '744 101');
    await user.click(within(region()).getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(region()).toHaveTextContent(
        'Pay online. Cash on delivery is not available for PIN 744101.',
      ),
    );
    expect(deliveryPinStore.get()).toBe('744101');

    await user.clear(pin);
    await user.type(pin, '641001');
    await user.click(within(region()).getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(region()).toHaveTextContent('Sorry, we do not deliver to PIN 641001 yet.'),
    );
  });

  it('says so when the estimate cannot be had', async () => {
    deliveryPinStore.set('560001');
    openDetail({ 'GET /delivery/estimate': () => reply(500, { success: false, message: 'x' }) });
    await waitFor(() =>
      expect(region()).toHaveTextContent("Couldn't check delivery. Please try again."),
    );
  });
});
