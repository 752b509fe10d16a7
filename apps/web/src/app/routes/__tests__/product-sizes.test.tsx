/** The product page's size picker, the Size guide and the cards' size chooser and Sold out. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@repo/shared';
import { ProductCard } from '@/components/ui/product-card';
import { addToCartWithToast } from '@/features/cart/use-cart';
import { cartStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { makeProduct, noReviews, publicSettings } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import ProductDetailPage from '../product-detail';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const tee = makeProduct({
  name: 'Night Owl Tee',
  slug: 'night-owl-tee',
  sizes: [
    { size: 'S', quantity: 4 },
    { size: 'M', quantity: 0 },
    { size: 'L', quantity: 2 },
    { size: 'XL', quantity: 9 },
  ],
});

function openDetail(product: Product, url = `/product-detail/${product.slug}`) {
  mockApi({
    'GET /product/get-product/:slug': () => ({ Aproduct: product }),
    // Who sells it (the Product details).
    'GET /settings/public': publicSettings,
    'GET /product/related-product/:productId/:categoryId': () => ({ products: [] }),
    'GET /product/:id/reviews': () => ({ success: true, reviews: [], summary: noReviews }),
  });
  return renderRoute({ element: <ProductDetailPage />, path: '/product-detail/:slug' }, { url });
}
const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  cartStore.set([]);
});

describe('the size picker', () => {
  it('is a radio group; a sold-out size is struck through and cannot be chosen', async () => {
    openDetail(tee);
    const group = await screen.findByRole('radiogroup', { name: 'Size' });
    // The title the server gave the page, kept once the app runs.
    await waitFor(() =>
      expect(document.title).toBe(
        `Night Owl Tee – ₹${tee.price.toLocaleString('en-IN')} | T-Shirt Shop`,
      ),
    );
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['S', 'M', 'L', 'XL']);
    const m = within(group).getByRole('radio', { name: 'M (sold out)' });
    expect(m).toBeDisabled();
    expect(m.closest('label')).toHaveClass('line-through');
  });

  it('asks for a size instead of guessing, then adds the one chosen by keyboard, kept in the URL', async () => {
    const { user } = openDetail(tee);
    await user.click(await screen.findByRole('button', { name: 'ADD TO CART' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a size');
    expect(cartStore.get()).toEqual([]);
    // Focus went to the first size; the arrow keys move past the sold-out M to L.
    expect(screen.getByRole('radio', { name: 'S' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'L' })).toBeChecked();
    expect(location()).toBe('/product-detail/night-owl-tee?size=L');
    expect(screen.getByText('Only 2 left in L')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(cartStore.get().map((l) => [l.name, l.size, l.cartQuantity])).toEqual([
      ['Night Owl Tee', 'L', 1],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Successfully Added');
  });

  it('takes the size from ?size= (a shared link), but not a sold-out one', async () => {
    openDetail(tee, '/product-detail/night-owl-tee?size=XL');
    expect(await screen.findByRole('radio', { name: 'XL' })).toBeChecked();
    vi.unstubAllGlobals();
  });

  it('shows "Sold out" on a disabled button when no size is left', async () => {
    openDetail(
      makeProduct({
        name: 'Gone Tee',
        slug: 'gone-tee',
        sizes: [
          { size: 'S', quantity: 0 },
          { size: 'M', quantity: 0 },
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.getByText('Sold out', { selector: 'p' })).toBeInTheDocument();
  });

  it('stops adding once the cart holds every one left in that size', async () => {
    const few = makeProduct({ name: 'Few Tee', sizes: [{ size: 'M', quantity: 1 }] });
    addToCartWithToast(few, 'M');
    addToCartWithToast(few, 'M');
    expect(cartStore.get()[0]!.cartQuantity).toBe(1);
    expect(toast.info).toHaveBeenCalledWith(
      'Your cart already holds the last 1 of Few Tee (Size M).',
    );
  });
});

describe('the Size guide', () => {
  it('opens a dialog with chest and length per size in cm and inches; Escape closes it', async () => {
    const { user } = openDetail(tee);
    await user.click(await screen.findByRole('button', { name: 'Size guide' }));
    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(8); // header + XS…3XL
    const m = within(dialog).getByRole('rowheader', { name: 'M' }).closest('tr')!;
    expect(m).toHaveTextContent('97 cm / 38 in');
    expect(m).toHaveTextContent('72 cm / 28.5 in');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('a product card', () => {
  const render = (product: Product, onAddToCart = vi.fn()) => ({
    onAddToCart,
    ...renderRoute({
      element: <ProductCard product={product} href="/p" onAddToCart={onAddToCart} />,
    }),
  });

  it('adds a One size product at once', async () => {
    const plain = makeProduct({ name: 'Plain Tee' });
    const { user, onAddToCart } = render(plain);
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    // A product in one colour: that colour, named for the cart line.
    expect(onAddToCart).toHaveBeenCalledWith(plain, 'One size', 'Default');
  });

  it('asks for the size of a product with several in a small dialog', async () => {
    const { user, onAddToCart } = render(tee);
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    // The chooser's code loads on this first tap.
    const dialog = await screen.findByRole('dialog', { name: 'Choose a size: Night Owl Tee' });
    const add = within(dialog).getByRole('button', { name: 'ADD TO CART' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'M (sold out)' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'XL' }));
    await user.click(add);
    expect(onAddToCart).toHaveBeenCalledWith(tee, 'XL', 'Default');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows "Sold out" on a disabled button', () => {
    render(makeProduct({ name: 'Empty Tee', quantity: 0 }));
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });
});
