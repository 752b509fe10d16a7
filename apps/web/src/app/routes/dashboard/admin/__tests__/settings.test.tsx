import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '@repo/shared';
import {
  codSettings,
  deliverySettings,
  gstSettings,
  returnsSettings,
  reviewsSettings,
  shopSettings,
} from '@repo/shared/schemas';
import SettingsPage from '@/app/routes/dashboard/admin/settings';
import { toast } from '@/lib/toast';
import { productListAnswer } from '@/testing/data';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const defaults = (): AdminSettings => ({
  delivery: { value: deliverySettings.parse({}), updatedAt: null, updatedBy: null },
  cod: {
    value: codSettings.parse({}),
    updatedAt: '2026-11-20T08:30:00.000Z',
    updatedBy: { _id: '6650f1c2a1b2c3d4e5f60001', name: 'Meera Admin' },
  },
  reviews: { value: reviewsSettings.parse({}), updatedAt: null, updatedBy: null },
  gst: { value: gstSettings.parse({}), updatedAt: null, updatedBy: null },
  shop: { value: shopSettings.parse({}), updatedAt: null, updatedBy: null },
  returns: { value: returnsSettings.parse({}), updatedAt: null, updatedBy: null },
});

function api(
  put: Parameters<typeof mockApi>[0][string] = ({ params, body }) => ({
    success: true,
    message:
      params.section === 'cod' ? 'Cash on delivery settings saved' : 'Delivery settings saved',
    section: params.section,
    settings: {
      value: body,
      updatedAt: '2026-11-27T06:00:00.000Z',
      updatedBy: { _id: '6650f1c2a1b2c3d4e5f60001', name: 'Meera Admin' },
    },
  }),
) {
  return mockApi({
    'GET /admin/settings': () => ({ success: true, settings: defaults() }),
    'PUT /admin/settings/:section': put,
    // The Returns section lists the categories and products that may be marked not returnable.
    'GET /category/all-category': () => ({
      success: true,
      message: 'All Categories List',
      category: [
        { _id: '6650f1c2a1b2c3d4e5f600c1', name: 'Graphic Tees', slug: 'graphic-tees' },
        { _id: '6650f1c2a1b2c3d4e5f600c2', name: 'Innerwear', slug: 'innerwear' },
      ],
    }),
    'GET /product/get-product': productListAnswer([
      { _id: '6650f1c2a1b2c3d4e5f600a1', name: 'Sunset Tee' },
      { _id: '6650f1c2a1b2c3d4e5f600a2', name: 'Clearance Polo' },
      { _id: '6650f1c2a1b2c3d4e5f600a3', name: 'Polo Classic' },
    ]),
  });
}

const renderPage = () =>
  renderRoute({ element: <SettingsPage /> }, { url: '/dashboard/admin/settings' });

const form = (name: string) => screen.getByRole('form', { name });

afterEach(() => vi.clearAllMocks());

describe('admin settings page', () => {
  it('shows each section with its values in rupees and when it was saved', async () => {
    api();
    renderPage();
    const delivery = await screen.findByRole('form', { name: 'Delivery' });
    expect(within(delivery).getByLabelText('Delivery fee')).toHaveValue(49);
    expect(within(delivery).getByLabelText('Free delivery from')).toHaveValue(499);
    expect(within(delivery).getByLabelText('Cut-off time (India)')).toHaveValue('14:00');
    expect(within(delivery).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(within(delivery).getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    expect(
      within(delivery)
        .getAllByLabelText('Zone name')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Metro cities', 'North-east and the hills', 'Islands']);
    expect(
      within(delivery).getByText('Never saved: the defaults shown apply.'),
    ).toBeInTheDocument();
    const cod = form('Cash on delivery');
    expect(within(cod).getByLabelText('COD fee')).toHaveValue(40);
    expect(within(cod).getByText(/Last saved 20 Nov 2026.* by Meera Admin/)).toBeInTheDocument();
  });

  it('saves a section in paise, every field, and says so', async () => {
    const server = api();
    const { user } = renderPage();
    const delivery = await screen.findByRole('form', { name: 'Delivery' });
    const fee = within(delivery).getByLabelText('Delivery fee');
    await user.clear(fee);
    await user.type(fee, '59.50');
    await user.click(within(delivery).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(delivery).getAllByRole('button', { name: 'Remove zone' })[2]!);
    await user.click(within(delivery).getByRole('button', { name: 'Save delivery settings' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery settings saved'));
    const sent = server.callsTo('PUT /admin/settings/:section')[0]!;
    expect(sent.params.section).toBe('delivery');
    expect(sent.body).toMatchObject({
      feePaise: 5950,
      freeFromPaise: 49900,
      dispatchDays: [0, 1, 2, 3, 4, 5, 6],
      zones: [{ name: 'Metro cities' }, { name: 'North-east and the hills' }],
    });
    expect(await within(delivery).findByText(/Last saved .* by Meera Admin/)).toBeInTheDocument();
  });

  it('shows the browser-side issues beside their fields and sends nothing', async () => {
    const server = api();
    const { user } = renderPage();
    const cod = await screen.findByRole('form', { name: 'Cash on delivery' });
    await user.clear(within(cod).getByLabelText('Largest order'));
    await user.type(within(cod).getByLabelText('Largest order'), '10');
    await user.type(within(cod).getByLabelText('PIN codes without COD'), '0123');
    await user.click(within(cod).getByRole('button', { name: 'Save cash on delivery settings' }));

    expect(
      await within(cod).findByText('A PIN prefix is 1 to 6 digits and does not start with 0'),
    ).toBeInTheDocument();
    expect(within(cod).getByLabelText('PIN codes without COD')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(toast.error).toHaveBeenCalled();
    expect(server.callsTo('PUT /admin/settings/:section')).toHaveLength(0);
  });

  it("shows the server's field issues beside each field (a zone's days)", async () => {
    api(() =>
      reply(400, {
        success: false,
        message: 'zones.1.maxDays: The slowest delivery cannot be sooner than the fastest',
        issues: [
          {
            path: 'zones.1.maxDays',
            message: 'The slowest delivery cannot be sooner than the fastest',
          },
        ],
      }),
    );
    const { user } = renderPage();
    const delivery = await screen.findByRole('form', { name: 'Delivery' });
    await user.click(within(delivery).getByRole('button', { name: 'Save delivery settings' }));
    const slowest = within(delivery).getAllByLabelText('Slowest (days)')[1]!;
    await waitFor(() => expect(slowest).toHaveAttribute('aria-invalid', 'true'));
    expect(slowest).toHaveAccessibleDescription(
      'The slowest delivery cannot be sooner than the fastest',
    );
    expect(toast.error).toHaveBeenCalledWith(
      'The slowest delivery cannot be sooner than the fastest',
    );
  });

  it('adds a holiday and a zone', async () => {
    const server = api();
    const { user } = renderPage();
    const delivery = await screen.findByRole('form', { name: 'Delivery' });
    const date = within(delivery).getByLabelText('Add a holiday');
    await user.type(date, '2026-11-08');
    await user.click(within(delivery).getByRole('button', { name: 'Add' }));
    expect(
      within(delivery).getByRole('button', { name: 'Remove the holiday on 8 Nov 2026' }),
    ).toBeInTheDocument();

    await user.click(within(delivery).getByRole('button', { name: 'Add a zone' }));
    const names = within(delivery).getAllByLabelText('Zone name');
    await user.type(names[3]!, 'Kerala');
    await user.type(within(delivery).getAllByLabelText('Fastest (days)')[3]!, '3');
    await user.type(within(delivery).getAllByLabelText('Slowest (days)')[3]!, '4');
    await user.type(within(delivery).getAllByLabelText('PIN prefixes')[3]!, '67, 68 69');
    await user.click(within(delivery).getByRole('button', { name: 'Save delivery settings' }));

    await waitFor(() => expect(server.callsTo('PUT /admin/settings/:section')).toHaveLength(1));
    const body = server.callsTo('PUT /admin/settings/:section')[0]!.body as {
      holidays: string[];
      zones: unknown[];
    };
    expect(body.holidays).toContain('2026-11-08');
    expect(body.zones[3]).toEqual({
      name: 'Kerala',
      states: [],
      pinPrefixes: ['67', '68', '69'],
      minDays: 3,
      maxDays: 4,
      cod: true,
    });
  });

  it('saves the reviews section: held words as a list, the days after delivery; refusals beside their field', async () => {
    const server = api(({ body }) =>
      (body as { requestDays: number }).requestDays === 61
        ? reply(400, {
            success: false,
            message: 'At most 60 days after delivery',
            issues: [{ path: 'requestDays', message: 'At most 60 days after delivery' }],
          })
        : {
            success: true,
            message: 'Reviews settings saved',
            section: 'reviews',
            settings: { value: body, updatedAt: '2026-11-27T06:00:00.000Z', updatedBy: null },
          },
    );
    const { user } = renderPage();
    const reviews = await screen.findByRole('form', { name: 'Reviews' });
    const days = within(reviews).getByLabelText('Review request: days after delivery');
    expect(days).toHaveValue(7);
    await user.type(within(reviews).getByLabelText('Held words'), 'scam, rubbish\nfake ');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(reviews).getByRole('button', { name: 'Save reviews settings' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reviews settings saved'));
    expect(server.callsTo('PUT /admin/settings/:section')[0]).toMatchObject({
      path: '/admin/settings/reviews',
      body: { heldWords: ['scam', 'rubbish', 'fake'], requestDays: 10 },
    });

    // The browser checks the shared schema first: 61 days never leaves the page.
    await user.clear(days);
    await user.type(days, '61');
    await user.click(within(reviews).getByRole('button', { name: 'Save reviews settings' }));
    expect(await within(reviews).findByText('At most 60 days after delivery')).toBeInTheDocument();
    expect(server.callsTo('PUT /admin/settings/:section')).toHaveLength(1);
  });

  it('the seller’s GST details: a wrong GSTIN is refused beside its field, a right one is saved', async () => {
    const server = api();
    const { user } = renderPage();
    const gst = await screen.findByRole('form', { name: 'GST and invoices' });
    expect(within(gst).getByLabelText('Invoice number prefix')).toHaveValue('TS');
    await user.type(within(gst).getByLabelText('Legal name'), 'Bright Threads Private Limited');
    await user.type(
      within(gst).getByLabelText('Address of the place of business'),
      '80 Feet Road, Bengaluru 560034',
    );
    await user.selectOptions(within(gst).getByLabelText('State'), 'Karnataka');
    const gstin = within(gst).getByLabelText('GSTIN');
    await user.type(gstin, '29AAGCB7383J1Z5');
    const save = within(gst).getByRole('button', { name: 'Save GST and invoice settings' });
    await user.click(save);
    expect(
      await within(gst).findByText('This GSTIN’s check character is wrong'),
    ).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT /admin/settings/:section')).toHaveLength(0);

    await user.clear(gstin);
    await user.type(gstin, '29aagcb7383j1z4');
    await user.click(save);
    await waitFor(() => expect(server.callsTo('PUT /admin/settings/:section')).toHaveLength(1));
    const sent = server.callsTo('PUT /admin/settings/:section')[0]!;
    expect(sent.params.section).toBe('gst');
    expect(sent.body).toEqual({
      legalName: 'Bright Threads Private Limited',
      address: '80 Feet Road, Bengaluru 560034',
      state: 'Karnataka',
      gstin: '29AAGCB7383J1Z4',
      invoicePrefix: 'TS',
      creditNotePrefix: 'CN',
    });
  });

  it("saves the shop's details for the launch pages; a phone that is not one is refused beside it", async () => {
    const server = api(({ body }) => ({
      success: true,
      message: 'Shop details settings saved',
      section: 'shop',
      settings: { value: body, updatedAt: '2026-11-27T06:00:00.000Z', updatedBy: null },
    }));
    const { user } = renderPage();
    const shop = await screen.findByRole('form', { name: 'Shop details' });
    const phone = within(shop).getByLabelText('Customer care phone');
    await user.type(phone, '12345');
    await user.type(within(shop).getByLabelText('Customer care email'), 'Care@TshirtShop.in');
    await user.type(within(shop).getByLabelText('Grievance officer’s name'), 'Anita Rao');
    const days = within(shop).getByLabelText('Return window (days after delivery)');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(shop).getByRole('button', { name: 'Save shop details settings' }));

    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining(
        'Enter an Indian phone number: a mobile, a landline with its area code, or 1800…',
      ),
    );
    expect(server.callsTo('PUT /admin/settings/:section')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '080 4567 8910');
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(shop).getByRole('button', { name: 'Save shop details settings' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Shop details settings saved'));
    const sent = server.callsTo('PUT /admin/settings/:section')[0]!;
    expect(sent.params.section).toBe('shop');
    expect(sent.body).toEqual({
      phone: '080 4567 8910',
      email: 'care@tshirtshop.in',
      supportHours: '',
      grievanceOfficerName: 'Anita Rao',
      grievanceOfficerDesignation: '',
      grievanceOfficerEmail: '',
      grievanceOfficerPhone: '',
      returnDays: 10,
    });
  });

  it('saves what is offered and the categories and products that cannot be sent back', async () => {
    const server = api(({ body }) => ({
      success: true,
      message: 'Returns and exchanges settings saved',
      section: 'returns',
      settings: { value: body, updatedAt: '2026-11-27T06:00:00.000Z', updatedBy: null },
    }));
    const { user } = renderPage();
    const returns = await screen.findByRole('form', { name: 'Returns and exchanges' });
    expect(
      within(returns).getByRole('checkbox', { name: 'Offer size and colour exchanges' }),
    ).toBeChecked();
    await user.click(
      within(returns).getByRole('checkbox', { name: 'Take returns for the money back' }),
    );
    await user.click(await within(returns).findByRole('checkbox', { name: 'Innerwear' }));
    // Products are found by name as the admin types, and added with the keyboard or a click.
    const picker = within(returns).getByRole('combobox', {
      name: 'Products that cannot be sent back',
    });
    await user.type(picker, 'polo');
    const matches = await within(returns).findByRole('listbox');
    await waitFor(() =>
      expect(
        within(matches)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Clearance Polo', 'Polo Classic']),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(picker, 'clear');
    await user.click(await within(returns).findByRole('option', { name: 'Clearance Polo' }));
    const chosen = within(returns).getByRole('list', {
      name: 'Products that cannot be sent back: chosen',
    });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Polo Classic×', 'Clearance Polo×']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove Polo Classic' }));
    await user.click(
      within(returns).getByRole('button', { name: 'Save returns and exchanges settings' }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Returns and exchanges settings saved'),
    );
    expect(server.callsTo('PUT /admin/settings/:section')[0]).toMatchObject({
      params: { section: 'returns' },
      body: {
        exchangesOffered: true,
        returnsOffered: false,
        nonReturnableCategories: ['6650f1c2a1b2c3d4e5f600c2'],
        nonReturnableProducts: ['6650f1c2a1b2c3d4e5f600a2'],
      },
    });
  });
});
