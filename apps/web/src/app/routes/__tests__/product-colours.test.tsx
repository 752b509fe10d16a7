/** The product page with colours: the colour picker, the colour's gallery and its zoom. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductColour } from '@repo/shared';
import { ProductCard } from '@/components/ui/product-card';
import { cartStore } from '@/lib/storage';
import { makeProduct, noReviews, publicSettings } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import ProductDetailPage from '../product-detail';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

let seq = 0;
/** A colour with photos of these views ("front", "back" …) and its stock per size. */
function colour(
  name: string,
  hex: string,
  views: string[],
  sizes: ProductColour['sizes'],
): ProductColour {
  seq += 1;
  const id = (n: number) => (0xf000 + seq * 16 + n).toString(16).padStart(24, '0');
  return {
    _id: id(0),
    name,
    hex,
    sizes,
    images: views.map((view, i) => {
      const url = `/uploads/${name.toLowerCase().replace(' ', '-')}-${view}-640.webp`;
      return {
        _id: id(i + 1),
        url,
        alt: `Sakura Drift Tee in ${name}, ${view}`,
        widths: [
          { width: 320, url: url.replace('-640', '-320') },
          { width: 640, url },
        ],
      };
    }),
  };
}

const tee = makeProduct({
  name: 'Sakura Drift Tee',
  slug: 'sakura-drift-tee',
  colours: [
    colour(
      'Black',
      '#111111',
      ['front', 'back', 'print'],
      [
        { size: 'S', quantity: 2 },
        { size: 'M', quantity: 5 },
        { size: 'L', quantity: 0 },
      ],
    ),
    colour(
      'Bottle Green',
      '#1F4D3A',
      ['front', 'back'],
      [
        { size: 'S', quantity: 0 },
        { size: 'M', quantity: 1 },
        { size: 'L', quantity: 4 },
      ],
    ),
    colour('White', '#F8F8F8', ['front'], [{ size: 'M', quantity: 0 }]),
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
const colourGroup = () => screen.getByRole('radiogroup', { name: /^Colour/ });
const sizeGroup = () => screen.getByRole('radiogroup', { name: 'Size' });
/** The photos the large strip shows, by their alt text. */
const slides = (label: string) =>
  within(screen.getByRole('region', { name: `Photos of ${label}` }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

afterEach(() => {
  vi.clearAllMocks();
  cartStore.set([]);
});

describe('the colour picker', () => {
  it('is a radio group of the colours by name; the first is chosen, its photos and sizes shown', async () => {
    openDetail(tee);
    const group = await screen.findByRole('radiogroup', { name: 'Colour: Black' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Black', 'Bottle Green', 'White (sold out)']);
    expect(within(group).getByRole('radio', { name: 'Black' })).toBeChecked();
    expect(slides('Sakura Drift Tee in Black')).toEqual([
      'Sakura Drift Tee in Black, front',
      'Sakura Drift Tee in Black, back',
      'Sakura Drift Tee in Black, print',
    ]);
    // Black's sizes: L is sold out in Black (though Bottle Green has 4).
    expect(within(sizeGroup()).getByRole('radio', { name: 'L (sold out)' })).toBeDisabled();
    expect(within(sizeGroup()).getByRole('radio', { name: 'S' })).toBeEnabled();
  });

  it('changes the gallery and the sizes in stock, and keeps colour and size in the URL', async () => {
    const { user } = openDetail(tee);
    await user.click(await screen.findByRole('radio', { name: 'M' }));
    expect(location()).toBe('/product-detail/sakura-drift-tee?colour=black&size=M');

    await user.click(within(colourGroup()).getByRole('radio', { name: 'Bottle Green' }));
    expect(colourGroup()).toHaveAccessibleName('Colour: Bottle Green');
    // M is still there in Bottle Green (1 left): the size stays chosen.
    expect(location()).toBe('/product-detail/sakura-drift-tee?colour=bottle-green&size=M');
    expect(slides('Sakura Drift Tee in Bottle Green')).toEqual([
      'Sakura Drift Tee in Bottle Green, front',
      'Sakura Drift Tee in Bottle Green, back',
    ]);
    expect(screen.getByText('Only 1 left in M')).toBeInTheDocument();
    expect(within(sizeGroup()).getByRole('radio', { name: 'S (sold out)' })).toBeDisabled();
    expect(within(sizeGroup()).getByRole('radio', { name: 'L' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(cartStore.get().map((l) => [l.name, l.colour, l.size, l.cartQuantity])).toEqual([
      ['Sakura Drift Tee', 'Bottle Green', 'M', 1],
    ]);

    // L is sold out in Black: choosing Black with L drops the size rather than keep it.
    await user.click(within(sizeGroup()).getByRole('radio', { name: 'L' }));
    await user.click(within(colourGroup()).getByRole('radio', { name: 'Black' }));
    expect(location()).toBe('/product-detail/sakura-drift-tee?colour=black');
    expect(within(sizeGroup()).queryAllByRole('radio', { checked: true })).toEqual([]);
  });

  it('opens on the colour and size of a shared link (?colour=bottle-green&size=L)', async () => {
    openDetail(tee, '/product-detail/sakura-drift-tee?colour=bottle-green&size=L');
    expect(await screen.findByRole('radio', { name: 'Bottle Green' })).toBeChecked();
    expect(within(sizeGroup()).getByRole('radio', { name: 'L' })).toBeChecked();
    expect(screen.getByText('Only 4 left in L')).toBeInTheDocument();
  });

  it('shows a colour sold out in every size, with its photos, and cannot add it', async () => {
    openDetail(tee, '/product-detail/sakura-drift-tee?colour=white');
    expect(await screen.findByRole('radio', { name: 'White (sold out)' })).toBeChecked();
    expect(slides('Sakura Drift Tee in White')).toEqual(['Sakura Drift Tee in White, front']);
    expect(screen.getByRole('button', { name: 'Sold out in White' })).toBeDisabled();
  });
});

describe('the gallery', () => {
  it('shows a photo from its thumbnail, and moves with the arrow keys, Home and End', async () => {
    const { user } = openDetail(tee);
    const thumbs = await screen.findByRole('list', {
      name: 'Choose a photo of Sakura Drift Tee in Black',
    });
    const current = () =>
      within(thumbs)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-current') === 'true')
        .map((b) => b.getAttribute('aria-label'));
    expect(current()).toEqual(['Photo 1: Sakura Drift Tee in Black, front']);

    await user.click(within(thumbs).getByRole('button', { name: /^Photo 3/ }));
    expect(current()).toEqual(['Photo 3: Sakura Drift Tee in Black, print']);

    const strip = screen.getByRole('region', { name: 'Photos of Sakura Drift Tee in Black' });
    strip.focus();
    await user.keyboard('{Home}');
    expect(current()).toEqual(['Photo 1: Sakura Drift Tee in Black, front']);
    await user.keyboard('{ArrowRight}');
    expect(current()).toEqual(['Photo 2: Sakura Drift Tee in Black, back']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}'); // stops at the first
    expect(current()).toEqual(['Photo 1: Sakura Drift Tee in Black, front']);
    await user.keyboard('{End}');
    expect(current()).toEqual(['Photo 3: Sakura Drift Tee in Black, print']);

    // Another colour starts at its own first photo.
    await user.click(within(colourGroup()).getByRole('radio', { name: 'Bottle Green' }));
    expect(
      within(
        screen.getByRole('list', { name: 'Choose a photo of Sakura Drift Tee in Bottle Green' }),
      )
        .getAllByRole('button')
        .find((b) => b.getAttribute('aria-current') === 'true'),
    ).toHaveAccessibleName('Photo 1: Sakura Drift Tee in Bottle Green, front');
  });

  it('opens the zoom on the photo clicked and closes it with Escape, back on the photo shown', async () => {
    const { user } = openDetail(tee);
    await user.click(
      await screen.findByRole('button', { name: 'Zoom: Sakura Drift Tee in Black, back' }),
    );
    // The zoom's code loads on this first open.
    const zoom = await screen.findByRole('dialog', {
      name: 'Zoomed photos of Sakura Drift Tee in Black',
    });
    expect(zoom).toHaveAttribute('aria-modal', 'true');
    expect(
      within(zoom)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toContain('/uploads/black-back-640.webp');
    expect(within(zoom).getByRole('button', { name: 'Close the zoom' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('button', { name: 'Photo 2: Sakura Drift Tee in Black, back' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  it('has no thumbnails or arrow keys for a colour with one photo', async () => {
    openDetail(tee, '/product-detail/sakura-drift-tee?colour=white');
    const strip = await screen.findByRole('region', {
      name: 'Photos of Sakura Drift Tee in White',
    });
    expect(strip).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('list', { name: /Choose a photo/ })).not.toBeInTheDocument();
  });
});

describe('a product card with colours', () => {
  it('shows up to four swatches then "+N", read out as the list of colours', () => {
    const many = makeProduct({
      name: 'Rainbow Tee',
      colours: ['Black', 'White', 'Navy', 'Sand', 'Maroon', 'Olive'].map((name) =>
        colour(name, '#333333', ['front'], [{ size: 'M', quantity: 1 }]),
      ),
    });
    renderRoute({ element: <ProductCard product={many} href="/p" /> });
    const card = screen.getByRole('article');
    expect(
      within(card).getByText('6 colours: Black, White, Navy, Sand, Maroon, Olive'),
    ).toBeInTheDocument();
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(card.querySelectorAll('span[title]')).toHaveLength(4);
  });

  it('shows the photo of the first colour in stock', () => {
    const [black, green] = [tee.colours[0]!, tee.colours[1]!];
    const product = makeProduct({
      name: 'Late Tee',
      colours: [{ ...black, sizes: [{ size: 'M', quantity: 0 }] }, green],
    });
    renderRoute({ element: <ProductCard product={product} href="/p" /> });
    expect(screen.getByRole('article').querySelector('img')).toHaveAttribute(
      'srcset',
      '/uploads/bottle-green-front-320.webp 320w, /uploads/bottle-green-front-640.webp 640w',
    );
  });

  it('asks for the colour and the size in a small dialog; a sold-out colour cannot be chosen', async () => {
    const onAddToCart = vi.fn();
    const { user } = renderRoute({
      element: <ProductCard product={tee} href="/p" onAddToCart={onAddToCart} />,
    });
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Choose a colour and size: Sakura Drift Tee',
    });
    expect(within(dialog).getByRole('radio', { name: 'White (sold out)' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Black' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Bottle Green' }));
    // Bottle Green's sizes: S is sold out in it.
    expect(within(dialog).getByRole('radio', { name: 'S (sold out)' })).toBeDisabled();
    const add = within(dialog).getByRole('button', { name: 'ADD TO CART' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'L' }));
    await user.click(add);
    expect(onAddToCart).toHaveBeenCalledWith(tee, 'L', 'Bottle Green');
  });
});
