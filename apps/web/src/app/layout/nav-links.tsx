/** The top bar's links as both of its menus show them: the pill of the current page, and Cart with its badge. */
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/use-cart';
import { cn } from '@/lib/cn';

export const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2.5 text-sm font-medium',
    // The tinted pill marks the current page; in dark mode a colour change alone was too faint to see.
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white',
  );

export const cartLabel = (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

export function CartLink({ onClick }: { onClick?: () => void }) {
  const { count } = useCart();
  return (
    <NavLink to={paths.cart} className={navLink} onClick={onClick} aria-label={cartLabel(count)}>
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
