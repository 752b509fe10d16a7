/**
 * The top bar's cart: a badge only when there is something in it, and an icon for phones; the
 * phone menu's dashboard links, named as the dashboard's side panel names them.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserDashboardLayout from '@/app/routes/dashboard/user/layout';
import { signIn, signOut } from '@/lib/session';
import { cartStore } from '@/lib/storage';
import { makeCartItem, makeUser } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { TopBar } from '../top-bar/top-bar';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  cartStore.set([]);
  signOut();
  vi.unstubAllGlobals();
});

/** The phone bar's cart: the link outside the Main navigation (which phones hide). */
const phoneCart = () =>
  screen
    .getAllByRole('link', { name: /^Cart, / })
    .find((link) => !screen.getByRole('navigation', { name: 'Main' }).contains(link))!;

describe('top bar cart', () => {
  it('shows no badge while the cart is empty, and the count of lines once it is not', () => {
    mockApi({});
    renderRoute({ element: <TopBar />, path: '/' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('cart-badge')).toHaveLength(0);

    act(() => cartStore.set([makeCartItem({ cartQuantity: 3 }), makeCartItem()]));
    expect(within(main).getByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('Cart2');
    expect(screen.getAllByTestId('cart-badge').map((b) => b.textContent)).toEqual(['2', '2']);
  });

  it('has a cart icon with its badge in the bar for phones (hidden from md up), linking to /cart', () => {
    mockApi({});
    cartStore.set([makeCartItem()]);
    renderRoute({ element: <TopBar />, path: '/' });
    const link = phoneCart();
    expect(link).toHaveAccessibleName('Cart, 1 item');
    expect(link).toHaveAttribute('href', '/cart');
    expect(link).toHaveClass('md:hidden');
    expect(within(link).getByTestId('cart-badge')).toHaveTextContent('1');
    // It sits with the bar's own controls, next to the theme toggle and the menu button.
    expect(link.parentElement).toContainElement(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('publishes its height for the toasts to start below it', () => {
    let observed: (() => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    mockApi({});
    renderRoute({ element: <TopBar />, path: '/' });
    const header = screen.getByRole('banner');
    Object.defineProperty(header, 'offsetHeight', { configurable: true, value: 112 });
    act(() => observed!());
    expect(document.documentElement.style.getPropertyValue('--top-bar-height')).toBe('112px');
  });
});

describe('the phone menu for a signed-in customer', () => {
  it('names the dashboard sections as the side panel does: Overview, Profile, Order', async () => {
    mockApi({});
    signIn('token-1', makeUser({ role: 0 }));
    const { user } = renderRoute(
      {
        element: (
          <>
            <TopBar />
            <UserDashboardLayout />
          </>
        ),
        path: '/dashboard/user',
      },
      { url: '/dashboard/user' },
    );
    const linksOf = (nav: HTMLElement) =>
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    const panel = linksOf(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(panel).toEqual([
      ['Overview', '/dashboard/user'],
      ['Profile', '/dashboard/user/profile'],
      ['Addresses', '/dashboard/user/addresses'],
      ['Order', '/dashboard/user/orders'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }); // loaded when first opened
    await user.click(within(menu).getByRole('button', { name: /Dashboard/ }));
    const inMenu = linksOf(within(menu).getByRole('navigation', { name: 'Mobile' })).filter(
      ([, href]) => href?.startsWith('/dashboard/'),
    );
    expect(inMenu).toEqual(panel);
  });
});
