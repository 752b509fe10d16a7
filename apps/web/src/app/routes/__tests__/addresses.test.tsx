import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedAddress } from '@repo/shared';
import AddressesPage from '@/app/routes/dashboard/user/addresses';
import { tokenStore, userStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { makeUser } from '@/testing/data';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const account = makeUser({ name: 'Asha Rao', phone: '9876543210' });
const home: SavedAddress = {
  _id: '6650f1c2a1b2c3d4e5f6a001',
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560001',
  isDefault: true,
};
const office: SavedAddress = {
  ...home,
  _id: '6650f1c2a1b2c3d4e5f6a002',
  line1: 'DLF Cyber City',
  city: 'Gurugram',
  state: 'Haryana',
  pin: '122002',
  isDefault: false,
};
let book: SavedAddress[];

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /user/user-detail/:userId': () => ({ success: true, user: account, message: '' }),
    'GET /user/addresses': () => ({ success: true, addresses: book }),
    'POST /user/addresses': ({ body }) => {
      const added = {
        ...(body as SavedAddress),
        _id: '6650f1c2a1b2c3d4e5f6a003',
        isDefault: false,
      };
      book = [...book, added];
      return reply(201, {
        success: true,
        message: 'Address saved',
        address: added,
        addresses: book,
      });
    },
    'PUT /user/addresses/:addressId/default': ({ params }) => {
      book = book
        .map((a) => ({ ...a, isDefault: a._id === params.addressId }))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
      return {
        success: true,
        message: 'Default address changed',
        address: book[0],
        addresses: book,
      };
    },
    'DELETE /user/addresses/:addressId': ({ params }) => {
      book = book.filter((a) => a._id !== params.addressId);
      return { success: true, message: 'Address deleted', addresses: book };
    },
    ...overrides,
  });
}

const renderPage = () =>
  renderRoute({ element: <AddressesPage /> }, { url: '/dashboard/user/addresses' });
const cards = () => screen.getAllByRole('listitem');

beforeEach(() => {
  book = [home, office];
  tokenStore.set('token');
  userStore.set({ name: 'Asha Rao', userId: account._id, role: 0 });
});
afterEach(() => vi.clearAllMocks());

describe('address book', () => {
  it('lists the saved addresses, the default first and marked', async () => {
    api();
    renderPage();
    expect(await screen.findByText('12 MG Road, Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(cards()[1]!).queryByText('Default')).toBeNull();
    expect(
      within(cards()[1]!).getByRole('button', { name: /Make DLF Cyber City the default/ }),
    ).toBeInTheDocument();
  });

  it('adds an address: checks the PIN against the state first, then saves it', async () => {
    const server = api();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an address' });
    // A new address starts with the account's name and phone.
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Asha Rao');
    await user.type(within(dialog).getByLabelText('House and street'), '7 Park Street');
    await user.type(within(dialog).getByLabelText('City'), 'Kolkata');
    await user.selectOptions(within(dialog).getByLabelText('State'), 'Kerala');
    await user.type(within(dialog).getByLabelText('PIN code'), '700 016');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(
      await within(dialog).findByText(
        'This PIN code is not in Kerala: PIN codes there start with 67, 68 or 69',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /user/addresses')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('State'), 'West Bengal');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(server.callsTo('POST /user/addresses')).toHaveLength(1));
    expect(server.callsTo('POST /user/addresses')[0]!.body).toEqual({
      name: 'Asha Rao',
      phone: '+91 98765 43210', // as the form keeps an Indian phone
      line1: '7 Park Street',
      line2: '',
      city: 'Kolkata',
      state: 'West Bengal',
      pin: '700016',
      isDefault: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Address saved');
    expect(screen.getByText('7 Park Street, Kolkata, West Bengal 700016')).toBeInTheDocument();
  });

  it("shows the server's refusal beside its field", async () => {
    api({
      'POST /user/addresses': () =>
        reply(400, {
          success: false,
          message: 'phone: Enter a 10-digit mobile number, optionally starting with +91',
          issues: [{ path: 'phone', message: 'That number is on our blocklist' }],
        }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an address' });
    await user.type(within(dialog).getByLabelText('House and street'), '12 MG Road');
    await user.type(within(dialog).getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(within(dialog).getByLabelText('State'), 'Karnataka');
    await user.type(within(dialog).getByLabelText('PIN code'), '560001');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Mobile number')).toHaveAccessibleDescription(
        expect.stringContaining('That number is on our blocklist'),
      ),
    );
    expect(toast.error).toHaveBeenCalledWith('That number is on our blocklist');
  });

  it('makes another address the default, and deletes one after asking', async () => {
    const server = api();
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: /Make DLF Cyber City the default/ }),
    );
    await waitFor(() => expect(within(cards()[0]!).getByText(/Gurugram/)).toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Default address changed');

    await user.click(screen.getByRole('button', { name: 'Delete the address 12 MG Road' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.callsTo('DELETE /user/addresses/:addressId')).toHaveLength(1),
    );
    expect(server.callsTo('DELETE /user/addresses/:addressId')[0]!.params.addressId).toBe(home._id);
    await waitFor(() => expect(screen.queryByText(/12 MG Road/)).toBeNull());
  });
});
