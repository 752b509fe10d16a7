/** The product form's stock grid: colours × sizes with totals, sent as the colours JSON. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreateProductPage from '@/app/routes/dashboard/admin/create-product';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => vi.clearAllMocks());

function renderForm() {
  const server = mockApi({
    'GET /category/all-category': () => ({
      success: true,
      category: [{ _id: ids.tees, name: 'Graphic Tees', slug: 'graphic-tees' }],
    }),
    'POST /product/create-product': () => reply(201, { success: true, message: 'Created' }),
  });
  return {
    server,
    ...renderRoute({ element: <CreateProductPage /> }, { url: '/dashboard/admin/create-product' }),
  };
}
const table = () => screen.getByRole('table', { name: 'Stock per colour and size' });
/** The footer's totals: per size, then in all. */
const footer = () => within(table()).getAllByRole('row').at(-1)!.querySelectorAll('td');

describe('the stock grid', () => {
  it('has a column per size ticked and a row per colour, with totals per colour, size and in all', async () => {
    const { user, server } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'L' }));
    await user.click(screen.getByRole('checkbox', { name: 'M' }));
    // Columns in the shop's order, whatever the order ticked.
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Colour', 'M', 'L', 'Total', 'Order and remove']);

    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    const name = screen.getByLabelText('Name of colour 2');
    await user.type(name, 'Bottle Green');
    await user.type(screen.getByLabelText('Stock of Black in M'), '12');
    await user.type(screen.getByLabelText('Stock of Black in L'), '3');
    await user.type(screen.getByLabelText('Stock of Bottle Green in M'), '0');

    const rowOf = (colour: string) =>
      screen.getByLabelText(`Stock of ${colour} in M`).closest('tr')!;
    expect(rowOf('Black').lastElementChild!.previousElementSibling).toHaveTextContent('15');
    expect(rowOf('Bottle Green').lastElementChild!.previousElementSibling).toHaveTextContent('0');
    expect([...footer()].slice(0, 3).map((td) => td.textContent)).toEqual(['12', '3', '15']);
    expect(screen.getByLabelText('Quantity')).toHaveValue('15');
    // Low stock (≤ 5) is amber, none red; a blank cell (not made in that size) neither.
    expect(screen.getByLabelText('Stock of Black in L')).toHaveClass('border-amber-500');
    expect(screen.getByLabelText('Stock of Bottle Green in M')).toHaveClass('border-red-500');
    expect(screen.getByLabelText('Stock of Bottle Green in L')).not.toHaveClass('border-amber-500');
    expect(screen.getByLabelText('Stock of Bottle Green in L')).not.toHaveClass('border-red-500');

    // Bottle Green first: the order shoppers will see.
    await user.click(screen.getByRole('button', { name: 'Move Bottle Green up' }));
    expect(screen.getByLabelText('Name of colour 1')).toHaveValue('Bottle Green');
    expect(screen.getByRole('button', { name: 'Move Bottle Green up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(server.callsTo('POST /product/create-product')).toHaveLength(1));
    const form = server.callsTo('POST /product/create-product')[0]!.body as FormData;
    expect(JSON.parse(form.get('colours') as string)).toEqual([
      { name: 'Bottle Green', hex: '#111111', sizes: [{ size: 'M', quantity: 0 }] },
      {
        name: 'Black',
        hex: '#111111',
        sizes: [
          { size: 'M', quantity: 12 },
          { size: 'L', quantity: 3 },
        ],
      },
    ]);
  });

  it('removes a colour with its stock, but never the last one', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(screen.getByLabelText('Name of colour 2'), 'Sand');
    await user.type(screen.getByLabelText('Stock of Sand'), '7');
    await user.type(screen.getByLabelText('Stock of Black'), '2');
    expect(screen.getByLabelText('Quantity')).toHaveValue('9');

    await user.click(screen.getByRole('button', { name: 'Remove Black' }));
    expect(screen.queryByLabelText('Stock of Black')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name of colour 1')).toHaveValue('Sand');
    expect(screen.getByLabelText('Quantity')).toHaveValue('7');
    expect(screen.getByRole('button', { name: 'Remove Sand' })).toBeDisabled();
  });
});
