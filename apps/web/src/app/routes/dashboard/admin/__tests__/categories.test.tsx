import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoriesPage from '@/app/routes/dashboard/admin/categories';
import Home from '@/app/routes/home';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids, networkError } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

type Cat = { _id: string; name: string; slug: string };
let categories: Cat[];

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /category/all-category': () => ({ success: true, category: categories }),
    'POST /category/create-category': ({ body }) => {
      const name = (body as { name: string }).name.trim();
      const created = { _id: ids.polo, name, slug: name.toLowerCase() };
      categories = [...categories, created];
      return reply(201, { success: true, message: 'Category created', category: created });
    },
    'PUT /category/update-category/:id': ({ params, body }) => {
      const name = (body as { name: string }).name;
      categories = categories.map((c) => (c._id === params.id ? { ...c, name } : c));
      return {
        success: true,
        message: 'Category updated',
        category: categories.find((c) => c._id === params.id),
      };
    },
    'DELETE /category/delete-category/:id': ({ params }) => {
      categories = categories.filter((c) => c._id !== params.id);
      return { success: true, message: 'Category deleted' };
    },
    ...overrides,
  });
}

function renderPage() {
  return renderRoute({ element: <CategoriesPage /> }, { url: '/dashboard/admin/create-category' });
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  categories = [
    { _id: ids.tees, name: 'Graphic Tees', slug: 'graphic-tees' },
    { _id: ids.hoodies, name: 'Hoodies', slug: 'hoodies' },
  ];
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('category page', () => {
  it('lists the categories with an Edit and a Delete button per row', async () => {
    api();
    renderPage();
    expect(await screen.findByRole('rowheader', { name: 'Graphic Tees' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Graphic Tees', 'Hoodies']);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Manage Category' })).toBeInTheDocument();
  });

  it('creates a category: sends the name, toasts "{name} is created", clears the field and refreshes the list', async () => {
    const server = api();
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });

    await user.type(screen.getByLabelText('Name'), 'Polo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Polo is created'));
    expect(server.callsTo('POST /category/create-category')[0]!.body).toEqual({ name: 'Polo' });
    expect(await screen.findByRole('rowheader', { name: 'Polo' })).toBeInTheDocument();
    expect(server.callsTo('GET /category/all-category').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the server message when the name is a duplicate', async () => {
    api({
      'POST /category/create-category': () =>
        reply(409, { success: false, message: 'Category already exists' }),
    });
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.type(screen.getByLabelText('Name'), 'hoodies');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Category already exists'));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('hoodies');
    // Beside the field too, until the name is changed.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Category already exists');
    expect(screen.getByLabelText('Name')).toBeInvalid();
    await user.type(screen.getByLabelText('Name'), ' 2');
    expect(screen.queryByText('Category already exists')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '60');
  });

  it('shows the server message of a success:false answer, and the fallback text when the call throws', async () => {
    let answer: 'refuse' | 'throw' = 'refuse';
    api({
      'POST /category/create-category': () =>
        answer === 'refuse' ? { success: false, message: 'Name is required' } : networkError(),
    });
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Name is required'));

    answer = 'throw';
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('somthing went wrong in input form'),
    );
  });

  it('deletes after confirming in the shop\'s own dialog: toasts "{name} is deleted" and the row disappears', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    const server = api();
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });

    const row = screen.getByRole('rowheader', { name: 'Hoodies' }).closest('tr')!;
    const remove = within(row).getByRole('button', { name: 'Delete' });
    await user.click(remove);

    const dialog = screen.getByRole('dialog', { name: 'Delete the category "Hoodies"?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Hoodies is deleted'));
    expect(server.callsTo(`DELETE /category/delete-category/${ids.hoodies}`)).toHaveLength(1);
    await waitFor(() => expect(rowNames()).toEqual(['Graphic Tees']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('does not delete when the dialog is cancelled (button or Escape); focus returns to Delete', async () => {
    const server = api();
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    const remove = screen.getAllByRole('button', { name: 'Delete' })[0]!;
    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();

    await user.click(remove);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('shows why a delete was refused (still in use), or the fallback text when it throws', async () => {
    let answer: 'refuse' | 'throw' = 'refuse';
    api({
      'DELETE /category/delete-category/:id': () =>
        answer === 'refuse'
          ? reply(409, { success: false, message: 'This category is used by 3 products' })
          : networkError(),
    });
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This category is used by 3 products'),
    );

    answer = 'throw';
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Something went wrong in delete category'),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(rowNames()).toEqual(['Graphic Tees', 'Hoodies']);
  });

  it('edits in an accessible pop-up: focus moves in, the save refreshes the list and focus returns', async () => {
    const server = api();
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });

    const row = screen.getByRole('rowheader', { name: 'Hoodies' }).closest('tr')!;
    const edit = within(row).getByRole('button', { name: 'Edit' });
    await user.click(edit);

    const dialog = screen.getByRole('dialog', { name: 'Edit category "Hoodies"' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const input = within(dialog).getByLabelText('Name');
    expect(input).toHaveValue('Hoodies');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, 'Zip Hoodies');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Zip Hoodies is updated'));
    expect(server.callsTo(`PUT /category/update-category/${ids.hoodies}`)[0]!.body).toEqual({
      name: 'Zip Hoodies',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    await waitFor(() => expect(rowNames()).toEqual(['Graphic Tees', 'Zip Hoodies']));
  });

  it('closes the pop-up with Escape or the close button without saving', async () => {
    const server = api();
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('keeps Tab inside the pop-up', async () => {
    api();
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('shows the server message when an edit is refused, and the fallback text when it throws', async () => {
    let answer: 'refuse' | 'throw' = 'refuse';
    api({
      'PUT /category/update-category/:id': () =>
        answer === 'refuse'
          ? reply(409, { success: false, message: 'Category already exists' })
          : networkError(),
    });
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Category already exists'));
    // A refused edit keeps the pop-up open for another try, and says why inside it (a toast
    // sits behind the pop-up's backdrop).
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Category already exists',
    );

    answer = 'throw';
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('somthing went wrong in update form'),
    );
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'somthing went wrong in update form',
    );
  });

  it('toasts "Something went wrong" when the list cannot be loaded', async () => {
    api({ 'GET /category/all-category': () => reply(500, { success: false, message: 'boom' }) });
    renderPage();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong'));
    expect(toast.error).toHaveBeenCalledOnce();
  });
});

describe('one categories cache for the admin and the storefront', () => {
  it("shows a category the admin created in the home page's filter, from the same answer", async () => {
    const server = api({
      'GET /product/get-product-count': () => ({ total: 0 }),
      'GET /product/productList/:page': () => ({ prod: [] }),
      'GET /product/colours': () => ({ colours: [] }),
    });
    const { user, router } = renderRoute(
      {
        routes: [
          { path: '/dashboard/admin/create-category', element: <CategoriesPage /> },
          { path: '/', element: <Home /> },
        ],
      },
      { url: '/dashboard/admin/create-category' },
    );
    await screen.findByRole('rowheader', { name: 'Hoodies' });
    await user.type(screen.getByLabelText('Name'), 'Polo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('rowheader', { name: 'Polo' })).toBeInTheDocument();
    const asked = server.callsTo('GET /category/all-category').length;

    await act(() => router.navigate('/'));
    expect(await screen.findByRole('checkbox', { name: 'Polo' })).toBeInTheDocument();
    // The home page read the admin's fresh answer instead of asking again.
    expect(server.callsTo('GET /category/all-category')).toHaveLength(asked);
  });
});
