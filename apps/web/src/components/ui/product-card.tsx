/**
 * A product card: the photo of its first colour in stock, its colours as swatches, name,
 * two-line description and price. The whole card opens `href` (the name link is stretched over
 * it); the optional add-to-cart button sits above that. Generic: the storefront passes
 * onAddToCart, the admin passes its own href and no button. ADD TO CART adds a product in one
 * colour and One size at once and asks for the colour and the size of any other; a sold-out
 * product says so on a disabled button.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product, ProductSize } from '@repo/shared';
import { CARD_IMAGE_SIZES, ONE_SIZE } from '@repo/shared/constants';
import { firstColourInStock, isOneSize, isSoldOut } from '@repo/shared/rules';
import { Button } from './button';
import { ColourPicker } from './colour-picker';
import { ColourSwatches } from './colour-swatches';
import { Modal } from './modal';
import { Price } from './price';
import { ProductImage } from './product-image';
import { SizePicker } from './size-picker';

/** The card's small chooser: pick a colour (of several) and a size (of several), then add. */
function VariantChooser({
  product,
  onAdd,
  onClose,
}: {
  product: Product;
  onAdd: (size: ProductSize, colour: string) => void;
  onClose: () => void;
}) {
  const { colours } = product;
  const [colour, setColour] = useState(firstColourInStock(colours)!.name);
  const [size, setSize] = useState<string>();
  const sizes = colours.find((c) => c.name === colour)!.sizes;
  const oneSize = isOneSize(product);
  const chosen = oneSize ? sizes[0]!.size : size;
  const ask = [colours.length > 1 && 'colour', !oneSize && 'size'].filter(Boolean).join(' and ');
  return (
    <Modal title={`Choose a ${ask}: ${product.name}`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {colours.length > 1 && (
          <ColourPicker
            colours={colours}
            value={colour}
            soldOutDisabled
            onChange={(c) => {
              setColour(c);
              // A size sold out in the new colour is no choice.
              if (
                !colours
                  .find((x) => x.name === c)!
                  .sizes.some((s) => s.size === size && s.quantity > 0)
              )
                setSize(undefined);
            }}
          />
        )}
        {!oneSize && <SizePicker sizes={sizes} value={size} onChange={setSize} />}
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!chosen || !(sizes.find((s) => s.size === chosen)?.quantity ?? 0)}
          onClick={() => {
            onAdd(chosen as ProductSize, colour);
            onClose();
          }}
        >
          ADD TO CART
        </Button>
      </div>
    </Modal>
  );
}

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
        <Price value={product.price} size="sm" className="mt-auto pt-1" />
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
        <VariantChooser
          product={product}
          onAdd={(size, colour) => onAddToCart(product, size, colour)}
          onClose={() => setChoosing(false)}
        />
      )}
    </article>
  );
}
