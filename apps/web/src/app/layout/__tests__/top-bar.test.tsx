/** The top bar's cart: a badge only when there is something in it, and an icon for phones. */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '@/lib/storage';
import { makeCartItem } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import { TopBar } from '../top-bar';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  cartStore.set([]);
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
