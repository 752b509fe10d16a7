import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CreateProductPage from '@/app/routes/dashboard/admin/create-product';
import { toast } from '@/lib/toast';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { deferred, ids, networkError, stubPreviewUrls } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const categories = [
  { _id: ids.tees, name: 'Graphic Tees', slug: 'graphic-tees' },
  { _id: ids.hoodies, name: 'Hoodies', slug: 'hoodies' },
  { _id: ids.polo, name: 'Polo Shirts', slug: 'polo-shirts' },
];

function api(create?: Handler, categoryAnswer?: Handler) {
  return mockApi({
    'GET /category/all-category':
      categoryAnswer ?? (() => ({ success: true, category: categories })),
    'POST /product/create-product':
      create ?? (() => reply(201, { success: true, message: 'Product created' })),
  });
}

function renderPage() {
  return renderRoute(
    { element: <CreateProductPage /> },
    { url: '/dashboard/admin/create-product' },
  );
}

/** The first bytes of real pictures: the drop zone reads them before any preview. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const png = () => new File([PNG_BYTES], 'tee.png', { type: 'image/png' });

/** Fill every field: category by typing and Enter, photo through the file input. */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Category' }), 'hood');
  await screen.findByRole('option', { name: 'Hoodies' });
  await user.keyboard('{Enter}');
  await user.upload(screen.getByLabelText('Photo'), png());
  await user.type(screen.getByLabelText('Name'), 'Rocket Tee');
  await user.type(screen.getByLabelText('Description'), 'A tee with a rocket');
  await user.type(screen.getByLabelText('Price'), '499');
  // One colour (Black, as the form starts) in One size (no size ticked): its stock cell.
  await user.type(screen.getByLabelText('Stock of Black'), '25');
  await user.selectOptions(screen.getByLabelText('Shipping'), 'Yes');
}

beforeEach(stubPreviewUrls);
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('create product form', () => {
  it('has every labelled field, with shipping defaulting to No', async () => {
    api();
    renderPage();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Photo')).not.toHaveAttribute('multiple');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Price')).toHaveAttribute('type', 'number');
    // Quantity is the stock grid's total, not typed: one colour, Black, One size, none yet.
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue('0');
    expect(screen.getByLabelText('Name of colour 1')).toHaveValue('Black');
    expect(screen.getByLabelText('Swatch of Black')).toHaveValue('#111111');
    expect(screen.getByLabelText('Stock of Black')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Remove Black' })).toBeDisabled();
    const shipping = screen.getByLabelText('Shipping') as HTMLSelectElement;
    expect(shipping.selectedOptions[0]!.textContent).toBe('No');
    expect(
      within(shipping)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No', 'Yes']);
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('filters categories as you type and chooses one with the arrow keys and Enter', async () => {
    api();
    const { user } = renderPage();
    const combo = screen.getByRole('combobox', { name: 'Category' });
    await user.click(combo);
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(combo).toHaveAttribute('aria-controls', list.id);

    await user.type(combo, 'o');
    // "Graphic Tees" has no "o"; "Hoodies" and "Polo Shirts" do.
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Hoodies', 'Polo Shirts']);
    await user.keyboard('{ArrowDown}');
    const active = combo.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)).toHaveTextContent('Polo Shirts');
    await user.keyboard('{Enter}');
    expect(combo).toHaveValue('Polo Shirts');
    expect(combo).toHaveAttribute('aria-expanded', 'false');

    // Escape abandons a new search and keeps the choice.
    await user.clear(combo);
    await user.type(combo, 'gra');
    await user.keyboard('{Escape}');
    expect(combo).toHaveValue('Polo Shirts');
  });

  it('refuses a dropped file that is not an image', async () => {
    api();
    renderPage();
    const zone = screen.getByTestId('photo-drop-zone');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [text] } });
    // Said beside the photo, not in a toast that vanishes.
    expect(await screen.findByRole('alert')).toHaveTextContent('Only image files are allowed.');
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(
      /Only image files are allowed\./,
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses a text file named fake.png (read, not trusted by name) before any preview', async () => {
    api();
    const { user } = renderPage();
    const fake = new File(['just some text, no picture'], 'fake.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo'), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'fake.png is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses a picture the browser cannot decode, or one of more than 50 megapixels', async () => {
    api();
    let decoded: { width: number; height: number } | null = null;
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        if (!decoded) throw new DOMException('The source image could not be decoded.');
        return { ...decoded, close: vi.fn() };
      }),
    );
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('Photo'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'tee.png could not be opened as a picture.',
    );
    decoded = { width: 10_000, height: 6_000 };
    await user.upload(screen.getByLabelText('Photo'), png());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The picture is too large: at most 50 megapixels.',
      ),
    );
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();

    decoded = { width: 1200, height: 1600 };
    await user.upload(screen.getByLabelText('Photo'), png());
    expect(await screen.findByRole('img', { name: 'Preview of tee.png' })).toBeInTheDocument();
    // A good picture: the message is gone.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refuses two files at once, and accepts one dropped image with a preview', async () => {
    api();
    renderPage();
    const zone = screen.getByTestId('photo-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [png(), png()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose only one image.');

    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    const preview = await screen.findByRole('img', { name: 'Preview of tee.png' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1');
  });

  it('revokes the preview URL when the photo changes', async () => {
    api();
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('Photo'), png());
    await screen.findByRole('img', { name: 'Preview of tee.png' });
    await user.upload(
      screen.getByLabelText('Photo'),
      new File([JPEG_BYTES], 'other.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('img', { name: 'Preview of other.jpg' })).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('sends the right multipart form, shows "Creating..." while saving, then resets every field', async () => {
    const answer = deferred<unknown>();
    const server = api(() => answer.promise);
    const { user } = renderPage();
    await fillForm(user);
    expect(screen.getByRole('img', { name: 'Preview of tee.png' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();

    const [call] = server.callsTo('POST /product/create-product');
    const form = call!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('name')).toBe('Rocket Tee');
    expect(form.get('description')).toBe('A tee with a rocket');
    expect(form.get('price')).toBe('499');
    expect(JSON.parse(form.get('colours') as string)).toEqual([
      { name: 'Black', hex: '#111111', sizes: [{ size: 'One size', quantity: 25 }] },
    ]);
    expect(form.get('shipping')).toBe('1');
    expect(form.get('category')).toBe(ids.hoodies);
    expect((form.get('photo') as File).name).toBe('tee.png');
    expect([...form.keys()].sort()).toEqual([
      'category',
      'colours',
      'countryOfOrigin',
      'description',
      'fabric',
      'fit',
      'gsm',
      'mrp',
      'name',
      'photo',
      'price',
      'shipping',
      'washCare',
    ]);
    // The product details left as they start: no MRP or garment facts, made in India.
    expect(form.get('mrp')).toBe('');
    expect(form.get('countryOfOrigin')).toBe('India');
    expect(form.get('fit')).toBe('');

    await act(async () =>
      answer.resolve(reply(201, { success: true, message: 'Product created' })),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Product created successfully!'),
    );
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Quantity')).toHaveValue('0');
    expect(screen.getByLabelText('Stock of Black')).toHaveValue(null);
    expect(screen.getByLabelText('Shipping')).toHaveValue('0');
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    // Nothing of the last product travels with the next one.
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(server.callsTo('POST /product/create-product')).toHaveLength(2));
    const next = server.callsTo('POST /product/create-product')[1]!.body as FormData;
    expect(next.get('category')).toBe('');
    expect(next.get('photo')).toBeNull();
    expect(next.get('shipping')).toBe('0');
    expect(JSON.parse(next.get('colours') as string)).toEqual([
      { name: 'Black', hex: '#111111', sizes: [] },
    ]);
  });

  it("sends the product details, and shows the server's refusal beside the MRP", async () => {
    const server = api(() =>
      reply(400, {
        success: false,
        message: 'The MRP (₹399) cannot be less than the price',
        issues: [{ path: 'mrp', message: 'The MRP (₹399) cannot be less than the price' }],
      }),
    );
    const { user } = renderPage();
    await fillForm(user);
    await user.type(screen.getByLabelText('MRP (optional)'), '399');
    await user.clear(screen.getByLabelText('Country of origin'));
    await user.type(screen.getByLabelText('Country of origin'), 'Bangladesh');
    await user.type(screen.getByLabelText('Fabric'), '100% cotton');
    await user.type(screen.getByLabelText('GSM'), '180');
    await user.selectOptions(screen.getByLabelText('Fit'), 'Relaxed');
    await user.type(screen.getByLabelText('Wash care'), 'Machine wash cold, inside out');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    const mrp = screen.getByLabelText('MRP (optional)');
    await waitFor(() => expect(mrp).toHaveAccessibleDescription(/cannot be less than the price/));
    const form = server.callsTo('POST /product/create-product')[0]!.body as FormData;
    expect(
      Object.fromEntries(
        ['mrp', 'countryOfOrigin', 'fabric', 'gsm', 'fit', 'washCare'].map((k) => [k, form.get(k)]),
      ),
    ).toEqual({
      mrp: '399',
      countryOfOrigin: 'Bangladesh',
      fabric: '100% cotton',
      gsm: '180',
      fit: 'Relaxed',
      washCare: 'Machine wash cold, inside out',
    });
    // The fields keep what was typed.
    expect(mrp).toHaveValue(399);
  });

  it('shows the server message of a refusal and keeps the fields', async () => {
    api(() => reply(400, { success: false, message: 'Price must be more than 0' }));
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Price must be more than 0'));
    expect(screen.getByLabelText('Name')).toHaveValue('Rocket Tee');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows a refused field's message alone, beside the field, and clears it once saved", async () => {
    let refuse = true;
    api(() =>
      refuse
        ? reply(400, {
            success: false,
            message: 'name: Name is required',
            issues: [
              { path: 'name', message: 'Name is required' },
              { path: 'price', message: 'Price must be more than 0' },
              { path: 'category', message: 'Choose a category' },
            ],
          })
        : { success: true, message: 'Product Created Successfully' },
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Name is required'));
    expect(toast.error).not.toHaveBeenCalledWith(expect.stringContaining('name:'));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Name')).toBeInvalid();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price must be more than 0');
    expect(screen.getByText('Choose a category')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toBeValid();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Product created successfully!'),
    );
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeValid();
  });

  it("drops a refused field's message once the field is changed, and keeps the others", async () => {
    api(() =>
      reply(400, {
        success: false,
        message: 'name: Name is required',
        issues: [
          { path: 'name', message: 'Name is required' },
          { path: 'price', message: 'Price must be more than 0' },
        ],
      }),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required'),
    );
    await user.type(screen.getByLabelText('Name'), 'Rocket Tee');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeValid();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price must be more than 0');
  });

  it('stops the name and description at their limits', () => {
    api();
    renderPage();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '120');
    expect(screen.getByLabelText('Description')).toHaveAttribute('maxLength', '5000');
  });

  it('falls back to "Something went wrong." and shows "Create product failed" on an exception', async () => {
    let answer: 'refuse' | 'throw' = 'refuse';
    api(() => (answer === 'refuse' ? { success: false } : networkError()));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong.'));
    answer = 'throw';
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Create product failed'));
  });

  it('toasts "Failed to load categories" when the list is refused', async () => {
    api(undefined, () => ({ success: false, category: [] }));
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load categories'));
  });

  it('toasts "Error loading categories" when the list cannot be loaded', async () => {
    api(undefined, networkError);
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error loading categories'));
  });
});
