import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { makeCategory, makeProducts } from '@/testing/data';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import Home from '../home';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const graphic = makeCategory('Graphic');
const anime = makeCategory('Anime');
const page = (n: number) =>
  makeProducts(12, { name: undefined }).map((p, i) => ({ ...p, name: `P${n}-${i + 1}` }));

function setup(url = '/', routes: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /category/all-category': () => ({ success: true, category: [graphic, anime] }),
    'GET /product/get-product-count': () => ({ total: 30 }),
    'GET /product/productList/:page': ({ params }) => ({
      prod: page(Number(params.page)).slice(0, Number(params.page) === 3 ? 6 : 12),
    }),
    'POST /product/getFilter-product': () => ({ filterProduct: makeProducts(5), total: 5 }),
    'GET /product/colours': () => ({
      colours: [
        { name: 'Black', hex: '#111111', key: 'black' },
        { name: 'Bottle Green', hex: '#1F5233', key: 'bottle-green' },
      ],
    }),
    ...routes,
  });
  return { api, ...renderRoute({ element: <Home />, path: '/' }, { url }) };
}

const location = () => screen.getByTestId('location').textContent;
const nextButton = () => screen.getByRole('button', { name: 'Next' });
const previousButton = () => screen.getByRole('button', { name: 'Previous' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  cartStore.set([]);
});

describe('home: the plain paged list', () => {
  it('shows "Loading products..." then 12 cards from productList/1 and the count', async () => {
    const { api } = setup();
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    expect(await screen.findByText('P1-1')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'ADD TO CART' })).toHaveLength(12);
    expect(api.callsTo('GET /product/productList/:page').map((c) => c.params.page)).toEqual(['1']);
    expect(api.callsTo('GET /product/get-product-count')).toHaveLength(1);
    expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(0);
    expect(screen.getByText('30 products')).toBeInTheDocument();
  });

  it('shows the price, nothing struck without an MRP (no ×1.2 "was" price), and links each card to its detail', async () => {
    setup();
    const card = (await screen.findByText('P1-1')).closest('article')!;
    expect(within(card).getByText('₹499')).toBeInTheDocument();
    expect(within(card).queryByText('₹599')).toBeNull(); // SPEC's 499 × 1.2, gone (issue 33)
    expect(card.querySelector('s')).toBeNull();
    expect(within(card).getByRole('link', { name: 'P1-1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/product-detail\//),
    );
    expect(within(card).getByRole('link', { name: 'More details' })).toBeInTheDocument();
  });

  it('disables Previous on page 1 and Next when page × 12 reaches the total', async () => {
    const { user, api } = setup();
    await screen.findByText('P1-1');
    expect(previousButton()).toBeDisabled();
    expect(nextButton()).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 3');

    await user.click(nextButton());
    expect(await screen.findByText('P2-1')).toBeInTheDocument();
    expect(location()).toBe('/?page=2');
    expect(previousButton()).toBeEnabled();
    expect(nextButton()).toBeEnabled();

    await user.click(nextButton());
    expect(await screen.findByText('P3-1')).toBeInTheDocument();
    expect(location()).toBe('/?page=3');
    expect(nextButton()).toBeDisabled(); // 3 × 12 = 36 ≥ 30
    expect(api.callsTo('GET /product/productList/:page').map((c) => c.params.page)).toEqual([
      '1',
      '2',
      '3',
    ]);

    await user.click(previousButton());
    expect(location()).toBe('/?page=2');
  });

  it('reads the page from the URL', async () => {
    const { api } = setup('/?page=2');
    expect(await screen.findByText('P2-1')).toBeInTheDocument();
    expect(api.callsTo('GET /product/productList/:page').map((c) => c.params.page)).toEqual(['2']);
  });

  it('adds to the cart with "Successfully Added"', async () => {
    const { user } = setup();
    const card = (await screen.findByText('P1-2')).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'ADD TO CART' }));
    await user.click(within(card).getByRole('button', { name: 'ADD TO CART' }));
    expect(toast.success).toHaveBeenCalledWith('Successfully Added');
    expect(cartStore.get()).toEqual([expect.objectContaining({ name: 'P1-2', cartQuantity: 2 })]);
  });
});

describe('home: filters', () => {
  it('offers the categories (several) and the five price ranges (one)', async () => {
    setup();
    expect(await screen.findByRole('checkbox', { name: 'Graphic' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Anime' })).toBeInTheDocument();
    const radiosOf = (group: string) =>
      within(screen.getByRole('group', { name: group }))
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent);
    expect(radiosOf('Filter by price')).toEqual([
      'Under ₹500',
      '₹500 to ₹699',
      '₹700 to ₹999',
      '₹1,000 to ₹1,499',
      '₹1,500 and above',
    ]);
    expect(radiosOf('In stock in size')).toEqual([
      'Any size',
      ...['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'],
    ]);
  });

  it('a category switches to the filtered call, back on page 1, kept in the URL', async () => {
    const { user, api } = setup('/?page=2');
    await screen.findByText('P2-1');
    await user.click(await screen.findByRole('checkbox', { name: 'Graphic' }));
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(1));
    expect(api.callsTo('POST /product/getFilter-product')[0]!.body).toEqual({
      checked: [graphic._id],
      radio: [],
      page: 1,
    });
    expect(location()).toBe(`/?category=${graphic._id}`);
    expect(screen.getByRole('checkbox', { name: 'Graphic' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Anime' }));
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(2));
    expect(api.callsTo('POST /product/getFilter-product')[1]!.body).toEqual({
      checked: [graphic._id, anime._id],
      radio: [],
      page: 1,
    });
    expect(location()).toBe(`/?category=${graphic._id}%2C${anime._id}`);
  });

  it('restores category, price and page from the URL', async () => {
    const { api } = setup(`/?category=${anime._id}&price=500-700&page=2`, {
      'POST /product/getFilter-product': () => ({ filterProduct: makeProducts(3), total: 15 }),
    });
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(1));
    expect(api.callsTo('POST /product/getFilter-product')[0]!.body).toEqual({
      checked: [anime._id],
      radio: [500, 699.99],
      page: 2,
    });
    expect(api.callsTo('GET /product/productList/:page')).toHaveLength(0);
    expect(await screen.findByRole('checkbox', { name: 'Anime' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '₹500 to ₹699' })).toBeChecked();
    expect(await screen.findByRole('navigation', { name: 'Pagination' })).toHaveTextContent(
      'Page 2 of 2',
    );
  });

  it('a price choice filters from page 1; the filtered total drives Next', async () => {
    const { user, api } = setup('/?page=3', {
      'POST /product/getFilter-product': () => ({ filterProduct: makeProducts(12), total: 13 }),
    });
    await screen.findByText('P3-1');
    await user.click(screen.getByRole('radio', { name: '₹1,500 and above' }));
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(1));
    expect(api.callsTo('POST /product/getFilter-product')[0]!.body).toEqual({
      checked: [],
      radio: [1500, Number.MAX_SAFE_INTEGER],
      page: 1,
    });
    expect(location()).toBe('/?price=1500-up');
    await waitFor(() => expect(screen.getByText('13 products')).toBeInTheDocument());
    expect(nextButton()).toBeEnabled(); // 12 < 13

    await user.click(nextButton());
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(2));
    expect(api.callsTo('POST /product/getFilter-product')[1]!.body).toMatchObject({ page: 2 });
    expect(location()).toBe('/?price=1500-up&page=2');
    await waitFor(() => expect(nextButton()).toBeDisabled()); // 24 ≥ 13
  });

  it('a colour of the catalog filters from page 1 with the size, kept in the URL; Any colour lets go', async () => {
    const { user, api } = setup('/?size=M&page=2');
    const group = await screen.findByRole('group', { name: 'In stock in colour' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Any', 'Black', 'Bottle Green']);
    expect(within(group).getByRole('radio', { name: 'Any colour' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Bottle Green' }));
    await waitFor(() => expect(location()).toBe('/?size=M&colour=bottle-green'));
    await waitFor(() =>
      expect(api.callsTo('POST /product/getFilter-product').at(-1)!.body).toEqual({
        checked: [],
        radio: [],
        page: 1,
        size: 'M',
        colour: 'bottle-green',
      }),
    );
    expect(within(group).getByRole('radio', { name: 'Bottle Green' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('Filters(2)');

    await user.click(within(group).getByRole('radio', { name: 'Any colour' }));
    await waitFor(() => expect(location()).toBe('/?size=M'));
  });

  it('restores the colour from the URL, in any case', async () => {
    const { api } = setup('/?colour=Bottle%20Green');
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(1));
    expect(api.callsTo('POST /product/getFilter-product')[0]!.body).toEqual({
      checked: [],
      radio: [],
      page: 1,
      colour: 'bottle-green',
    });
    expect(await screen.findByRole('radio', { name: 'Bottle Green' })).toBeChecked();
    await waitFor(() => expect(location()).toBe('/?colour=bottle-green'));
  });

  it('Reset filters goes back to the plain list', async () => {
    const { user, api } = setup(`/?category=${graphic._id}&price=under-500`);
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(location()).toBe('/');
    expect(await screen.findByText('P1-1')).toBeInTheDocument();
    expect(api.callsTo('GET /product/productList/:page')).toHaveLength(1);
  });

  it('shows "No products found." when a filter matches nothing', async () => {
    setup(`/?category=${graphic._id}`, {
      'POST /product/getFilter-product': () => ({ filterProduct: [], total: 0 }),
    });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });
});

describe('home: failures (toasts)', () => {
  it('"Failed to load Category" when the category answer says success: false', async () => {
    setup('/', { 'GET /category/all-category': () => ({ success: false, category: [] }) });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load Category'));
  });

  it.each([
    ['GET /category/all-category', 'Error on load category', '/'],
    ['GET /product/get-product-count', 'Error on load Total Product', '/'],
    ['GET /product/productList/:page', 'Failed on Load', '/'],
    ['POST /product/getFilter-product', 'Error on Filter Product', '/?price=under-500'],
  ])('%s failing → "%s"', async (route, message, url) => {
    setup(url, { [route]: () => reply(500, { success: false, message: 'boom' }) });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});

describe('home: wrong or stale URLs', () => {
  it('turns a page past the last into the last (?page=99 of 30 products is page 3)', async () => {
    const { api } = setup('/?page=99');
    expect(await screen.findByText('P3-1')).toBeInTheDocument();
    expect(location()).toBe('/?page=3');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 3 of 3');
    expect(api.callsTo('GET /product/productList/:page').at(-1)!.params.page).toBe('3');
  });

  it('turns a filtered page past the last into the last', async () => {
    const { api } = setup('/?price=under-500&page=9');
    await waitFor(() => expect(location()).toBe('/?price=under-500'));
    expect(await screen.findByRole('navigation', { name: 'Pagination' })).toHaveTextContent(
      'Page 1 of 1',
    );
    expect(api.callsTo('POST /product/getFilter-product').at(-1)!.body).toMatchObject({ page: 1 });
  });

  it('drops a category the shop no longer has before filtering, keeping the others', async () => {
    const gone = '0000000000000000000fffff';
    const { api } = setup(`/?category=${gone},${anime._id}&page=2`);
    await waitFor(() => expect(location()).toBe(`/?category=${anime._id}`));
    await waitFor(() => expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(1));
    expect(api.callsTo('POST /product/getFilter-product')[0]!.body).toEqual({
      checked: [anime._id],
      radio: [],
      page: 1,
    });
    expect(await screen.findByRole('checkbox', { name: 'Anime' })).toBeChecked();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('drops values that cannot be right and shows the plain list', async () => {
    const { api } = setup('/?category=not-an-id&price=cheap&size=XXXL&page=0&utm_source=mail');
    expect(await screen.findByText('P1-1')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/?utm_source=mail'));
    expect(api.callsTo('POST /product/getFilter-product')).toHaveLength(0);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says "Couldn\'t load the products" with Retry when the API is down, and no pages', async () => {
    let down = true;
    const { user } = setup('/?page=2', {
      'GET /product/get-product-count': () =>
        down ? reply(503, { success: false, message: 'down' }) : { total: 30 },
      'GET /product/productList/:page': ({ params }) =>
        down
          ? reply(503, { success: false, message: 'down' })
          : { prod: page(Number(params.page)) },
    });
    expect(await screen.findByText("Couldn't load the products")).toBeInTheDocument();
    expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    // The error toasts still appear.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed on Load'));
    expect(toast.error).toHaveBeenCalledWith('Error on load Total Product');

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('P2-1')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 2 of 3');
    expect(location()).toBe('/?page=2');
  });

  it('offers Retry when the filtered call fails, and "Error on Filter Product" still shows', async () => {
    setup('/?price=under-500', {
      'POST /product/getFilter-product': () => reply(500, { success: false, message: 'boom' }),
    });
    expect(await screen.findByText("Couldn't load the products")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Error on Filter Product');
  });
});
