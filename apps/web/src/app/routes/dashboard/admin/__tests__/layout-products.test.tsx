import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminLayout from '@/app/routes/dashboard/admin/layout';
import ProductsPage from '@/app/routes/dashboard/admin/products';
import { toast } from '@/lib/toast';
import { codSettings, deliverySettings, gstSettings } from '@repo/shared/schemas';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids, networkError } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function renderLayoutAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <p>index</p> },
          { path: '*', element: <p>child</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** GET /admin/settings with the seller's GST details as given (the layout reads them). */
function settingsApi(gst: Record<string, string> = {}) {
  const record = <T,>(value: T) => ({ value, updatedAt: null, updatedBy: null });
  return mockApi({
    'GET /admin/settings': () => ({
      success: true,
      settings: {
        delivery: record(deliverySettings.parse({})),
        cod: record(codSettings.parse({})),
        gst: record(gstSettings.parse(gst)),
      },
    }),
  });
}

describe('admin layout', () => {
  it('is titled "Admin Panel" and links every section, marking the current one', () => {
    settingsApi();
    renderLayoutAt('/dashboard/admin/product/rocket-tee');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    const [panelNav] = screen.getAllByRole('navigation', { name: 'Admin sections' });
    const links = within(panelNav!).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Overview', '/dashboard/admin'],
      ['Create Category', '/dashboard/admin/create-category'],
      ['Create Product', '/dashboard/admin/create-product'],
      ['Products', '/dashboard/admin/product'],
      ['Orders', '/dashboard/admin/adminorder'],
      ['Returns', '/dashboard/admin/returns'],
      ['Reviews', '/dashboard/admin/reviews'],
      ['Coupons', '/dashboard/admin/coupons'],
      ['Users', '/dashboard/admin/user'],
      ['GST report', '/dashboard/admin/gst-report'],
      ['Settings', '/dashboard/admin/settings'],
    ]);
    expect(within(panelNav!).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(panelNav!).getByRole('link', { name: 'Orders' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByTestId('side-panel')).toBeInTheDocument();
  });

  it('says no tax invoices are made while the seller’s GST details are missing', async () => {
    settingsApi();
    renderLayoutAt('/dashboard/admin');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      "No tax invoices are being made: the seller's GST details (legal name, address, state and GSTIN) are not set.",
    );
    expect(within(notice).getByRole('link', { name: 'Set them in Settings' })).toHaveAttribute(
      'href',
      '/dashboard/admin/settings',
    );
  });

  it('says nothing once they are set', async () => {
    const server = settingsApi({
      legalName: 'Bright Threads Private Limited',
      address: '80 Feet Road, Bengaluru 560034',
      state: 'Karnataka',
      gstin: '29AAGCB7383J1Z4',
    });
    renderLayoutAt('/dashboard/admin');
    await waitFor(() => expect(server.callsTo('GET /admin/settings')).toHaveLength(1));
    await screen.findByText('index');
    expect(screen.queryByText(/No tax invoices/)).not.toBeInTheDocument();
  });

  it('marks Overview on the dashboard index, and only there', () => {
    settingsApi();
    renderLayoutAt('/dashboard/admin');
    const [panelNav] = screen.getAllByRole('navigation', { name: 'Admin sections' });
    expect(within(panelNav!).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(panelNav!).getByRole('link', { name: 'Create Category' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});

describe('products page', () => {
  const product = {
    _id: ids.product,
    name: 'Rocket Tee',
    slug: 'rocket-tee',
    description: 'A tee with a rocket',
    price: 1499,
    quantity: 3,
    shipping: true,
    category: { _id: ids.tees, name: 'Graphic Tees' },
    photo: '/uploads/rocket-640.webp',
    photos: [
      { width: 320, url: '/uploads/rocket-320.webp' },
      { width: 640, url: '/uploads/rocket-640.webp' },
    ],
    sizes: [{ size: 'One size', quantity: 3 }],
    colours: [
      {
        _id: '64b0000000000000000000c1',
        name: 'Black',
        hex: '#111111',
        images: [
          {
            _id: '64b0000000000000000000c2',
            url: '/uploads/rocket-640.webp',
            alt: 'Rocket Tee in Black',
            widths: [
              { width: 320, url: '/uploads/rocket-320.webp' },
              { width: 640, url: '/uploads/rocket-640.webp' },
            ],
          },
        ],
        sizes: [{ size: 'One size', quantity: 3 }],
      },
    ],
  };

  it('shows each product as a card linking to its update page', async () => {
    mockApi({ 'GET /product/get-product': () => ({ success: true, AllProducts: [product] }) });
    renderRoute({ element: <ProductsPage /> }, { url: '/dashboard/admin/product' });
    const link = await screen.findByRole('link', { name: 'Rocket Tee' });
    expect(link).toHaveAttribute('href', '/dashboard/admin/product/rocket-tee');
    const card = link.closest('article')!;
    expect(card.querySelector('img')).toHaveAttribute(
      'srcset',
      '/uploads/rocket-320.webp 320w, /uploads/rocket-640.webp 640w',
    );
    expect(within(card).getByText('A tee with a rocket')).toBeInTheDocument();
    expect(within(card).getByText('₹1,499')).toBeInTheDocument();
    expect(within(card).getByText('3 in stock · Graphic Tees')).toBeInTheDocument();
  });

  it('finds products by name on the server, the search kept in the address', async () => {
    const api = mockApi({
      'GET /product/get-product': ({ search }) =>
        new URLSearchParams(search).get('q') === 'rock'
          ? { success: true, AllProducts: [product], total: 1 }
          : {
              success: true,
              AllProducts: [
                product,
                { ...product, _id: ids.polo, name: 'Plain Polo', slug: 'plain-polo' },
              ],
              total: 2,
            },
    });
    const { user } = renderRoute(
      { element: <ProductsPage />, path: '/dashboard/admin/product' },
      { url: '/dashboard/admin/product' },
    );
    expect(await screen.findByRole('link', { name: 'Plain Polo' })).toBeInTheDocument();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Find a product'), ' rock ');
    await user.click(within(search).getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('1 product matches “rock”')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Plain Polo' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rocket Tee' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/admin/product?q=rock');
    expect(api.callsTo('GET /product/get-product').at(-1)!.search).toBe('?q=rock');

    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(await screen.findByRole('link', { name: 'Plain Polo' })).toBeInTheDocument();
  });

  it('says when no product’s name matches', async () => {
    mockApi({ 'GET /product/get-product': () => ({ success: true, AllProducts: [], total: 0 }) });
    renderRoute(
      { element: <ProductsPage />, path: '/dashboard/admin/product' },
      { url: '/dashboard/admin/product?q=zebra' },
    );
    expect(await screen.findByText('No product’s name matches “zebra”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Find a product')).toHaveValue('zebra');
  });

  it('toasts "Failed to fetch products" on a refusal and "Error while fetching products" on an error', async () => {
    mockApi({ 'GET /product/get-product': () => ({ success: false, AllProducts: [] }) });
    const first = renderRoute({ element: <ProductsPage /> }, { url: '/dashboard/admin/product' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch products'));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /product/get-product': networkError });
    renderRoute({ element: <ProductsPage /> }, { url: '/dashboard/admin/product' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Error while fetching products'),
    );
  });
});
