/** The cart in the top bar: a badge with the count of distinct lines, none when the cart is empty. */
import { NavLink } from 'react-router-dom';
import { CartIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cartCountText, useCart } from '@/features/cart/use-cart';
import { cn } from '@/lib/cn';
import { navLinkClass } from './nav-link-class';

const cartLabel = (count: number) => `Cart, ${cartCountText(count)}`;

/** "Cart" among the links (the wide bar and the phone menu). */
export function CartLink({ onClick }: { onClick?: () => void }) {
  const { count } = useCart();
  return (
    <NavLink
      to={paths.cart}
      className={navLinkClass}
      onClick={onClick}
      aria-label={cartLabel(count)}
    >
      <span className="relative inline-flex items-center">
        Cart
        {count > 0 && (
          <span
            data-testid="cart-badge"
            className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
          >
            {count}
          </span>
        )}
      </span>
    </NavLink>
  );
}

/** Phones: the cart stays one tap away in the bar, not only in the menu. */
export function CartIconLink() {
  const { count } = useCart();
  return (
    <NavLink
      to={paths.cart}
      aria-label={cartLabel(count)}
      className={({ isActive }) =>
        cn(
          'relative rounded-md p-2.5 md:hidden',
          isActive
            ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
        )
      }
    >
      <CartIcon className="h-5 w-5" />
      {count > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute top-0.5 right-0 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      )}
    </NavLink>
  );
}
