/**
 * One cart line: its colour's photo and the name open the product; its colour and size ("Black
 * · M"); quantity −/+ (− at 1 removes, + stops at that colour and size's stock); remove. A line
 * without a size or colour (saved before either existed), or whose colour or size sold out or
 * fell short, says so, and offers the colours or sizes left.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CartItem, ProductSize, ProductStockJson } from '@repo/shared';
import { ONE_SIZE } from '@repo/shared/constants';
import {
  colourOfLine,
  coloursOf,
  formatRupees,
  isColourSoldOut,
  stockOf,
  variantLabel,
} from '@repo/shared/rules';
import { cartLineProblem } from '@repo/shared/rules/cart';
import { ProductImage } from '@/components/ui/product-image';
import { paths } from '@/config/paths';
import { cart } from '../cart-actions';

// 40 px on phones, big enough for a thumb.
const step =
  'flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 text-lg leading-none text-slate-800 hover:border-brand-500 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-slate-300 disabled:hover:text-slate-800 sm:h-8 sm:w-8 dark:border-slate-600 dark:text-slate-100 dark:hover:border-brand-400 dark:hover:text-white';

/** What stops the line from being bought as it is, in words; undefined when nothing does. */
export function lineProblemText(
  item: CartItem,
  stock: ProductStockJson | null | undefined,
): string | undefined {
  if (stock === null) return 'This T-shirt is no longer sold. Please remove it.';
  if (!item.size) return 'Please choose a size.';
  if (!stock) return undefined;
  const problem = cartLineProblem(item, stock);
  if (!problem) return undefined;
  // "in Black · M", or "in M" when the line has no colour worth naming.
  const size = variantLabel({ colour: item.colour })
    ? ` in ${variantLabel(item)}`
    : ` in ${item.size}`;
  switch (problem.kind) {
    case 'no-size':
      return 'Please choose a size.';
    case 'no-colour':
      return 'This T-shirt now comes in several colours. Please choose one.';
    case 'colour-gone':
      return `${item.colour} is no longer sold. Please choose another colour or remove it.`;
    case 'not-made':
      return `Size ${item.size} is no longer made. Please choose another size.`;
    case 'sold-out':
      return item.size === ONE_SIZE
        ? 'Sold out. Please remove it.'
        : `Sold out${size}. Please choose another size or remove it.`;
    case 'short':
      return `Only ${problem.available} left${size}. Please lower the quantity.`;
  }
}

export function CartLine({
  item,
  stock,
  discount = 0,
}: {
  item: CartItem;
  /** What the offer and the code take off this line, in rupees (the server's answer). */
  discount?: number;
  /** Today's stock of the product (undefined while loading, null when it is gone). */
  stock?: ProductStockJson | null | undefined;
}) {
  const href = paths.productDetail(item.slug);
  const limitId = useId();
  const problem = lineProblemText(item, stock);
  const current = stock ?? item;
  const colour = colourOfLine(current, item.colour);
  const left = item.size ? stockOf(current, item.colour, item.size) : 0;
  const others = (colour?.sizes ?? []).filter((s) => s.quantity > 0 && s.size !== item.size);
  const kind = stock ? cartLineProblem(item, stock)?.kind : undefined;
  const needsColour = kind === 'no-colour' || kind === 'colour-gone';
  const needsSize =
    !needsColour && (!item.size || (stock && problem && !problem.startsWith('Only')));
  const colours = coloursOf(current).filter((c) => !isColourSoldOut(c) && c.name !== item.colour);
  const variant = variantLabel(item);
  const label = `${item.name}${variant ? `, ${variant}` : ''}`;
  // The photo of the colour bought, as the product showed it when added.
  const image = item.colours?.find((c) => c.name === item.colour)?.images[0];
  const photo = image ? { name: item.name, photo: image.url, photos: image.widths } : item;
  // + stops at that colour and size's stock, and says why (a problem above says it already).
  const atLimit = Boolean(item.size) && left > 0 && item.cartQuantity >= left && !problem;
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 sm:w-24">
        <ProductImage product={photo} sizes="96px" alt="" className="rounded-xl" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
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
            aria-label={`Remove ${label}`}
            // Padding enlarges the tap area; the negative margins keep the word where it was.
            className="-my-2.5 -mr-2 shrink-0 px-2 py-2.5 text-sm font-medium text-red-700 hover:underline dark:text-red-400"
          >
            Remove
          </button>
        </div>
        {variant && (
          <p className="text-sm font-semibold text-slate-800 dark:text-slate-200">{variant}</p>
        )}
        <p className="line-clamp-1 text-sm text-slate-600 dark:text-slate-400">
          {item.description}
        </p>
        <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
          {formatRupees(item.price)}{' '}
          <span className="text-slate-500 dark:text-slate-400">each</span>
        </p>
        {problem && (
          <p role="status" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        {needsColour && colours.length > 0 && (
          <label className="mt-2 flex items-center gap-2 text-sm">
            <span className="text-slate-700 dark:text-slate-300">Colour</span>
            <select
              value=""
              onChange={(e) => cart.setColour(item, e.target.value)}
              className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              aria-label={`Choose a colour of ${item.name}`}
            >
              <option value="" disabled>
                Choose a colour
              </option>
              {colours.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {needsSize && others.length > 0 && (
          <label className="mt-2 flex items-center gap-2 text-sm">
            <span className="text-slate-700 dark:text-slate-300">Size</span>
            <select
              value=""
              onChange={(e) => cart.setSize(item, e.target.value as ProductSize)}
              className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              aria-label={`Choose a size of ${item.name}`}
            >
              <option value="" disabled>
                Choose a size
              </option>
              {others.map((s) => (
                <option key={s.size} value={s.size}>
                  {s.size}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* Wraps (the total under the buttons) when a long price does not fit beside them. */}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${label}`}>
            <button
              type="button"
              className={step}
              aria-label={`Decrease quantity of ${label}`}
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
              aria-label={`Increase quantity of ${label}`}
              // Capped at the size's stock (today's once it has loaded).
              disabled={!item.size || item.cartQuantity >= left}
              aria-describedby={atLimit ? limitId : undefined}
              onClick={() => cart.increase(item)}
            >
              <span aria-hidden="true">+</span>
            </button>
            {atLimit && (
              <span
                id={limitId}
                className="text-xs font-semibold text-amber-700 dark:text-amber-300"
              >
                Only {left} left
              </span>
            )}
          </div>
          {discount > 0 ? (
            <p className="ml-auto text-right tabular-nums">
              <span className="sr-only">Line total </span>
              <s className="text-sm text-slate-500 dark:text-slate-400">
                {formatRupees(item.price * item.cartQuantity)}
              </s>{' '}
              <span className="font-bold text-slate-900 dark:text-white">
                {formatRupees(item.price * item.cartQuantity - discount)}
              </span>
              <span
                data-testid="line-discount"
                className="block text-xs font-semibold text-emerald-700 dark:text-emerald-400"
              >
                {formatRupees(discount)} off
              </span>
            </p>
          ) : (
            <p className="ml-auto font-bold text-slate-900 tabular-nums dark:text-white">
              <span className="sr-only">Line total </span>
              {formatRupees(item.price * item.cartQuantity)}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
