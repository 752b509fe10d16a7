import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@repo/shared/constants';
import { SHIPPING_ADDRESS_NEEDED } from '@repo/shared/constants/contact';
import { signIn, signOut } from '@/lib/session';
import type { RazorpayOptions } from '@/features/checkout/razorpay';
import { cartStore, searchStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import {
  deliveryEstimate,
  makeCartItem,
  makeProduct,
  makeSavedAddress,
  makeUser,
  noDiscount,
  publicSettings,
} from '@/testing/data';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import CartPage from '../cart';
import SearchPage from '../search';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

/** The provider's script "loads" a fake checkout whose dialog the test drives. */
const checkoutDialog = vi.hoisted(() => ({
  options: undefined as RazorpayOptions | undefined,
  failed: undefined as ((r: unknown) => void) | undefined,
  opened: 0,
  scriptLoads: true,
}));
vi.mock('@/features/checkout/load-script', () => ({
  loadScript: vi.fn(async () => {
    if (!checkoutDialog.scriptLoads) return false;
    window.Razorpay = class {
      constructor(options: RazorpayOptions) {
        checkoutDialog.options = options;
      }
      open() {
        checkoutDialog.opened += 1;
      }
      on(_event: string, handler: (r: unknown) => void) {
        checkoutDialog.failed = handler;
      }
    };
    return true;
  }),
}));

const tee = makeCartItem({ name: 'Bold Tee', price: 499, cartQuantity: 2 });
const hoodie = makeCartItem({ name: 'Moon Tee', price: 1299, cartQuantity: 1 });
const user = makeUser();

function setup({
  items = [tee, hoodie],
  signedIn = false,
  routes = {},
}: { items?: (typeof tee)[]; signedIn?: boolean; routes?: Record<string, Handler> } = {}) {
  cartStore.set(items);
  if (signedIn) signIn('token-1', user);
  const api = mockApi({
    // Today's stock is the lines' products as they are.
    'GET /product/stock': () => ({
      products: items.map(({ _id, quantity, sizes }) => ({ _id, quantity, sizes })),
    }),
    // A refused checkout reads the lines' products again: as they are.
    'GET /product/get-product/:slug': ({ params }) => {
      const { cartQuantity: _q, size: _s, ...product } = items.find((i) => i.slug === params.slug)!;
      return { success: true, message: 'ok', Aproduct: product };
    },
    'GET /user/user-detail/:userId': () => ({ success: true, user, message: 'ok' }),
    'GET /settings/public': publicSettings,
    // No saved address: no estimate is asked for.
    'GET /user/addresses': () => ({ success: true, addresses: [] }),
    'POST /coupons/apply': ({ body }) => noDiscount(body),
    'GET /payment/config': () => ({
      provider: 'sandbox',
      keyId: 'rzp_test_sandbox',
      checkoutScript: '/api/payment/sandbox/checkout.js',
    }),
    'POST /payment/create-order': () => ({
      order: { id: 'order_1', amount: 229700, currency: 'INR' },
    }),
    'POST /payment/verify-payment': () => ({ success: true, orderId: 'o1' }),
    ...routes,
  });
  return { api, ...renderRoute({ element: <CartPage />, path: '/cart' }, { url: '/cart' }) };
}

const line = (name: string) => screen.getByRole('link', { name }).closest('li')!;
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  Object.assign(checkoutDialog, {
    options: undefined,
    failed: undefined,
    opened: 0,
    scriptLoads: true,
  });
  // The shop shows its own toasts: the browser's alert box must never open.
  vi.spyOn(window, 'alert').mockImplementation(() => {
    throw new Error('window.alert used');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  cartStore.set([]);
  searchStore.set({ keyword: '', results: [] });
  signOut();
  delete window.Razorpay;
});

describe('cart lines', () => {
  it('shows "Your cart is empty." with a way back to the shop', () => {
    setup({ items: [] });
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('lists lines whose name opens the detail, with subtotal, free delivery and total', async () => {
    setup();
    expect(screen.getByRole('link', { name: 'Bold Tee' })).toHaveAttribute(
      'href',
      `/product-detail/${tee.slug}`,
    );
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹2,297'); // 2 × 499 + 1299
    await waitFor(() => expect(screen.getByTestId('cart-delivery')).toHaveTextContent('Free'));
    expect(screen.queryByText(/Free delivery on orders of/)).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹2,297');
    // Two lines holding three tees: counted as the badge counts them (lines), tees beside.
    expect(screen.getByText('2 items in your cart (3 T-shirts)')).toBeInTheDocument();
  });

  it('writes a price with paise as the mails do: both digits ("₹599.50")', () => {
    setup({ items: [makeCartItem({ name: 'Half Tee', price: 299.75, cartQuantity: 2 })] });
    expect(screen.getByText('₹299.75')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹599.50');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹599.50');
  });

  it('keeps the total beside the one Proceed to Checkout, in a bar that sticks on phones', async () => {
    const { user: u } = setup();
    const bar = screen.getByTestId('checkout-bar');
    expect(screen.getAllByRole('button', { name: 'Proceed to Checkout' })).toHaveLength(1);
    expect(within(bar).getByRole('button', { name: 'Proceed to Checkout' })).toBeInTheDocument();
    expect(bar).toHaveTextContent('Total₹2,297');
    expect(bar).toHaveClass('sticky', 'bottom-0', 'lg:static');
    await u.click(within(line('Bold Tee')).getByRole('button', { name: /Increase quantity/ }));
    expect(bar).toHaveTextContent('Total₹2,796');
  });

  it('increases and decreases; at 1, decrease removes the line; every change is stored', async () => {
    const { user: u } = setup();
    await u.click(within(line('Bold Tee')).getByRole('button', { name: /Increase quantity/ }));
    expect(within(line('Bold Tee')).getByText('3')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹2,796');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)[0].cartQuantity).toBe(3);

    await u.click(within(line('Moon Tee')).getByRole('button', { name: /Decrease quantity/ }));
    expect(screen.queryByRole('link', { name: 'Moon Tee' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,497');

    await u.click(within(line('Bold Tee')).getByRole('button', { name: /Decrease quantity/ }));
    expect(within(line('Bold Tee')).getByText('2')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹998');
  });

  it('removes a line, and shows the empty text when the last one goes', async () => {
    const { user: u } = setup();
    await u.click(screen.getByRole('button', { name: 'Remove Bold Tee' }));
    expect(screen.queryByRole('link', { name: 'Bold Tee' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Remove Moon Tee' }));
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)).toEqual([]);
  });

  it('adding the same product twice (from search) makes one line of 2', async () => {
    const product = makeProduct({ name: 'Found Tee', price: 350 });
    searchStore.set({ keyword: '', results: [product] });
    cartStore.set([]);
    mockApi({});
    const { user: u } = renderRoute(
      { element: <SearchPage />, path: '/Search' },
      { url: '/Search' },
    );
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    await u.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(toast.success).toHaveBeenCalledTimes(2);
    expect(toast.success).toHaveBeenCalledWith('Successfully Added');
    expect(cartStore.get()).toEqual([
      expect.objectContaining({ _id: product._id, cartQuantity: 2 }),
    ]);
  });
});

describe('shipping address', () => {
  it('signed out: asks to log in', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Log in to checkout' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('signed in: the profile address and an Update Address link', async () => {
    setup({ signedIn: true });
    expect(await screen.findByText(user.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update Address' })).toHaveAttribute(
      'href',
      '/dashboard/user/profile',
    );
  });

  const withAddress = (address: string) => ({
    'GET /user/user-detail/:userId': () => ({
      success: true,
      user: { ...user, address },
      message: 'ok',
    }),
  });

  it('signed in without an address: "No shipping address provided.", and checkout waits for one', async () => {
    const { user: u, api } = setup({ signedIn: true, routes: withAddress('') });
    expect(await screen.findByText('No shipping address provided.')).toBeInTheDocument();
    const hint = screen.getByText(SHIPPING_ADDRESS_NEEDED);
    const button = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(SHIPPING_ADDRESS_NEEDED);
    expect(hint).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update Address' })).toHaveAttribute(
      'href',
      '/dashboard/user/profile',
    );
    await u.click(button);
    expect(api.callsTo('POST /payment/create-order')).toHaveLength(0);
  });

  it('an older address without a PIN code is shown, and checkout asks for a complete one', async () => {
    setup({ signedIn: true, routes: withAddress('Pune') });
    expect(await screen.findByText('Pune')).toBeInTheDocument();
    expect(screen.getByText(SHIPPING_ADDRESS_NEEDED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });
});

describe('delivery fee', () => {
  it('adds ₹49 below ₹499, says from when delivery is free, and checks out the total with it', async () => {
    const cheap = makeCartItem({ name: 'Plain Tee', price: 300, cartQuantity: 1 });
    const { user: u, api } = setup({
      items: [cheap],
      signedIn: true,
      routes: {
        'POST /payment/create-order': () => ({
          order: { id: 'order_1', amount: 34900, currency: 'INR' },
        }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('cart-delivery')).toHaveTextContent('₹49'));
    expect(screen.getByText('Free delivery on orders of ₹499 or more.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹300');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹349');
    expect(screen.getByTestId('checkout-bar')).toHaveTextContent('Total₹349');

    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(checkoutDialog.opened).toBe(1));
    expect(api.callsTo('POST /payment/create-order')[0]!.body).toMatchObject({ amount: 349 });
  });
});

describe('cash on delivery', () => {
  const saved = makeSavedAddress({ name: user.name, phone: user.phone });
  const estimate = deliveryEstimate;
  const codRoutes = (extra: object = {}) => ({
    'GET /user/addresses': () => ({ success: true, addresses: [saved] }),
    'GET /delivery/estimate': () => estimate(extra),
    'POST /orders/cod': () => reply(201, { success: true, order: { _id: 'o2' } }),
  });

  it('shows the date, adds the COD fee when chosen and places the order with one key', async () => {
    const { user: u, api } = setup({ signedIn: true, routes: codRoutes() });
    expect(await screen.findByText('Delivery by Fri, 4 Dec to 560001')).toBeInTheDocument();
    const cod = await screen.findByRole('radio', { name: /Cash on delivery \(\+ ₹40\)/ });
    await waitFor(() => expect(cod).toBeEnabled());
    await u.click(cod);
    expect(screen.getByTestId('cart-cod-fee')).toHaveTextContent('₹40');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹2,337');

    await u.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(location()).toBe('/order-placed/o2'));
    const [call] = api.callsTo('POST /orders/cod');
    expect(call!.body).toEqual({
      amount: 2337,
      addressId: saved._id,
      items: [
        { _id: tee._id, cartQuantity: 2, size: 'One size' },
        { _id: hoodie._id, cartQuantity: 1, size: 'One size' },
      ],
    });
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[a-f0-9]{32}$/);
    expect(api.callsTo('POST /payment/create-order')).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('Order placed');
    expect(cartStore.get()).toEqual([]);
  });

  it('ships to the saved address chosen: its PIN is estimated and the COD order goes there', async () => {
    const office = {
      ...saved,
      _id: 'b'.repeat(24),
      name: 'Asha at work',
      line1: '4 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pin: '700016',
      isDefault: false,
    };
    const { user: u, api } = setup({
      signedIn: true,
      routes: {
        ...codRoutes(),
        'GET /user/addresses': () => ({ success: true, addresses: [saved, office] }),
        'GET /delivery/estimate': ({ search }: { search: string }) =>
          estimate(
            new URLSearchParams(search).get('pin') === '700016'
              ? { pin: '700016', deliveryFrom: '2026-12-05', deliveryBy: '2026-12-07' }
              : {},
          ),
      },
    });
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('radio', { name: /12 MG Road/ })).toBeChecked();
    expect(within(shipTo).getByRole('link', { name: 'Add an address' })).toHaveAttribute(
      'href',
      '/dashboard/user/addresses',
    );
    await u.click(within(shipTo).getByRole('radio', { name: /4 Park Street/ }));
    expect(await screen.findByText('Delivery by Mon, 7 Dec to 700016')).toBeInTheDocument();
    const cod = screen.getByRole('radio', { name: /Cash on delivery/ });
    await waitFor(() => expect(cod).toBeEnabled());
    await u.click(cod);
    await u.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.callsTo('POST /orders/cod')).toHaveLength(1));
    expect(api.callsTo('POST /orders/cod')[0]!.body).toMatchObject({ addressId: office._id });
  });

  it('keeps the option in sight, disabled, with the reason when COD is not offered', async () => {
    setup({
      signedIn: true,
      routes: codRoutes({
        cod: false,
        codMessage: 'Cash on delivery is for orders up to ₹1,000.',
      }),
    });
    expect(
      await screen.findByText('Cash on delivery is for orders up to ₹1,000.'),
    ).toBeInTheDocument();
    const cod = screen.getByRole('radio', { name: /Cash on delivery/ });
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription('Cash on delivery is for orders up to ₹1,000.');
    expect(screen.getByRole('radio', { name: /Pay online/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeInTheDocument();
  });

  it('refuses checkout to a PIN the shop does not deliver to, saying so', async () => {
    setup({
      signedIn: true,
      routes: codRoutes({
        serviceable: false,
        cod: false,
        deliveryFrom: null,
        deliveryBy: null,
        message: 'Sorry, we do not deliver to PIN 560001 yet.',
      }),
    });
    expect(
      await screen.findByText('Sorry, we do not deliver to PIN 560001 yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });
});

describe('checkout', () => {
  it('signed out: goes to /login and remembers the cart', async () => {
    const { user: u, router, api } = setup();
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(location()).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/cart' });
    // Checking out sent nothing (the cart's stock, fees and discount read on opening aside).
    const onOpening = ['/product/stock', '/settings/public', '/coupons/apply'];
    expect(api.calls.filter((c) => !onOpening.includes(c.path))).toEqual([]);
  });

  it('creates the order, opens the prefilled dialog, verifies, clears the cart and shows the orders', async () => {
    const { user: u, api } = setup({ signedIn: true });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(checkoutDialog.opened).toBe(1));
    expect(api.callsTo('POST /payment/create-order')[0]!.body).toEqual({
      amount: 2297,
      items: [
        { _id: tee._id, cartQuantity: 2, size: 'One size' },
        { _id: hoodie._id, cartQuantity: 1, size: 'One size' },
      ],
      shippingAddress: user.address,
    });
    expect(checkoutDialog.options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 229700,
      currency: 'INR',
      order_id: 'order_1',
      name: 'T-Shirt Shop',
      // Two tees and a hoodie: the dialog counts what is paid for, not cart lines.
      description: '3 items',
      prefill: { name: user.name, email: user.email, contact: user.phone },
    });

    checkoutDialog.options!.handler({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 'sig',
    });
    // The order placed page for the order the payment became.
    await waitFor(() => expect(location()).toBe('/order-placed/o1'));
    expect(api.callsTo('POST /payment/verify-payment')[0]!.body).toMatchObject({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 'sig',
      amount: 2297,
      userId: user._id,
      shippingAddress: user.address,
      items: [
        expect.objectContaining({ _id: tee._id, cartQuantity: 2 }),
        expect.objectContaining({ _id: hoodie._id, cartQuantity: 1 }),
      ],
    });
    expect(api.callsTo('POST /payment/verify-payment')[0]!.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
    expect(toast.success).toHaveBeenCalledWith('Payment Completed');
    expect(cartStore.get()).toEqual([]);
  });

  it('a dismissed or failed payment leaves the cart as it was', async () => {
    const { user: u, api } = setup({ signedIn: true });
    const button = screen.getByRole('button', { name: 'Proceed to Checkout' });
    await u.click(button);
    await waitFor(() => expect(checkoutDialog.opened).toBe(1));
    checkoutDialog.failed!({ error: { description: 'Card declined' } });
    checkoutDialog.options!.modal!.ondismiss!();
    await waitFor(() => expect(button).toBeEnabled());
    expect(cartStore.get()).toHaveLength(2);
    expect(api.callsTo('POST /payment/verify-payment')).toHaveLength(0);
  });

  it('alerts when the provider script does not load', async () => {
    checkoutDialog.scriptLoads = false;
    const { user: u, api } = setup({ signedIn: true });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Razorpay SDK failed to load. Check your internet.'),
    );
    expect(api.callsTo('POST /payment/create-order')).toHaveLength(0);
  });

  it('alerts when the order cannot be created', async () => {
    const { user: u } = setup({
      signedIn: true,
      routes: {
        'POST /payment/create-order': () =>
          reply(500, { success: false, message: 'Internal error' }),
      },
    });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Server error while creating order. Please try again.',
      ),
    );
    expect(checkoutDialog.opened).toBe(0);
    expect(cartStore.get()).toHaveLength(2);
  });

  it('on 409 shows the server message and refreshes the cart prices', async () => {
    const { user: u } = setup({
      signedIn: true,
      routes: {
        'POST /payment/create-order': () =>
          reply(409, {
            success: false,
            message: 'Prices changed: the total is now ₹2,397',
            total: 2397,
          }),
        'GET /product/get-product/:slug': ({ params }) =>
          params.slug === tee.slug
            ? { Aproduct: { ...tee, cartQuantity: undefined, price: 549 } }
            : reply(404, { success: false, message: 'Product not found' }),
      },
    });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Prices changed: the total is now ₹2,397'),
    );
    expect(cartStore.get()).toEqual([
      expect.objectContaining({ _id: tee._id, price: 549, cartQuantity: 2 }),
    ]);
    expect(checkoutDialog.opened).toBe(0);
  });

  it("shows the server's reason when it refuses the checkout (no address), and opens no dialog", async () => {
    const { user: u } = setup({
      signedIn: true,
      routes: {
        'POST /payment/create-order': () =>
          reply(400, { success: false, message: SHIPPING_ADDRESS_NEEDED }),
      },
    });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(SHIPPING_ADDRESS_NEEDED));
    expect(checkoutDialog.opened).toBe(0);
  });

  it('says how long to wait when the server refuses one checkout too many, and keeps the cart', async () => {
    const tooMany = 'Too many checkouts from this account. Please try again in 15 minutes.';
    const { user: u } = setup({
      signedIn: true,
      routes: {
        'POST /payment/create-order': () => reply(429, { success: false, message: tooMany }),
      },
    });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(tooMany));
    expect(checkoutDialog.opened).toBe(0);
    expect(cartStore.get()).toHaveLength(2);
  });

  it('alerts when the payment went through but the order was not saved', async () => {
    const { user: u } = setup({
      signedIn: true,
      routes: {
        'POST /payment/verify-payment': () =>
          reply(400, { success: false, message: 'Bad signature' }),
      },
    });
    await u.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(checkoutDialog.opened).toBe(1));
    checkoutDialog.options!.handler({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 'bad',
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Payment succeeded but order save failed. Contact support.',
      ),
    );
    expect(cartStore.get()).toHaveLength(2);
    expect(location()).toBe('/cart');
  });
});
