/**
 * /dashboard/admin opens on an overview of what needs doing: orders to ship, payments to
 * settle, returns waiting, sizes running low (each linking to where it is done), then the
 * last 30 days.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import OverviewPage from '@/app/routes/dashboard/admin/overview';
import { tokenStore, userStore } from '@/lib/storage';
import { SETTINGS_SECTIONS, SETTINGS_SECTION_NAMES } from '@repo/shared/schemas';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { ids } from './fixtures';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

const overview = {
  success: true,
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    orders: 0,
    revenue: 0,
  })),
  statusCounts: { pending: 4, shipped: 2, delivered: 7, cancelled: 1 },
  returnsWaiting: 6,
};

const tee = (
  name: string,
  slug: string,
  colours: Array<{ name: string; sizes: Array<[string, number]> }>,
) => ({
  _id: `${ids.product.slice(0, -2)}${slug.length.toString(16).padStart(2, '0')}`,
  name,
  slug,
  description: '',
  price: 499,
  quantity: 0,
  shipping: true,
  category: { _id: ids.tees, name: 'Graphic Tees' },
  photo: '/uploads/x.webp',
  sizes: [],
  colours: colours.map((c, i) => ({
    _id: `64b0000000000000000000c${i}`,
    name: c.name,
    hex: '#111111',
    images: [],
    sizes: c.sizes.map(([size, quantity]) => ({ size, quantity })),
  })),
});

function api(unsettledTotal: number) {
  return mockApi({
    'GET /orders/overview': () => overview,
    'GET /payment/unsettled': () => ({ success: true, checkouts: [], total: unsettledTotal }),
    'GET /admin/settings': () => ({
      success: true,
      settings: Object.fromEntries(
        SETTINGS_SECTION_NAMES.map((s) => [
          s,
          { value: SETTINGS_SECTIONS[s].schema.parse({}), updatedAt: null, updatedBy: null },
        ]),
      ),
    }),
    'GET /product/get-product': () => ({
      success: true,
      total: 2,
      AllProducts: [
        tee('Sakura Drift Tee', 'sakura-drift', [
          {
            name: 'Black',
            sizes: [
              ['S', 0],
              ['M', 12],
              ['L', 3],
            ],
          },
          {
            name: 'White',
            sizes: [
              ['S', 20],
              ['M', 9],
              ['L', 40],
            ],
          },
        ]),
        tee('Plain Tee', 'plain', [
          {
            name: 'Black',
            sizes: [
              ['M', 30],
              ['L', 5],
            ],
          },
        ]),
      ],
    }),
  });
}

describe('the admin dashboard', () => {
  it('is what the dashboard opens on (its index route)', async () => {
    tokenStore.set('token');
    userStore.set({ name: 'Admin', userId: ids.order, role: 1 });
    api(0);
    renderRoute({ routes }, { url: '/dashboard/admin' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Overview' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Categor/ })).not.toBeInTheDocument();
  });

  it('shows orders to ship, payments to settle, returns waiting and low sizes, each a link', async () => {
    api(2);
    renderRoute({ element: <OverviewPage /> }, { url: '/dashboard/admin' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    const now = within(screen.getByRole('region', { name: 'To do now' }));
    const tile = (title: string) => now.getByText(title).closest('li')!;
    expect(await within(tile('Orders to ship')).findByText('4')).toBeInTheDocument();
    expect(
      within(tile('Orders to ship')).getByRole('link', { name: 'Ship orders' }),
    ).toHaveAttribute('href', '/dashboard/admin/adminorder?status=pending');
    expect(await within(tile('Payments to settle')).findByText('2')).toBeInTheDocument();
    expect(within(tile('Returns waiting')).getByText('6')).toBeInTheDocument();
    expect(
      within(tile('Returns waiting')).getByRole('link', { name: 'See returns' }),
    ).toHaveAttribute('href', '/dashboard/admin/returns?status=waiting');
    expect(await within(tile('Sizes running low')).findByText('3')).toBeInTheDocument();

    const low = screen.getByRole('region', { name: 'Low stock (5 or fewer)' });
    expect(
      within(low)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sakura Drift Tee · Black · SSold out',
      'Sakura Drift Tee · Black · L3 left',
      'Plain Tee · L5 left',
    ]);
    expect(within(low).getByRole('link', { name: 'Plain Tee · L' })).toHaveAttribute(
      'href',
      '/dashboard/admin/product/plain',
    );
    // The last 30 days follow.
    expect(screen.getByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
  });
});
