import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UpdateProductPage from '@/app/routes/dashboard/admin/update-product';
import { toast } from '@/lib/toast';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { deferred, ids, networkError } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const product = {
  _id: ids.product,
  name: 'Rocket Tee',
  slug: 'rocket-tee',
  description: 'A tee with a rocket',
  price: 499,
  quantity: 25,
  sizes: [
    { size: 'M', quantity: 15 },
    { size: 'L', quantity: 10 },
  ],
  colours: [
    {
      _id: '64b0000000000000000000c1',
      name: 'Black',
      hex: '#111111',
      images: [],
      sizes: [
        { size: 'M', quantity: 12 },
        { size: 'L', quantity: 10 },
      ],
    },
    {
      _id: '64b0000000000000000000c2',
      name: 'Sand',
      hex: '#D8C3A5',
      images: [],
      sizes: [{ size: 'M', quantity: 3 }],
    },
  ],
  shipping: true,
  mrp: 699,
  countryOfOrigin: 'India',
  fabric: '100% cotton',
  gsm: 180,
  fit: 'Regular',
  washCare: 'Machine wash cold, inside out',
  category: { _id: ids.hoodies, name: 'Hoodies' },
  photo: '/uploads/rocket-640.webp',
};

function api(overrides: Record<string, Handler> = {}) {
  return mockApi({
    'GET /category/all-category': () => ({
      success: true,
      category: [
        { _id: ids.tees, name: 'Graphic Tees' },
        { _id: ids.hoodies, name: 'Hoodies' },
      ],
    }),
    'GET /product/get-product/:slug': () => ({ Aproduct: product }),
    'PUT /product/update-product/:id': () => ({ success: true, message: 'Product updated' }),
    'DELETE /product/delete-product/:id': () => ({ success: true, message: 'Product deleted' }),
    ...overrides,
  });
}

function renderPage() {
  return renderRoute(
    { element: <UpdateProductPage />, path: '/dashboard/admin/product/:slug' },
    { url: '/dashboard/admin/product/rocket-tee' },
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:new-photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('update product page', () => {
  it('fills the form from the product and shows its current photo', async () => {
    api();
    renderPage();
    expect(screen.getByText('Loading product...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Rocket Tee');
    expect(screen.getByLabelText('Description')).toHaveValue('A tee with a rocket');
    expect(screen.getByLabelText('Price')).toHaveValue(499);
    // Quantity is the total of the stock grid: a row per colour, a column per size made.
    expect(screen.getByLabelText('Quantity')).toHaveValue('25');
    expect(screen.getByRole('checkbox', { name: 'M' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'L' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'S' })).not.toBeChecked();
    expect(screen.getByLabelText('Name of colour 1')).toHaveValue('Black');
    expect(screen.getByLabelText('Name of colour 2')).toHaveValue('Sand');
    expect(screen.getByLabelText('Swatch of Sand')).toHaveValue('#d8c3a5');
    expect(screen.getByLabelText('Stock of Black in M')).toHaveValue(12);
    expect(screen.getByLabelText('Stock of Black in L')).toHaveValue(10);
    expect(screen.getByLabelText('Stock of Sand in M')).toHaveValue(3);
    // Sand is not made in L: a blank cell.
    expect(screen.getByLabelText('Stock of Sand in L')).toHaveValue(null);
    expect(screen.getByLabelText('Shipping')).toHaveValue('1');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Hoodies'),
    );
    expect(screen.getByRole('img', { name: 'Current product photo' })).toHaveAttribute(
      'src',
      product.photo,
    );
  });

  it('says which photos the create form could not save on this visit only: a reload does not say it again', async () => {
    api();
    const notice = 'The product was created, but some of its photos were not saved';
    const refusedPhotos = {
      Sand: 'Not saved when the product was created: sand.png is not a picture',
    };
    const first = renderRoute(
      { element: <UpdateProductPage />, path: '/dashboard/admin/product/:slug' },
      { url: '/dashboard/admin/product/rocket-tee?tab=photos', state: { refusedPhotos } },
    );
    expect(await screen.findByText(new RegExp(notice))).toHaveTextContent('beside Sand');
    const sand = await screen.findByRole('region', { name: /^Photos of Sand/ });
    expect(within(sand).getByRole('alert')).toHaveTextContent('sand.png is not a picture');
    // Cleared from the history entry (same address), still shown on this visit.
    await waitFor(() => expect(first.router.state.location.state).toBeNull());
    expect(first.router.state.location.pathname + first.router.state.location.search).toBe(
      '/dashboard/admin/product/rocket-tee?tab=photos',
    );
    expect(first.router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText(new RegExp(notice))).toBeInTheDocument();

    // A reload opens the same entry with the state it now keeps: no notice.
    const entry = first.router.state.location;
    first.unmount();
    renderRoute(
      { element: <UpdateProductPage />, path: '/dashboard/admin/product/:slug' },
      { url: entry.pathname + entry.search, state: entry.state },
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('Rocket Tee');
    expect(screen.queryByText(new RegExp(notice))).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /^Photos of Sand/ })).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });

  it('asks "Are you sure you want to delete this product?" in the shop\'s dialog and does nothing when cancelled', async () => {
    const server = api();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to delete this product?',
    });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/product/rocket-tee');
  });

  it('deletes when confirmed, toasts and returns to the product list', async () => {
    const server = api();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete product' }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Product deleted successfully!'),
    );
    expect(server.callsTo(`DELETE /product/delete-product/${ids.product}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/admin/product'),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reports a refused delete with the server message or "Failed to delete product.", an exception with the fallback text', async () => {
    let answer: Handler = () => reply(404, { success: false, message: 'Product not found' });
    api({ 'DELETE /product/delete-product/:id': (call) => answer(call) });
    const { user } = renderPage();
    const remove = async () => {
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      await user.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete product' }),
      );
    };
    await remove();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Product not found'));
    // The dialog closes on a refusal: the admin reads the toast and may try again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answer = () => ({ success: false });
    await remove();
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Failed to delete product.'));

    answer = networkError;
    await remove();
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(
        'Something went wrong while deleting the product.',
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/product/rocket-tee');
  });

  it('updates: "Updating..." while saving, the photo optional, then the toast and the product list', async () => {
    const answer = deferred<unknown>();
    const server = api({ 'PUT /product/update-product/:id': () => answer.promise });
    const { user } = renderPage();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Rocket Tee v2');
    await user.selectOptions(screen.getByLabelText('Shipping'), 'No');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    const form = server.callsTo(`PUT /product/update-product/${ids.product}`)[0]!.body as FormData;
    expect(form.get('name')).toBe('Rocket Tee v2');
    expect(form.get('shipping')).toBe('0');
    expect(form.get('category')).toBe(ids.hoodies);
    expect(form.get('price')).toBe('499');
    expect(form.get('photo')).toBeNull();
    // The product details as the product has them, untouched.
    expect(
      Object.fromEntries(
        ['mrp', 'countryOfOrigin', 'fabric', 'gsm', 'fit', 'washCare'].map((k) => [k, form.get(k)]),
      ),
    ).toEqual({
      mrp: '699',
      countryOfOrigin: 'India',
      fabric: '100% cotton',
      gsm: '180',
      fit: 'Regular',
      washCare: 'Machine wash cold, inside out',
    });
    // The colours go back with their ids (a rename keeps the photos) and their stock.
    expect(JSON.parse(form.get('colours') as string)).toEqual([
      {
        _id: '64b0000000000000000000c1',
        name: 'Black',
        hex: '#111111',
        sizes: [
          { size: 'M', quantity: 12 },
          { size: 'L', quantity: 10 },
        ],
      },
      {
        _id: '64b0000000000000000000c2',
        name: 'Sand',
        hex: '#D8C3A5',
        sizes: [{ size: 'M', quantity: 3 }],
      },
    ]);

    await act(async () => answer.resolve({ success: true, message: 'Product updated' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Product Updated successfully!'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/admin/product'),
    );
  });

  it('opens with the saved values when the product is visited again after an update', async () => {
    let price = 499;
    api({
      'GET /product/get-product/:slug': () => ({ Aproduct: { ...product, price } }),
      'PUT /product/update-product/:id': ({ body }) => {
        price = Number((body as FormData).get('price'));
        return { success: true, message: 'Product updated' };
      },
    });
    const { user, router } = renderPage();
    const field = await screen.findByLabelText('Price');
    await user.clear(field);
    await user.type(field, '650');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/dashboard/admin/product'),
    );

    await act(() => router.navigate('/dashboard/admin/product/rocket-tee'));
    expect(await screen.findByLabelText('Price')).toHaveValue(650);
  });

  it('sends a new photo when one is chosen', async () => {
    const server = api();
    const { user } = renderPage();
    await user.upload(
      await screen.findByLabelText('Photo'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'new.png', {
        type: 'image/png',
      }),
    );
    // The preview comes once the file's content has been checked.
    expect(await screen.findByRole('img', { name: 'Preview of new.png' })).toHaveAttribute(
      'src',
      'blob:new-photo',
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(server.callsTo(`PUT /product/update-product/${ids.product}`)).toHaveLength(1),
    );
    const form = server.callsTo(`PUT /product/update-product/${ids.product}`)[0]!.body as FormData;
    expect((form.get('photo') as File).name).toBe('new.png');
  });

  it('shows the server message of a refused update and "Update product failed" on an exception', async () => {
    let answer: Handler = () =>
      reply(409, { success: false, message: 'A product with this name already exists' });
    api({ 'PUT /product/update-product/:id': (call) => answer(call) });
    const { user } = renderPage();
    const update = await screen.findByRole('button', { name: 'Update' });
    await user.click(update);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('A product with this name already exists'),
    );
    answer = networkError;
    await user.click(update);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Update product failed'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/product/rocket-tee');
  });

  it('toasts "Failed to load product" when the product cannot be loaded', async () => {
    api({
      'GET /product/get-product/:slug': () =>
        reply(404, { success: false, message: 'Product not found' }),
    });
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load product'));
    expect(await screen.findByRole('link', { name: 'Back to products' })).toBeInTheDocument();
  });
});
