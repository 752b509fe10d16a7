import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CreateProductPage from '@/app/routes/dashboard/admin/create-product';
import UpdateProductPage from '@/app/routes/dashboard/admin/update-product';
import { toast } from '@/lib/toast';
import { mockApi, reply, type ApiCall, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { deferred, ids, stubPreviewUrls } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name: string) => new File([PNG_BYTES], name, { type: 'image/png' });

/** The product as the server answers it once created (and its page loads it). */
const created = {
  _id: ids.product,
  name: 'Rocket Tee',
  slug: 'rocket-tee',
  description: 'A tee with a rocket',
  price: 499,
  quantity: 30,
  sizes: [{ size: 'One size', quantity: 30 }],
  colours: [
    {
      _id: '64b0000000000000000000c1',
      name: 'Black',
      hex: '#111111',
      images: [{ _id: '64b0000000000000000000d1', url: '/uploads/d1.webp', alt: 'x', widths: [] }],
      sizes: [{ size: 'One size', quantity: 25 }],
    },
    {
      _id: '64b0000000000000000000c2',
      name: 'Sand',
      hex: '#111111',
      images: [],
      sizes: [{ size: 'One size', quantity: 5 }],
    },
  ],
  shipping: true,
  category: { _id: ids.tees, name: 'Graphic Tees' },
  photo: '/uploads/d1.webp',
};

function api(addPhotos: Handler = () => reply(201, { success: true, product: created })) {
  return mockApi({
    'GET /category/all-category': () => ({
      success: true,
      category: [{ _id: ids.tees, name: 'Graphic Tees', slug: 'graphic-tees' }],
    }),
    'POST /product/create-product': () =>
      reply(201, { success: true, message: 'Product created successfully', product: created }),
    'POST /product/:id/colours/:colour/images': addPhotos,
    'GET /product/get-product/:slug': () => ({ Aproduct: created }),
  });
}

function renderPage() {
  return renderRoute(
    {
      routes: [
        { path: '/dashboard/admin/create-product', element: <CreateProductPage /> },
        { path: '/dashboard/admin/product/:slug', element: <UpdateProductPage /> },
      ],
    },
    { url: '/dashboard/admin/create-product' },
  );
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const addCalls = (server: { calls: ApiCall[] }) =>
  server.calls.filter((c) => c.path.includes('/colours/'));

/** A product in Black (the main photo) and Sand, One size, with photos chosen for both. */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Photo'), png('main.png'));
  await user.type(screen.getByLabelText('Name'), 'Rocket Tee');
  await user.type(screen.getByLabelText('Price'), '499');
  await user.type(screen.getByLabelText('Stock of Black'), '25');
  await user.click(screen.getByRole('button', { name: 'Add colour' }));
  await user.type(screen.getByLabelText('Name of colour 2'), 'Sand');
  await user.type(screen.getByLabelText('Stock of Sand'), '5');
  await user.upload(screen.getByLabelText('Add photos of Black'), [
    png('back.png'),
    png('print.png'),
  ]);
  await user.upload(screen.getByLabelText('Add photos of Sand'), [
    png('sand-front.png'),
    png('sand-back.png'),
  ]);
}

beforeEach(stubPreviewUrls);
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe("the create form's photos per colour", () => {
  it('previews the photos chosen for each colour, with default alt texts that follow the names', async () => {
    api();
    const { user } = renderPage();
    await fillForm(user);
    // Black's follow the main photo: they are its photos 2 and 3.
    expect(await screen.findByRole('region', { name: 'Photos of Black (3 of 8)' })).toBeVisible();
    expect(within(section('Photos of Black')).getByRole('img', { name: 'Preview of back.png' }));
    expect(screen.getByLabelText('Alt text of photo 2 of Black')).toHaveValue(
      'Rocket Tee in Black, back',
    );
    expect(screen.getByLabelText('Alt text of photo 3 of Black')).toHaveValue(
      'Rocket Tee in Black, close-up of the print',
    );
    expect(screen.getByRole('region', { name: 'Photos of Sand (2 of 8)' })).toBeVisible();
    expect(screen.getByLabelText('Alt text of photo 1 of Sand')).toHaveValue(
      'Rocket Tee in Sand, front',
    );
    // A rename reads in the defaults at once.
    await user.clear(screen.getByLabelText('Name of colour 2'));
    await user.type(screen.getByLabelText('Name of colour 2'), 'Desert Sand');
    expect(screen.getByLabelText('Alt text of photo 2 of Desert Sand')).toHaveValue(
      'Rocket Tee in Desert Sand, back',
    );
    // Nothing is sent before Create Product.
    expect(URL.createObjectURL).toHaveBeenCalledTimes(5);
  });

  it('creates the product in one call, then adds each colour’s photos in one call each, in order, with their alt texts', async () => {
    const held = deferred<unknown>();
    const server = api((call) =>
      call.params.colour === 'Black'
        ? held.promise
        : reply(201, { success: true, message: '2 photos were added', product: created }),
    );
    const { user } = renderPage();
    await fillForm(user);
    // Print first, and Sand's front described by hand.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 of Black earlier' }));
    expect(
      within(section('Photos of Black'))
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Preview of print.png', 'Preview of back.png']);
    await user.clear(screen.getByLabelText('Alt text of photo 1 of Sand'));
    await user.type(screen.getByLabelText('Alt text of photo 1 of Sand'), 'Sand, flat lay{Enter}');
    // Enter in an alt text never submits the product.
    expect(server.callsTo('POST /product/create-product')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    // Progress: beside the colour being sent, and under the button.
    expect(
      await within(section('Photos of Black')).findByText('Uploading 2 photos...'),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Adding photos of Black (1 of 2)...');
    expect(screen.getByRole('button', { name: 'Uploading photos...' })).toBeDisabled();
    await waitFor(() => expect(addCalls(server)).toHaveLength(1));
    await act(async () =>
      held.resolve(reply(201, { success: true, message: '2 photos were added', product: created })),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Product created successfully!'),
    );

    expect(
      server.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.startsWith('POST')),
    ).toEqual([
      'POST /product/create-product',
      `POST /product/${ids.product}/colours/Black/images`,
      `POST /product/${ids.product}/colours/Sand/images`,
    ]);
    const main = server.callsTo('POST /product/create-product')[0]!.body as FormData;
    expect((main.get('photo') as File).name).toBe('main.png');
    expect(main.getAll('images')).toEqual([]);
    const [black, sand] = addCalls(server).map((c) => c.body as FormData);
    expect(black!.getAll('images').map((f) => (f as File).name)).toEqual(['print.png', 'back.png']);
    // Each keeps the default it was chosen with: print.png was chosen as the close-up.
    expect(JSON.parse(black!.get('alts') as string)).toEqual([
      'Rocket Tee in Black, close-up of the print',
      'Rocket Tee in Black, back',
    ]);
    expect(sand!.getAll('images').map((f) => (f as File).name)).toEqual([
      'sand-front.png',
      'sand-back.png',
    ]);
    expect(JSON.parse(sand!.get('alts') as string)).toEqual([
      'Sand, flat lay',
      'Rocket Tee in Sand, back',
    ]);
    // The form starts over, photos included.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByRole('region', { name: /^Photos of Sand/ })).not.toBeInTheDocument();
    expect(within(section('Photos of Black')).queryAllByRole('img')).toEqual([]);
  });

  it("says a refusal beside that colour's photos on the product's page, the others saved", async () => {
    const server = api((call) =>
      call.params.colour === 'Sand'
        ? reply(415, { success: false, message: 'sand-back.png is not a picture' })
        : reply(201, { success: true, message: '2 photos were added', product: created }),
    );
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/dashboard/admin/product/rocket-tee',
      ),
    );
    expect(toast.error).toHaveBeenCalledWith(
      'The product was created, but the photos of Sand were not saved: see beside them.',
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(addCalls(server).map((c) => c.params.colour)).toEqual(['Black', 'Sand']);
    const sand = await screen.findByRole('region', { name: /^Photos of Sand/ });
    expect(within(sand).getByRole('alert')).toHaveTextContent(
      'Not saved when the product was created (sand-front.png, sand-back.png): sand-back.png is not a picture',
    );
    expect(within(sand).getByLabelText('Add photos of Sand')).toHaveAccessibleDescription(
      /sand-back\.png is not a picture/,
    );
    expect(within(section('Photos of Black')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
      'The product was created, but some of its photos were not saved',
    );
  });

  it('keys colour rows by their own id: a moved row keeps its photos and the focus', async () => {
    api();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(screen.getByLabelText('Name of colour 2'), 'Sand');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(screen.getByLabelText('Name of colour 3'), 'Navy');
    await user.upload(screen.getByLabelText('Add photos of Navy'), png('navy.png'));
    await user.click(screen.getByRole('button', { name: 'Move Navy up' }));
    expect(screen.getByRole('button', { name: 'Move Navy up' })).toHaveFocus();
    expect(screen.getByLabelText('Name of colour 2')).toHaveValue('Navy');
    expect(
      within(section('Photos of Navy')).getByRole('img', { name: 'Preview of navy.png' }),
    ).toBeVisible();
    expect(within(section('Photos of Sand')).queryAllByRole('img')).toEqual([]);
    // Removing a row takes its photos with it.
    await user.click(screen.getByRole('button', { name: 'Remove Navy' }));
    expect(screen.queryByRole('region', { name: /^Photos of Navy/ })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });
});
