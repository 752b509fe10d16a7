/** One cart line: photo and name open the product; quantity −/+ (− at 1 removes); remove. */
import { Link } from 'react-router-dom';
import type { CartItem } from '@repo/shared';
import { ProductImage } from '@/components/ui/product-image';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { cart } from '../use-cart';

// 40 px on phones, big enough for a thumb.
const step =
  'flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 text-lg leading-none text-slate-800 hover:border-brand-500 hover:text-brand-700 sm:h-8 sm:w-8 dark:border-slate-600 dark:text-slate-100 dark:hover:border-brand-400 dark:hover:text-white';

export function CartLine({ item }: { item: CartItem }) {
  const href = paths.productDetail(item.slug);
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 sm:w-24">
        <ProductImage product={item} sizes="96px" alt="" className="rounded-xl" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 font-semibold text-slate-900 dark:text-white">
            <Link
              to={href}
              className="hover:text-brand-700 hover:underline dark:hover:text-brand-100"
            >
              {item.name}
            </Link>
          </h2>
          <button
            type="button"
            onClick={() => cart.remove(item)}
            aria-label={`Remove ${item.name}`}
            // Padding enlarges the tap area; the negative margins keep the word where it was.
            className="-my-2.5 -mr-2 shrink-0 px-2 py-2.5 text-sm font-medium text-red-700 hover:underline dark:text-red-400"
          >
            Remove
          </button>
        </div>
        <p className="line-clamp-1 text-sm text-slate-600 dark:text-slate-400">
          {item.description}
        </p>
        <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
          {formatPrice(item.price)} <span className="text-slate-500 dark:text-slate-400">each</span>
        </p>
        <div className="mt-2 flex items-center justify-between gap-3">
          <div
            className="flex items-center gap-2"
            role="group"
            aria-label={`Quantity of ${item.name}`}
          >
            <button
              type="button"
              className={step}
              aria-label={`Decrease quantity of ${item.name}`}
              onClick={() => cart.decrease(item)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span aria-live="polite" className="w-8 text-center font-semibold tabular-nums">
              <span className="sr-only">Quantity </span>
              {item.cartQuantity}
            </span>
            <button
              type="button"
              className={step}
              aria-label={`Increase quantity of ${item.name}`}
              onClick={() => cart.increase(item)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <p className="font-bold text-slate-900 tabular-nums dark:text-white">
            <span className="sr-only">Line total </span>
            {formatPrice(item.price * item.cartQuantity)}
          </p>
        </div>
      </div>
    </li>
  );
}
