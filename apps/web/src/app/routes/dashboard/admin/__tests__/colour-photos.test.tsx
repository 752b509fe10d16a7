import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UpdateProductPage from '@/app/routes/dashboard/admin/update-product';
import { toast } from '@/lib/toast';
import { mockApi, reply, type ApiCall, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const black = '64b0000000000000000000c1';
const sand = '64b0000000000000000000c2';
const photo = (id: string, alt: string) => ({
  _id: id,
  url: `/uploads/${id}-640.webp`,
  alt,
  widths: [{ width: 320, url: `/uploads/${id}-320.webp` }],
});
const front = photo('64b0000000000000000000d1', 'Front');
const back = photo('64b0000000000000000000d2', 'Back');

function productWith(blackImages: unknown[], sandImages: unknown[] = []) {
  return {
    _id: ids.product,
    name: 'Rocket Tee',
    slug: 'rocket-tee',
    description: 'A tee with a rocket',
    price: 499,
    quantity: 15,
    sizes: [{ size: 'M', quantity: 15 }],
    colours: [
      {
        _id: black,
        name: 'Black',
        hex: '#111111',
        images: blackImages,
        sizes: [{ size: 'M', quantity: 12 }],
      },
      {
        _id: sand,
        name: 'Sand',
        hex: '#D8C3A5',
        images: sandImages,
        sizes: [{ size: 'M', quantity: 3 }],
      },
    ],
    shipping: true,
    category: { _id: ids.tees, name: 'Graphic Tees' },
    photo: front.url,
  };
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name: string) => new File([PNG_BYTES], name, { type: 'image/png' });

function api(overrides: Record<string, Handler> = {}) {
  return mockApi({
    'GET /category/all-category': () => ({
      success: true,
      category: [{ _id: ids.tees, name: 'Graphic Tees' }],
    }),
    'GET /product/get-product/:slug': () => ({ Aproduct: productWith([front, back]) }),
    ...overrides,
  });
}

function renderPage() {
  return renderRoute(
    { element: <UpdateProductPage />, path: '/dashboard/admin/product/:slug' },
    { url: '/dashboard/admin/product/rocket-tee' },
  );
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const altsIn = (name: string) =>
  within(section(name))
    .queryAllByRole('img')
    .map((img) => img.getAttribute('alt'));

afterEach(() => {
  vi.clearAllMocks();
});

describe("the update form's photos per colour", () => {
  it("shows each saved colour's photos in order with their alt texts and how many it holds", async () => {
    api();
    renderPage();
    expect(await screen.findByRole('region', { name: 'Photos of Black (2 of 8)' })).toBeVisible();
    expect(altsIn('Photos of Black')).toEqual(['Front', 'Back']);
    expect(screen.getByLabelText('Alt text of photo 2 of Black')).toHaveValue('Back');
    expect(screen.getByRole('region', { name: 'Photos of Sand (0 of 8)' })).toBeVisible();
    expect(altsIn('Photos of Sand')).toEqual([]);
    // The first photo cannot go earlier, the last not later.
    expect(screen.getByRole('button', { name: 'Move photo 1 of Black earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 2 of Black later' })).toBeDisabled();
  });

  it('uploads three photos of a colour in one call and shows them', async () => {
    const added = [1, 2, 3].map((n) => photo(`64b0000000000000000000e${n}`, `Rocket Tee in Sand`));
    const server = api({
      'POST /product/:id/colours/:colour/images': () =>
        reply(201, {
          success: true,
          message: '3 photos were added',
          product: productWith([front, back], added),
        }),
    });
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('Add photos of Sand'), [
      png('front.png'),
      png('back.png'),
      png('print.png'),
    ]);
    await waitFor(() => expect(altsIn('Photos of Sand')).toHaveLength(3));
    const [call] = server.callsTo('POST /product/:id/colours/:colour/images');
    expect(call!.params).toEqual({ id: ids.product, colour: 'Sand' });
    const form = call!.body as FormData;
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual([
      'front.png',
      'back.png',
      'print.png',
    ]);
    expect(screen.getByRole('region', { name: 'Photos of Sand (3 of 8)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('3 photos were added');
  });

  it('refuses the lot when one file is no picture, sending none, and says which', async () => {
    const server = api();
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('Add photos of Sand'), [
      png('front.png'),
      new File(['just text'], 'notes.png', { type: 'image/png' }),
    ]);
    expect(await within(section('Photos of Sand')).findByRole('alert')).toHaveTextContent(
      'notes.png is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(screen.getByLabelText('Add photos of Sand')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /product/:id/colours/:colour/images')).toHaveLength(0);
  });

  it('refuses more photos than the colour has room for', async () => {
    const server = api();
    const { user } = renderPage();
    const files = Array.from({ length: 7 }, (_, i) => png(`p${i}.png`));
    await user.upload(await screen.findByLabelText('Add photos of Black'), files);
    expect(await within(section('Photos of Black')).findByRole('alert')).toHaveTextContent(
      'Black has 2 photos: a colour has at most 8, so 6 more can be added.',
    );
    expect(server.callsTo('POST /product/:id/colours/:colour/images')).toHaveLength(0);
  });

  it('moves a photo later: the colour’s whole order is sent and the answer shown', async () => {
    const server = api({
      'PUT /product/:id/colours/:colour/images': () => ({
        success: true,
        message: 'The photos are in their new order',
        product: productWith([back, front]),
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Move photo 1 of Black later' }));
    await waitFor(() => expect(altsIn('Photos of Black')).toEqual(['Back', 'Front']));
    const [call] = server.callsTo('PUT /product/:id/colours/:colour/images');
    expect(call!.body).toEqual({ order: [back._id, front._id] });
  });

  it('saves an alt text when the field is left, and not when it did not change', async () => {
    const server = api({
      'PATCH /product/:id/colours/:colour/images/:imageId': ({ body }: ApiCall) => ({
        success: true,
        message: 'The photo was changed',
        product: productWith([{ ...front, alt: (body as { alt: string }).alt }, back]),
      }),
    });
    const { user } = renderPage();
    const field = await screen.findByLabelText('Alt text of photo 1 of Black');
    await user.click(field);
    await user.tab();
    expect(server.callsTo('PATCH /product/:id/colours/:colour/images/:imageId')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'Black tee, front, rocket print{Enter}');
    await waitFor(() =>
      expect(altsIn('Photos of Black')[0]).toBe('Black tee, front, rocket print'),
    );
    const [call] = server.callsTo('PATCH /product/:id/colours/:colour/images/:imageId');
    expect(call!.params).toEqual({ id: ids.product, colour: 'Black', imageId: front._id });
    expect(call!.body).toEqual({ alt: 'Black tee, front, rocket print' });
    // Enter saved the alt text, not the product.
    expect(server.callsTo('PUT /product/update-product/:id')).toHaveLength(0);
  });

  it('moves a photo to another colour', async () => {
    const server = api({
      'PATCH /product/:id/colours/:colour/images/:imageId': () => ({
        success: true,
        message: 'The photo was changed',
        product: productWith([front], [back]),
      }),
    });
    const { user } = renderPage();
    const move = await screen.findByRole('button', { name: /^Move photo 2 of Black to/ });
    expect(move).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Colour to move photo 2 of Black to'), 'Sand');
    await user.click(screen.getByRole('button', { name: 'Move photo 2 of Black to Sand' }));
    await waitFor(() => expect(altsIn('Photos of Sand')).toEqual(['Back']));
    expect(altsIn('Photos of Black')).toEqual(['Front']);
    const [call] = server.callsTo('PATCH /product/:id/colours/:colour/images/:imageId');
    expect(call!.params.imageId).toBe(back._id);
    expect(call!.body).toEqual({ colour: 'Sand' });
  });

  it('deletes a photo only once the admin confirms', async () => {
    const server = api({
      'DELETE /product/:id/colours/:colour/images/:imageId': () => ({
        success: true,
        message: 'The photo was deleted',
        product: productWith([front]),
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete photo 2 of Black' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete photo 2 of Black?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE /product/:id/colours/:colour/images/:imageId')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete photo 2 of Black' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete photo 2 of Black?' })).getByRole('button', {
        name: 'Delete photo',
      }),
    );
    await waitFor(() => expect(altsIn('Photos of Black')).toEqual(['Front']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [call] = server.callsTo('DELETE /product/:id/colours/:colour/images/:imageId');
    expect(call!.params).toEqual({ id: ids.product, colour: 'Black', imageId: back._id });
  });

  it("shows the server's refusal and keeps the photos as they were", async () => {
    const message =
      "This is the only photo of Black, the first colour: it is the product's main photo. Add another photo of Black first.";
    api({
      'GET /product/get-product/:slug': () => ({ Aproduct: productWith([front]) }),
      'DELETE /product/:id/colours/:colour/images/:imageId': () =>
        reply(400, { success: false, message }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete photo 1 of Black' }));
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(altsIn('Photos of Black')).toEqual(['Front']);
  });
});
