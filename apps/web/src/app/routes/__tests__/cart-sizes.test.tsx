/** The cart with sizes: a line per size, + capped at the size's stock, problems block checkout. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem, Product } from '@repo/shared';
import { cartStore } from '@/lib/storage';
import { makeCartItem, makeProduct, noDiscount, publicSettings } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import CartPage from '../cart';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const tee = makeProduct({
  name: 'Sakura Tee',
  price: 600,
  sizes: [
    { size: 'S', quantity: 2 },
    { size: 'M', quantity: 5 },
    { size: 'L', quantity: 0 },
  ],
});

/** The product as it is now: one colour, holding `sizes` (the server's answer is its stock). */
function todayWith(product: Product, sizes: Product['sizes']): Product {
  return { ...product, sizes, colours: [{ ...product.colours[0]!, sizes }] };
}

/** Renders the cart with these lines; the server's stock is `today` (the product as it is now). */
function setup(items: CartItem[], today: Product = tee) {
  cartStore.set(items);
  const api = mockApi({
    'GET /product/stock': () => ({
      products: [
        {
          _id: today._id,
          quantity: today.quantity,
          sizes: today.sizes,
          colours: today.colours.map(({ name, sizes }) => ({ name, sizes })),
        },
      ],
    }),
    'GET /settings/public': publicSettings,
    'POST /coupons/apply': ({ body }) => noDiscount(body),
  });
  return { api, ...renderRoute({ element: <CartPage />, path: '/cart' }, { url: '/cart' }) };
}
// By text, not by role: role queries walk the whole tree and are slow on a busy machine.
const lineOf = (size: string) => screen.getByText(`Size ${size}`).closest('li')!;
const checkout = () => screen.getByRole('button', { name: 'Proceed to Checkout' });

afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.set([]);
});

describe('cart lines with sizes', () => {
  it('shows two sizes of one T-shirt as two lines, each with its size; + stops at that size’s stock', async () => {
    const { user } = setup([
      makeCartItem({ ...tee, size: 'S', cartQuantity: 1 }),
      makeCartItem({ ...tee, size: 'M', cartQuantity: 1 }),
    ]);
    expect(within(lineOf('S')).getByText('Size S')).toBeInTheDocument();
    expect(within(lineOf('M')).getByText('Size M')).toBeInTheDocument();

    const more = within(lineOf('S')).getByRole('button', { name: /Increase quantity/ });
    await user.click(more);
    expect(within(lineOf('S')).getByText('2')).toBeInTheDocument();
    expect(more).toBeDisabled(); // 2 of 2 in S
    // …and says why.
    expect(more).toHaveAccessibleDescription('Only 2 left');
    expect(within(lineOf('S')).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(lineOf('M')).queryByText(/Only \d+ left/)).not.toBeInTheDocument();
    // The page counts what the badge counts: two lines (three T-shirts).
    expect(screen.getByText('2 items in your cart (3 T-shirts)')).toBeInTheDocument();
    expect(within(lineOf('M')).getByRole('button', { name: /Increase quantity/ })).toBeEnabled();
    expect(cartStore.get().map((l) => [l.size, l.cartQuantity])).toEqual([
      ['S', 2],
      ['M', 1],
    ]);
    expect(checkout()).toBeEnabled();
  });

  it('marks a line whose size sold out or fell short, and blocks checkout until it is changed', async () => {
    const today = todayWith(tee, [
      { size: 'S', quantity: 1 },
      { size: 'M', quantity: 0 },
      { size: 'L', quantity: 4 },
    ]);
    const { user } = setup(
      [
        makeCartItem({ ...tee, size: 'M', cartQuantity: 1 }),
        makeCartItem({ ...tee, size: 'S', cartQuantity: 2 }),
      ],
      today,
    );
    expect(
      await within(lineOf('M')).findByText(
        'Sold out in M. Please choose another size or remove it.',
      ),
    ).toBeInTheDocument();
    expect(
      within(lineOf('S')).getByText('Only 1 left in S. Please lower the quantity.'),
    ).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
    expect(screen.getByText('Please fix the items marked above to check out.')).toBeInTheDocument();

    // M → L (the sizes left are offered); S down to 1.
    await user.selectOptions(
      within(lineOf('M')).getByRole('combobox', { name: 'Choose a size of Sakura Tee' }),
      'L',
    );
    await user.click(within(lineOf('S')).getByRole('button', { name: /Decrease quantity/ }));
    expect(within(lineOf('L')).getByText('Size L')).toBeInTheDocument();
    expect(checkout()).toBeEnabled();
    expect(cartStore.get().map((l) => [l.size, l.cartQuantity])).toEqual([
      ['L', 1],
      ['S', 1],
    ]);
  });

  it('asks a line saved before sizes for one before checkout', async () => {
    const old = makeCartItem({ ...tee, cartQuantity: 1, size: undefined });
    const { user } = setup([old]);
    const li = screen.getByRole('link', { name: 'Sakura Tee' }).closest('li')!;
    expect(within(li).getByText('Please choose a size.')).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
    await user.selectOptions(
      within(li).getByRole('combobox', { name: 'Choose a size of Sakura Tee' }),
      'M',
    );
    expect(cartStore.get()[0]!.size).toBe('M');
    expect(checkout()).toBeEnabled();
  });

  it('shows two colours of one T-shirt as two lines, "Black · M" and "White · M", each capped and checked in its colour', async () => {
    const black = { name: 'Black', hex: '#111111' };
    const white = { name: 'White', hex: '#F8F8F8' };
    const image = (colour: string) => [
      {
        _id: `64b0000000000000000000${colour === 'Black' ? 'b1' : 'c1'}`,
        url: `/uploads/${colour}-640.webp`,
        alt: `Duo Tee in ${colour}`,
        widths: [{ width: 640, url: `/uploads/${colour}-640.webp` }],
      },
    ];
    const duo = (blackM: number, whiteM: number) =>
      makeProduct({
        _id: '64b0000000000000000000d1',
        name: 'Duo Tee',
        colours: [
          {
            _id: '64b0000000000000000000e1',
            ...black,
            images: image('Black'),
            sizes: [{ size: 'M', quantity: blackM }],
          },
          {
            _id: '64b0000000000000000000e2',
            ...white,
            images: image('White'),
            sizes: [{ size: 'M', quantity: whiteM }],
          },
        ],
      });
    const added = duo(3, 3);
    const { user } = setup(
      [
        { ...added, size: 'M', colour: 'Black', cartQuantity: 1 },
        { ...added, size: 'M', colour: 'White', cartQuantity: 2 },
      ],
      duo(1, 1),
    );
    const lineIn = (variant: string) => screen.getByText(variant).closest('li')!;
    // Each line shows its colour's photo.
    expect(lineIn('Black · M').querySelector('img')).toHaveAttribute(
      'src',
      '/uploads/Black-640.webp',
    );
    expect(lineIn('White · M').querySelector('img')).toHaveAttribute(
      'src',
      '/uploads/White-640.webp',
    );
    // Today 1 is left of each: the white line (2) is short, in its colour; black is at its cap.
    expect(
      await within(lineIn('White · M')).findByText(
        'Only 1 left in White · M. Please lower the quantity.',
      ),
    ).toBeInTheDocument();
    expect(
      within(lineIn('Black · M')).getByRole('button', {
        name: 'Increase quantity of Duo Tee, Black · M',
      }),
    ).toBeDisabled();
    expect(within(lineIn('Black · M')).queryByRole('status')).not.toBeInTheDocument();
    expect(checkout()).toBeDisabled();

    await user.click(
      within(lineIn('White · M')).getByRole('button', {
        name: 'Decrease quantity of Duo Tee, White · M',
      }),
    );
    expect(checkout()).toBeEnabled();
    expect(cartStore.get().map((l) => [l.colour, l.size, l.cartQuantity])).toEqual([
      ['Black', 'M', 1],
      ['White', 'M', 1],
    ]);
  });
});
