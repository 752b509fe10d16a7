/**
 * A product card: the photo of its first colour in stock, its colours as swatches, name,
 * two-line description, rating (once reviewed) and price. The whole card opens `href` (the name
 * link is stretched over it); the optional add-to-cart button sits above that. Generic: the
 * storefront passes onAddToCart, the admin passes its own href and no button. ADD TO CART adds a
 * product in one colour and One size at once and asks for the colour and the size of any other; a sold-out
 * product says so on a disabled button.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product, ProductSize } from '@repo/shared';
import { CARD_IMAGE_SIZES, ONE_SIZE } from '@repo/shared/constants';
import { firstColourInStock, isOneSize, isSoldOut } from '@repo/shared/rules';
import { Button } from './button';
import { ColourSwatches } from './colour-swatches';
import { Price } from './price';
import { ProductImage } from './product-image';
import { RatingLine } from './rating';

// The chooser (a dialog with the colour and size pickers) loads on the first tap that needs
// it: the home page's first load carries only the cards.
const VariantChooser = lazy(() => import('./variant-chooser'));

export interface ProductCardProps {
  product: Product;
  href: string;
  onAddToCart?: (product: Product, size: ProductSize, colour: string) => void;
  /** Show the "More details" link (storefront). */
  detailsLink?: boolean;
  /** In the first row: load the photo at once. */
  priority?: boolean;
  /** Extra content under the price (e.g. stock for the admin). */
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

export function ProductCard({
  product,
  href,
  onAddToCart,
  detailsLink = false,
  priority,
  children,
  headingLevel = 'h3',
}: ProductCardProps) {
  const nameId = useId();
  const Heading = headingLevel;
  const [choosing, setChoosing] = useState(false);
  const soldOut = isSoldOut(product);
  // The photo of the first colour in stock (lists carry each colour's first photo).
  const shown = firstColourInStock(product.colours)?.images[0];
  const photo = shown ? { name: product.name, photo: shown.url, photos: shown.widths } : product;
  const atOnce = product.colours.length === 1 && isOneSize(product);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500 dark:border-slate-800 dark:bg-slate-900">
      <ProductImage
        product={photo}
        sizes={CARD_IMAGE_SIZES}
        priority={priority}
        alt=""
        className="transition group-hover:opacity-95"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <Heading
          id={nameId}
          // Two lines: names like "Main Character Energy Tee" fit whole at every width.
          className="line-clamp-2 text-sm font-semibold [overflow-wrap:anywhere] text-slate-900 sm:text-base dark:text-white"
        >
          <Link to={href} className="outline-none after:absolute after:inset-0 after:content-['']">
            {product.name}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-xs text-slate-600 sm:text-sm dark:text-slate-400">
          {product.description}
        </p>
        <ColourSwatches colours={product.colours} />
        <RatingLine rating={product.rating} />
        <Price value={product.price} mrp={product.mrp} size="sm" className="mt-auto pt-1" />
        {children}
        {(onAddToCart || detailsLink) && (
          // pointer-events-none: a tap between these controls falls through to the card's link.
          <div className="pointer-events-none relative z-10 mt-2 flex flex-col items-stretch gap-1">
            {onAddToCart && (
              <Button
                size="sm"
                aria-describedby={nameId}
                disabled={soldOut}
                aria-haspopup={atOnce ? undefined : 'dialog'}
                onClick={() =>
                  atOnce
                    ? onAddToCart(product, ONE_SIZE, product.colours[0]!.name)
                    : setChoosing(true)
                }
                className="pointer-events-auto whitespace-nowrap"
              >
                {soldOut ? 'Sold out' : 'ADD TO CART'}
              </Button>
            )}
            {detailsLink && (
              <Link
                to={href}
                aria-describedby={nameId}
                className="pointer-events-auto self-center rounded-full px-2 py-1 text-xs font-semibold whitespace-nowrap text-brand-700 hover:underline dark:text-brand-100"
              >
                More details
              </Link>
            )}
          </div>
        )}
      </div>
      {choosing && onAddToCart && (
        <Suspense fallback={null}>
          <VariantChooser
            product={product}
            onAdd={(size, colour) => onAddToCart(product, size, colour)}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      )}
    </article>
  );
}
